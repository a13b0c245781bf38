// All pages of one list, paged with offset in pages of 50 items per content type, the page size
// the CMS allows. An entity the CMS counts but sends as null (the caller may not view it) or
// unpublished is one item left out, never the end of the list.
import type { ContentClient, RequestOptions } from './client';
import { isUnpublished } from './normalize';
import type { Operation } from './queries';
import { int, obj, type Raw } from './read-raw';

export const PAGE_SIZE = 50;
/** A count beyond this is a backend bug, not a hotel: stop there instead of paging forever. */
const MAX_ITEMS_PER_LIST = 100_000;
/** Pages of one list requested together after the first: enough to keep the client's slots busy. */
const WINDOW = 16;

export interface LeftOut {
  id: number | null;
  reason: string;
}

export interface FetchedList {
  /** Distinct published entities, first copy of each id, in CMS order. */
  entities: Raw[];
  /** The largest `count` any page reported. */
  reported: number;
  /** Entities counted but not published: sent as null (not visible to the caller) or unpublished. */
  leftOut: LeftOut[];
}

const HIDDEN = 'sent as null (not visible to the CMS account)';
const UNPUBLISHED = 'unpublished (status 0), although only published items were asked for';

/** `size` is the page's length as sent, nulls included: only a page shorter than asked for ends the list. */
type Page = { count: number; size: number; entities: unknown[] };

function pageOf(data: unknown, field: 'nodeQuery' | 'taxonomyTermQuery'): Page {
  const result = obj(obj(data)?.[field]);
  const entities = Array.isArray(result?.entities) ? (result.entities as unknown[]) : [];
  const count = int(result?.count);
  return { count: count !== null && count >= 0 ? Math.min(count, MAX_ITEMS_PER_LIST) : entities.length, size: entities.length, entities };
}

/**
 * The first page tells `count`; the next pages are requested a window at a time, until the
 * largest count any page reported is reached. A short page ends the list early (a count that
 * overstates, as a backend bug may: no thousands of empty pages), and so does a window that brings
 * nothing new (a backend ignoring `offset`).
 */
export async function fetchAllPages(
  client: ContentClient,
  operation: Operation,
  variables: Record<string, unknown>,
  field: 'nodeQuery' | 'taxonomyTermQuery',
  idField: 'nid' | 'tid',
  options: RequestOptions = {},
  /** Which entities the list keeps: published ones, or in the preview's draft view drafts too. */
  keeps: (entity: Raw) => boolean = (entity) => !isUnpublished(entity.status),
): Promise<FetchedList> {
  const request = (offset: number) =>
    client.request<unknown>(operation, { ...variables, offset, limit: PAGE_SIZE }, options).then((data) => pageOf(data, field));
  // Items edited during the build can shift between pages: keep the first copy of each id.
  const seen = new Set<unknown>();
  const entities: Raw[] = [];
  const leftOut: LeftOut[] = [];
  const take = (page: Page) => {
    const before = entities.length + leftOut.length;
    for (const value of page.entities) {
      const entity = obj(value);
      if (!entity) {
        leftOut.push({ id: null, reason: HIDDEN });
        continue;
      }
      const id = entity[idField];
      if (id == null || seen.has(id)) continue;
      seen.add(id);
      if (keeps(entity)) entities.push(entity);
      else leftOut.push({ id: int(id), reason: UNPUBLISHED });
    }
    return entities.length + leftOut.length > before;
  };
  const first = await request(0);
  take(first);
  let reported = first.count;
  let ended = first.size < PAGE_SIZE;
  for (let offset = PAGE_SIZE; !ended && offset < reported; ) {
    const offsets: number[] = [];
    for (; offset < reported && offsets.length < WINDOW; offset += PAGE_SIZE) offsets.push(offset);
    let grew = false;
    for (const page of await Promise.all(offsets.map(request))) {
      grew = take(page) || grew;
      reported = Math.max(reported, page.count);
      if (page.size < PAGE_SIZE) ended = true;
    }
    if (!grew) ended = true;
  }
  return { entities, reported, leftOut };
}

/** Fewer items than the CMS counted, those left out included: edited during the build, or inconsistent paging. */
export function isShort(list: FetchedList): boolean {
  return list.entities.length + list.leftOut.length < list.reported;
}
