// Minimal content items for pure tests of routing and links.
import type { ContentItem, Locale, NodeType } from '../../site/model/content-types';

export function item(nid: number, locale: Locale, type: NodeType, path: string, extra: Record<string, unknown> = {}): ContentItem {
  return {
    nid, locale, type, path, title: `${type} ${nid}`, weight: 0, created: null, changed: 1_760_000_000, sticky: false, promote: false,
    teaser: null, body: null, metaDescription: null, images: [], paragraphs: [], ...extra,
  } as ContentItem;
}

export function byLocale(items: ContentItem[]): Map<Locale, Map<NodeType, ContentItem[]>> {
  const map = new Map<Locale, Map<NodeType, ContentItem[]>>([['de', new Map()], ['en', new Map()]]);
  for (const entry of items) {
    const types = map.get(entry.locale)!;
    const list = types.get(entry.type);
    if (list) list.push(entry);
    else types.set(entry.type, [entry]);
  }
  return map;
}
