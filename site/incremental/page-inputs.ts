// What a page's HTML is made of, as one hash (docs/incremental.md). Rendering is a pure function
// of the page, its language's shared data and what the templates look up in the content index
// while rendering; `DependencyTracker` records those lookups as dependency keys, and `InputHasher` turns
// the page, the shared data and the current value of each recorded dependency into the page's
// input hash. An unchanged hash means unchanged HTML, so the previous file can be kept.
import { createHash } from 'node:crypto';
import type { ContentItem, Locale, NodeType, Wellness } from '../model/content-types';
import type { Page, SiteContext } from '../model/page-model';
import { overlayMenu } from '../model/page-model';
import { isUpcoming } from '../model/upcoming';
import { localized } from '../media/media-refs';
import { sourceText } from './item-sources';

/**
 * Site contexts whose content lookups (and `now`) are written into the dependencies of the page
 * being rendered. One context object per language, as without tracking: fragments rendered once
 * per language (templates/render-once.tsx) are cached by that object. A `<Once>` fragment reads
 * only the fields InputHasher's fingerprint covers, never the content index; a `<Reused>` one
 * shows items, and what it looked up is replayed for every page showing it (`lookups`). Every item it hands out
 * has its media made local (a build defers that until an item is read: site/stages/5-media.ts).
 */
export class DependencyTracker {
  private current: Set<string> | null = null;
  readonly sites = new Map<Locale, SiteContext>();

  constructor(sites: Map<Locale, SiteContext>) {
    for (const [locale, site] of sites) this.sites.set(locale, this.wrap(site));
  }

  /** Runs `render` and returns its result with the dependency keys it recorded. */
  record<T>(render: () => T): { result: T; deps: string[] } {
    const deps = new Set<string>();
    this.current = deps;
    try {
      return { result: render(), deps: [...deps] };
    } finally {
      this.current = null;
    }
  }

  /** What a shared fragment looked up, for the pages that show it after the first (SiteContext.lookups). */
  private readonly lookups = {
    capture: <T>(render: () => T): { result: T; keys: string[] } => {
      const page = this.current;
      const keys = new Set<string>();
      this.current = keys;
      try {
        return { result: render(), keys: [...keys] };
      } finally {
        this.current = page;
        for (const key of keys) page?.add(key);
      }
    },
    replay: (keys: readonly string[]): void => {
      for (const key of keys) this.current?.add(key);
    },
  };

  /** Lists as read by templates: each element read is a dependency on that item. */
  private readonly lists = new WeakMap<object, unknown>();

  private tracked<T extends ContentItem[]>(list: T): T {
    let proxy = this.lists.get(list) as T | undefined;
    if (!proxy) {
      const note = (key: string) => this.current?.add(key);
      proxy = new Proxy(list, {
        get(target, property, receiver) {
          if (typeof property === 'string' && /^\d+$/.test(property)) {
            const item = localized(target[Number(property)]);
            if (item) note(`get ${item.locale} ${item.nid}`);
            return item;
          }
          return Reflect.get(target, property, receiver) as unknown;
        },
      });
      this.lists.set(list, proxy);
    }
    return proxy;
  }

  private wrap(site: SiteContext): SiteContext {
    const content = site.content;
    const note = (key: string) => this.current?.add(key);
    const tracked = <T extends ContentItem[]>(list: T) => this.tracked(list);
    return {
      ...site,
      lookups: this.lookups,
      content: {
        get(locale, nid) {
          note(`get ${locale} ${nid}`);
          return localized(content.get(locale, nid));
        },
        // The list's members and order; the items a template reads are dependencies of their own
        // (a page showing the first three of a type does not change when the 400th does).
        list(locale, type) {
          note(`list ${locale} ${type}`);
          return tracked(content.list(locale, type));
        },
        hrefOf(item) {
          note(`href ${item.locale} ${item.nid}`);
          return content.hrefOf(item);
        },
        spaCategoryOf(item) {
          note(`spa ${item.locale} ${item.nid}`);
          return content.spaCategoryOf(item);
        },
        // A page showing a link depends on whether its target exists and what it is called.
        titleAt(href) {
          note(linkKey(href));
          return content.titleAt(href);
        },
        withLinks(html, base) {
          const result = content.withLinks(html, base);
          for (const target of result.targets) note(linkKey(target));
          return result;
        },
        linkField(link, base) {
          const result = content.linkField(link, base);
          if (result.target) note(linkKey(result.target));
          return result;
        },
      },
      get now() {
        note('now');
        return site.now;
      },
    };
  }
}

/**
 * The pages the notifications link to: the banner is rendered once per language
 * (templates/layout/BannerList.tsx), so where its links lead is shared by every page.
 */
export function notificationLinks(site: SiteContext): string[] {
  const base = site.routeHref('home');
  const targets = new Set<string>();
  for (const notification of site.notifications) {
    if (notification.body) for (const target of site.content.withLinks(notification.body, base).targets) targets.add(target);
    const target = notification.link && site.content.linkField(notification.link, base).target;
    if (target) targets.add(target);
  }
  return [...targets].sort();
}

/** The dependency key of a link to a same-site href: its language is the href's first segment. */
export function linkKey(href: string): string {
  return `link ${href.split('/')[1]} ${href}`;
}

const sha = (text: string) => createHash('sha256').update(text).digest('base64url');

/** Hashes of pages' inputs in one build; values of items and lookups are computed once each. */
export class InputHasher {
  private readonly items = new WeakMap<ContentItem, string>();
  private readonly values = new Map<string, string>();
  private readonly fingerprints = new Map<string, string>();

  /** `code`: the version of everything that renders (site/incremental/code-version.ts). */
  constructor(private readonly sites: Map<Locale, SiteContext>, private readonly code: string) {}

  /** The hash a page has with these dependencies, from current content. */
  pageHash(page: Page, deps: Iterable<string>): string {
    // One string, hashed in one call: a call per dependency crosses into native code each time.
    let text = this.fingerprint(page.locale, page.kind === 'menu') + JSON.stringify({ ...page, item: page.item && this.itemHash(page.item), items: page.items.map((item) => this.itemHash(item)) });
    for (const key of [...deps].sort()) text += `\n${key}=${this.value(key)}`;
    return sha(text);
  }

  /**
   * What every page of a language shares: code, config, assets, strings, menu, notifications. Of
   * the menu, only the menu page shows the items; other pages show the overlay's part of it
   * (docs/menu.md), so an edited title does not change them.
   */
  private fingerprint(locale: Locale, menuPage: boolean): string {
    const key = `${locale} ${menuPage ? 'menu page' : 'page'}`;
    let known = this.fingerprints.get(key);
    if (known === undefined) {
      const site = this.sites.get(locale);
      if (!site) throw new Error(`no site data for language ${locale}`);
      const { config, messages, notifications, assets, year } = site;
      const menu = menuPage ? site.menu : overlayMenu(site.menu);
      const links = notificationLinks(site).map((href) => [href, site.content.titleAt(href)]);
      known = sha(JSON.stringify({ code: this.code, config, messages, menu, notifications, links, assets, year }));
      this.fingerprints.set(key, known);
    }
    return known;
  }

  /**
   * An item as pages show it: its source and media files (./item-sources.ts) with its resolved
   * tiles, or, for an item without a known source, its JSON.
   */
  private itemHash(item: ContentItem): string {
    let known = this.items.get(item);
    if (known === undefined) {
      const source = sourceText(item);
      if (source === null) known = sha(JSON.stringify(localized(item)));
      else {
        // The source is a hash already: hashed again only with the tiles resolved now.
        let tiles = '';
        for (const paragraph of item.paragraphs) if (paragraph.kind === 'block_tiles') tiles += `\n${JSON.stringify(paragraph.tiles)}`;
        known = tiles ? sha(source + tiles) : source;
      }
      this.items.set(item, known);
    }
    return known;
  }

  /** The current value of a dependency key, as a short string. */
  private value(key: string): string {
    let known = this.values.get(key);
    if (known !== undefined) return known;
    const [kind, locale, id] = key.split(' ') as [string, Locale, string];
    const content = this.sites.get(locale)?.content ?? [...this.sites.values()][0]!.content;
    const item = () => content.get(locale, Number(id));
    switch (kind) {
      case 'get': {
        const found = item();
        known = found ? this.itemHash(found) : '-';
        break;
      }
      case 'list':
        known = sha(content.list(locale, id as NodeType).map((entry) => entry.nid).join());
        break;
      case 'href': {
        const found = item();
        known = found ? content.hrefOf(found) : '-';
        break;
      }
      case 'spa': {
        const found = item();
        known = found?.type === 'wellness' ? JSON.stringify(content.spaCategoryOf(found as Wellness)) : '-';
        break;
      }
      case 'now':
        known = this.upcoming();
        break;
      case 'link':
        known = content.titleAt(id) ?? '-';
        break;
      default:
        // A key this version does not know (a cache from another version): never equal.
        known = `unknown ${Math.random()}`;
    }
    this.values.set(key, known);
    return known;
  }

  /**
   * What templates derive from `now`: which events are upcoming. A page that read `now` changes
   * when an event passes, not every time the clock moves.
   */
  private upcoming(): string {
    const ids: string[] = [];
    for (const [locale, site] of this.sites) {
      const now = site.now;
      for (const event of site.content.list(locale, 'events')) if (isUpcoming(event, now)) ids.push(`${locale}${event.nid}`);
    }
    return sha(ids.join());
  }
}
