// Lookups over the linkable content (page-model's ContentIndex) and the one place that knows where
// a link to an item goes (docs/site.md, "The menu": an item with a sublist value goes to the spa
// treatments list — preselected with the item's category — or to the route the value names).
import type { ContentIndex } from '../model/page-model';
import type { ItemsByLocale } from '../routes/route-map';
import { listRouteOf, routeForSublist, type FixedRoute } from '../model/route-table';
import { hrefOfPath } from '../routes/url-to-file';
import { NODE_TYPES, type ContentItem, type ItemOf, type Locale, type NodeType, type Term, type Wellness } from '../model/content-types';

export function createContentIndex(linkable: ItemsByLocale): ContentIndex {
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
  return {
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
