// Lookups over the linkable content (page-model's ContentIndex) and the one place that knows where
// a link to an item goes (SPEC section 2, "Menus": an item with a sublist value goes to the spa
// treatments list — preselected with the item's category — or to the route the value names).
import type { ContentIndex } from '../render/page-model';
import type { ItemsByLocale } from '../routes/route-map';
import { listRouteOf, routeForSublist, type FixedRoute } from '../routes/route-table';
import { hrefOfPath } from '../routes/url-to-file';
import { NODE_TYPES, type ContentItem, type ItemOf, type Locale, type NodeType } from './types';

export function createContentIndex(linkable: ItemsByLocale): ContentIndex {
  const byNid = new Map<Locale, Map<number, ContentItem>>();
  for (const [locale, byType] of linkable) {
    const map = new Map<number, ContentItem>();
    for (const list of byType.values()) for (const item of list) map.set(item.nid, item);
    byNid.set(locale, map);
  }
  return {
    get: (locale, nid) => byNid.get(locale)?.get(nid),
    list: <T extends NodeType>(locale: Locale, type: T) => (linkable.get(locale)?.get(type) ?? []) as ItemOf<T>[],
    hrefOf,
  };
}

export function hrefOf(item: ContentItem): string {
  const target = sublistTarget(item);
  if (!target) return hrefOfPath(item.path);
  const href = hrefOfPath(target.paths[item.locale]);
  if (item.type === 'wellness' && item.preselectCategory && target.listType === 'spa_treatments') {
    return `${href}?category=${item.preselectCategory.tid}`;
  }
  return href;
}

function sublistTarget(item: ContentItem): FixedRoute | undefined {
  const value = item.type === 'wellness' ? item.sublistContentType : item.type === 'aboutus' ? item.sublist : null;
  if (!value) return undefined;
  const asType = (NODE_TYPES as readonly string[]).includes(value) ? listRouteOf(value as NodeType) : undefined;
  return asType ?? routeForSublist(value);
}
