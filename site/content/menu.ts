// The menu query's answer of one language: each topic's entries in CMS order.
import { MENU_TOPICS } from '../model/route-table';
import { isUnpublished, str as textField } from './normalize';
import { int, list, obj, str } from './read-raw';

export interface RawMenuEntry {
  nid: number;
  title: string;
  path: string | null;
  status: boolean;
}

/**
 * Topic alias → entries. In the preview's draft view an entry's revision may be an unpublished
 * draft: every entry counts, and what draft view does not show finds no page (site/render/site-data.ts).
 */
export function parseMenu(answer: unknown, drafts = false): Map<string, RawMenuEntry[]> {
  const data = obj(answer);
  const topics = new Map<string, RawMenuEntry[]>();
  for (const { alias } of MENU_TOPICS) {
    const entries: RawMenuEntry[] = [];
    for (const entity of list(obj(data?.[alias])?.entities)) {
      const translation = obj(entity.entityTranslation);
      const nid = int(translation?.nid);
      if (!translation || nid === null) continue;
      entries.push({ nid, title: textField(translation.title) ?? '', path: str(obj(translation.entityUrl)?.path), status: drafts || !isUnpublished(translation.status) });
    }
    topics.set(alias, entries);
  }
  return topics;
}
