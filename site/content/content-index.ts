// Lookups over the linkable content (page-model's ContentIndex) and the one place that knows where
// a link to an item goes (docs/site.md, "The menu": an item with a sublist value goes to the spa
// treatments list — preselected with the item's category — or to the route the value names).
import type { ContentIndex, PublishedLink } from '../model/page-model';
import type { ItemsByLocale } from '../routes/route-map';
import { FIXED_ROUTES, MENU_ROUTE, listRouteOf, routeForSublist, type FixedRoute } from '../model/route-table';
import { collisionKey } from '../routes/alias';
import { hrefOfPath } from '../routes/url-to-file';
import { NODE_TYPES, type ContentItem, type Html, type ItemOf, type Link, type Locale, type NodeType, type Term, type Wellness } from '../model/content-types';
import { isGenericLinkText, rewriteLinks, sameSiteHref, type LinkedHtml } from './internal-links';

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** What checking links needs beyond the items: the site's own origin, and a fixed route's name. */
export interface LinkSettings {
  siteUrl: string | null;
  /** The name of a fixed route without a CMS node of its own (the UI strings'). */
  routeTitle: (locale: Locale, routeId: string) => string;
}

export function createContentIndex(linkable: ItemsByLocale, links: LinkSettings = { siteUrl: null, routeTitle: (_, id) => id }): ContentIndex {
  const byNid = new Map<Locale, Map<number, ContentItem>>();
  const spaCategories = new Map<Locale, Map<string, Term>>();
  // A wellness item's preselect term belongs to wellness_treatment_categories, the treatments to
  // spa_treatment_categories: the same term if the CMS uses one vocabulary, else the one of the
  // same name.
  const spaCategoryOf = (item: Wellness): Term | null => {
    const term = item.preselectCategory;
    if (!term) return null;
    let terms = spaCategories.get(item.locale);
    if (!terms) {
      terms = new Map();
      for (const treatment of linkable.get(item.locale)?.get('spa_treatments') ?? []) {
        if (treatment.type !== 'spa_treatments') continue;
        for (const category of treatment.categories) {
          terms.set(`tid:${category.tid}`, category);
          terms.set(`name:${category.name.toLowerCase()}`, category);
        }
      }
      spaCategories.set(item.locale, terms);
    }
    return terms.get(`tid:${term.tid}`) ?? terms.get(`name:${term.name.toLowerCase()}`) ?? null;
  };
  for (const [locale, byType] of linkable) {
    const map = new Map<number, ContentItem>();
    for (const list of byType.values()) for (const item of list) map.set(item.nid, item);
    byNid.set(locale, map);
  }
  const siteOrigin = links.siteUrl ? originOf(links.siteUrl) : null;
  let titles: Map<string, string> | null = null;
  // Every page a link may lead to, by href: the fixed routes (their CMS node's title, else their
  // name) and the menu page, then each item's own page.
  const titleAt = (href: string): string | null => {
    if (!titles) {
      titles = new Map();
      for (const [locale, map] of byNid) {
        const byPath = new Map<string, ContentItem>();
        for (const item of map.values()) byPath.set(collisionKey(item.path), item);
        const intros = new Set<ContentItem>();
        for (const route of [...FIXED_ROUTES, MENU_ROUTE]) {
          const intro = route.kind === 'menu' ? undefined : byPath.get(collisionKey(route.paths[locale]));
          if (intro) intros.add(intro);
          titles.set(hrefOfPath(route.paths[locale]), intro?.title ?? links.routeTitle(locale, route.id));
        }
        // A fixed route's node has no page of its own, whatever the case of its path.
        for (const item of map.values()) if (!intros.has(item)) titles.set(hrefOfPath(item.path), item.title);
      }
    }
    return titles.get(href) ?? null;
  };
  // One result per text: the same notification is shown on every page. A text with a relative
  // link depends on the page, and is worked out for each.
  const linked = new Map<string, LinkedHtml | 'relative'>();
  const withLinks = (html: Html, base: string) => {
    let known = linked.get(html);
    if (known === undefined || known === 'relative') {
      const result = rewriteLinks(html, base, siteOrigin, titleAt);
      if (known === undefined) linked.set(html, result.relative ? 'relative' : result);
      known = result;
    }
    return { html: known.html as Html, targets: known.targets };
  };
  const linkField = (link: Link, base: string): PublishedLink => {
    const target = link.external ? null : sameSiteHref(link.href, base, siteOrigin);
    if (!target) return { href: link.href, hidden: null, target: null };
    const title = titleAt(target);
    if (title === null) return { href: null, hidden: null, target };
    return { href: link.href, hidden: isGenericLinkText(link.title) ? title : null, target };
  };
  return {
    titleAt,
    withLinks,
    linkField,
    get: (locale, nid) => byNid.get(locale)?.get(nid),
    list: <T extends NodeType>(locale: Locale, type: T) => (linkable.get(locale)?.get(type) ?? []) as ItemOf<T>[],
    spaCategoryOf,
    hrefOf: (item) => hrefOf(item, spaCategoryOf),
  };
}

/** Where a link to `item` goes; `spaCategoryOf` picks the treatments category to preselect. */
export function hrefOf(item: ContentItem, spaCategoryOf: (item: Wellness) => Term | null = (wellness) => wellness.preselectCategory): string {
  const target = sublistTarget(item);
  if (!target) return hrefOfPath(item.path);
  const href = hrefOfPath(target.paths[item.locale]);
  const category = item.type === 'wellness' && target.listType === 'spa_treatments' ? spaCategoryOf(item) : null;
  return category ? `${href}?category=${category.tid}` : href;
}

function sublistTarget(item: ContentItem): FixedRoute | undefined {
  const value = item.type === 'wellness' ? item.sublistContentType : item.type === 'aboutus' ? item.sublist : null;
  if (!value) return undefined;
  const asType = (NODE_TYPES as readonly string[]).includes(value) ? listRouteOf(value as NodeType) : undefined;
  return asType ?? routeForSublist(value);
}
