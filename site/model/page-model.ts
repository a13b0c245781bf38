// The contract between the generator (site/) and the React templates (templates/): what one page
// is, and what every page of a language shares. Templates only read these; they never fetch.
import type { ContentItem, Html, ItemOf, Link, Locale, MenuTopic, NodeType, Notification, Term, Wellness } from './content-types';
import type { SiteSettings } from './site-settings';
import type { Changefreq, FixedRoute } from './route-table';

export type PageKind = 'home' | 'list' | 'page' | 'detail' | 'menu' | 'not-found';

export interface Page {
  kind: PageKind;
  locale: Locale;
  /** Alias form, no trailing slash, not encoded: "/de/uebernachten/turmzimmer", "/de". */
  path: string;
  /** Site-relative href of this page: encoded, with trailing slash ("/de/uebernachten/turmzimmer/"). */
  href: string;
  /** The fixed route for home, list, page and menu kinds; null for details and not-found. */
  route: FixedRoute | null;
  /**
   * Detail pages: the item. Fixed routes: the CMS node whose alias is the route's path (its body is
   * the page's text), or null when the CMS has none.
   */
  item: ContentItem | null;
  /** List pages: the listed items in CMS order (weight, then title). Empty otherwise. */
  items: ContentItem[];
  /** hrefs of this page in every language it exists in (itself included), for hreflang. */
  alternates: Partial<Record<Locale, string>>;
  /**
   * Target of the language switch (to the other language): the translation when there is one,
   * else the other language's list page of the item's type, else its home.
   */
  switchHref: string;
  changefreq: Changefreq;
  /** ISO date of the last change of the page's content, when known (sitemap lastmod). */
  lastmod: string | null;
}

/**
 * Whether search engines should index the page: canonical and hreflang links in its head, an
 * entry in the sitemap. Not the not-found pages, and not the menu page, which only repeats links
 * every list page has (docs/menu.md); robots still follow its links.
 */
export function isIndexable(page: Page): boolean {
  return page.kind !== 'not-found' && page.kind !== 'menu';
}

/** locales/<locale>.json as parsed: nested objects of strings. */
export interface Messages {
  [key: string]: string | Messages;
}

export interface Assets {
  /** href of the one content-hashed stylesheet. */
  stylesheet: string;
  /** href of the hydration entry module, or null when there is no client script. */
  script: string | null;
  /** hrefs of chunks the entry imports at once, for modulepreload. */
  preload: string[];
}

/** Lookups over everything fetched, for the language being rendered and across languages. */
export interface ContentIndex {
  /** A published item by nid in a language. */
  get(locale: Locale, nid: number): ContentItem | undefined;
  /** Published items of a type in a language, in CMS order (weight ASC, then title ASC). */
  list<T extends NodeType>(locale: Locale, type: T): ItemOf<T>[];
  /** Where a link to this item goes: its detail page, or the list its sublist field names. */
  hrefOf(item: ContentItem): string;
  /** The spa-treatment category a wellness item preselects (its preselect term, matched by id or name). */
  spaCategoryOf(item: Wellness): Term | null;
  /**
   * The title of the page at a same-site href (encoded, trailing slash), as a link to it is named,
   * or null when the site publishes no page there.
   */
  titleAt(href: string): string | null;
  /**
   * Sanitized CMS HTML as published on the page at `base` (docs/site.md, "Links in CMS text"): a
   * link to a page the site does not publish is its text, a generic link text gets the target's
   * title visually hidden. `targets`: the same-site pages it links to.
   */
  withLinks(html: Html, base: string): { html: Html; targets: readonly string[] };
  /** A CMS link field as published: no href when it leads to a page the site does not publish, the target's title when its text is generic. */
  linkField(link: Link, base: string): PublishedLink;
}

export interface PublishedLink {
  /** null: published as its text. */
  href: string | null;
  /** Visually hidden text naming the target, or null. */
  hidden: string | null;
  /** The same-site page it leads to, or null. */
  target: string | null;
}

export interface SiteContext {
  locale: Locale;
  config: SiteSettings;
  messages: Messages;
  /** The full-menu topics of this language, from the menu query. */
  menu: MenuTopic[];
  /** Published notifications of this language (the notifications query). */
  notifications: Notification[];
  content: ContentIndex;
  assets: Assets;
  /** href of a fixed route (route-table id) in this language, or in `locale`. */
  routeHref(routeId: string, locale?: Locale): string;
  /** The moment of the build: decides which events are upcoming. */
  now: Date;
  /** The year of the build (copyright line); apart from `now` so that reading it is no dependency on the clock. */
  year: number;
  /** Only in the preview's draft view (docs/drafts.md): what its notice bar says. Never in a build. */
  drafts?: DraftView;
  /**
   * Only while a build records what each page looked up (site/incremental/page-inputs.ts): a
   * fragment several pages share (templates/render-once.tsx) is rendered once, and its lookups
   * must still be every such page's.
   */
  lookups?: Lookups;
}

/** A page's content lookups, as a build records them. */
export interface Lookups {
  /** Runs `render`; what it looked up is the current page's, and is returned too. */
  capture<T>(render: () => T): { result: T; keys: string[] };
  /** Makes `keys` (from capture) the current page's lookups too. */
  replay(keys: readonly string[]): void;
}

/** The preview's draft view: the site as it will be once everything pending is published. */
export interface DraftView {
  /** href that leaves draft view. */
  leaveHref: string;
  /** The unpublished revision an item's page shows, or null when it shows as published. */
  draftOf(item: ContentItem): DraftInfo | null;
}

export interface DraftInfo {
  /** The revision shown (vid), when the CMS names it. */
  vid: number | null;
  /** When it was saved (seconds since the epoch), when known. */
  savedAt: number | null;
  /** True for an item that was never published: no published page to compare with. */
  neverPublished: boolean;
  /** What differs from the published revision (site/content/revision-diff.ts). */
  fields: DraftField[];
  /** href of the published page (the same page outside draft view), or null. */
  publishedHref: string | null;
  /** The item's edit form in the CMS: `{CMS origin}/node/{nid}/edit`. */
  editHref: string;
}

/**
 * The menu as the overlay of every page shows it (docs/menu.md): each topic with its overview link
 * and the Wellness Booking entry, without the items, which only the menu page carries. What a page
 * other than the menu page depends on of the menu (site/incremental/page-inputs.ts).
 */
export function overlayMenu(menu: readonly MenuTopic[]): MenuTopic[] {
  return menu.map((topic) => ({ ...topic, entries: topic.entries.filter((entry) => entry.opensBooking) }));
}

/** Kinds of fields a draft can change, named as an editor recognises them, in the order shown. */
export const DRAFT_FIELDS = ['title', 'text', 'pictures', 'price', 'date', 'sections', 'details'] as const;
export type DraftField = (typeof DRAFT_FIELDS)[number];
