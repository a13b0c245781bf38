// The fetch stage: every content type in every language, paged with offset (SPEC: page size 50;
// see fetchAllPages), the taxonomy terms, the menu and the notifications — all through the one
// bounded client, every list at once so the concurrency limit is the throttle. Then normalization
// (./normalize). Any request that finally fails rejects the whole stage, and stops the others:
// nothing is published half-fetched.
import { createHash } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { ContentClient, RequestOptions } from './client';
import { menuVariables, QUERIES, type Operation } from './queries';
import { MediaRefs, type MediaSink } from '../media/media-refs';
import type { NormalizeMemo } from './normalize-memo';
import { isUnpublished, normalizeItem, type NormalizeContext, type NormalizeResult, type TermIndex } from './normalize';
import { int, list, obj, str, type Raw } from './read-raw';
import type { ContentItem, Locale, NodeType, Notification, Term } from './types';
import { NODE_TYPES } from './types';
import { MENU_TOPICS } from '../routes/route-table';

/** SPEC section 9: query page size 50 per content type. */
export const PAGE_SIZE = 50;
/** A count beyond this is a backend bug, not a hotel: stop there instead of paging forever. */
const MAX_ITEMS_PER_LIST = 100_000;

export interface RawMenuEntry {
  nid: number;
  title: string;
  path: string | null;
  status: boolean;
}

export interface FetchedContent {
  /** Published items with a publishable path, per language, per type in CMS order. */
  items: Map<Locale, Map<NodeType, ContentItem[]>>;
  notifications: Map<Locale, Notification[]>;
  /** The menu query's answer per language: topic alias → entries in CMS order. */
  menus: Map<Locale, Map<string, RawMenuEntry[]>>;
  /** Items left out, with the reason (reported as warnings). */
  skipped: { locale: Locale; type: NodeType; nid: number | null; reason: string }[];
  /** Lists that came back incomplete. */
  warnings: string[];
  /** Content lists taken whole from an earlier build (not fetched), of how many. */
  lists: { kept: number; total: number };
}

export interface FetchOptions {
  locales: Locale[];
  /** CMS origin, for relative URLs. */
  base: string;
  /** Origins media are downloaded from (site/media/media-policy.ts). */
  mediaOrigins: ReadonlySet<string>;
  /** Hears of every media URL the content references, as soon as it is met (the media stage). */
  onMedia: MediaSink;
  onProgress?: (done: number, total: number) => void;
  /** Items normalized before from the same answer objects (watch). */
  memo?: NormalizeMemo;
  /** Lists normalized by an earlier build (build: site/incremental/list-snapshots.ts). */
  store?: ListStore;
  /** Stops every request (Ctrl-C). */
  signal?: AbortSignal;
}

/** An item as normalized, with the key of its raw answer and the media URLs (and owners) it named. */
export interface NormalizedEntry {
  key: string;
  result: NormalizeResult;
  media: [url: string, owner: string][];
}

/** Content lists normalized by an earlier build, kept between builds. */
export interface ListStore {
  /** What every item's normalizing shares besides its raw answer; lists kept under another are not used. */
  scope(scope: string): void;
  /** The CMS reports the list unchanged since it was kept (its scope is checked by take()). */
  unchanged(locale: Locale, type: NodeType): boolean;
  /** The list, when it is unchanged and was kept under this scope: it is not fetched at all. */
  take(locale: Locale, type: NodeType): Promise<NormalizedEntry[] | null>;
  /** The list as last kept (under this scope), to reuse the items whose raw answer did not change. */
  previous(locale: Locale, type: NodeType): Promise<NormalizedEntry[]>;
  /** The list as normalized now, complete and in CMS order, for the next build. */
  keep(locale: Locale, type: NodeType, entries: NormalizedEntry[]): void;
}

type Page = { count: number; entities: Raw[] };

function pageOf(data: unknown, field: 'nodeQuery' | 'taxonomyTermQuery'): Page {
  const result = obj(obj(data)?.[field]);
  const entities = list(result?.entities);
  const count = int(result?.count);
  return { count: count !== null && count >= 0 ? Math.min(count, MAX_ITEMS_PER_LIST) : entities.length, entities };
}

/** Pages of one list requested together after the first: enough to keep the client's slots busy. */
const WINDOW = 16;

export interface FetchedList {
  /** Distinct entities, first copy of each id, in CMS order. */
  entities: Raw[];
  /** The largest `count` any page reported. */
  reported: number;
}

/**
 * All pages of a list. The first page tells `count`; the next pages are requested a window at a
 * time, until the largest count any page reported is reached. A short page ends the list early (a
 * count that overstates, as a backend bug may: no thousands of empty pages), and so does a window
 * that brings no new item (a backend ignoring `offset`).
 */
export async function fetchAllPages(
  client: ContentClient,
  operation: Operation,
  variables: Record<string, unknown>,
  field: 'nodeQuery' | 'taxonomyTermQuery',
  idField: 'nid' | 'tid',
  options: RequestOptions = {},
): Promise<FetchedList> {
  const request = (offset: number) =>
    client.request<unknown>(operation, { ...variables, offset, limit: PAGE_SIZE }, options).then((data) => pageOf(data, field));
  // Items edited during the build can shift between pages: keep the first copy of each id.
  const seen = new Set<unknown>();
  const entities: Raw[] = [];
  const take = (page: Page) => {
    const before = entities.length;
    for (const entity of page.entities) {
      const id = entity[idField];
      if (id == null || seen.has(id)) continue;
      seen.add(id);
      entities.push(entity);
    }
    return entities.length > before;
  };
  const first = await request(0);
  take(first);
  let reported = first.count;
  let ended = first.entities.length < PAGE_SIZE;
  for (let offset = PAGE_SIZE; !ended && offset < reported; ) {
    const offsets: number[] = [];
    for (; offset < reported && offsets.length < WINDOW; offset += PAGE_SIZE) offsets.push(offset);
    let grew = false;
    for (const page of await Promise.all(offsets.map(request))) {
      grew = take(page) || grew;
      reported = Math.max(reported, page.count);
      if (page.entities.length < PAGE_SIZE) ended = true;
    }
    if (!grew) ended = true;
  }
  return { entities, reported };
}

class Terms implements TermIndex {
  private readonly byLocale = new Map<Locale, Map<string, Term>>();

  add(locale: Locale, raw: Raw): void {
    const tid = int(raw.tid);
    const name = str(raw.name);
    if (tid === null || !name) return;
    let terms = this.byLocale.get(locale);
    if (!terms) this.byLocale.set(locale, (terms = new Map()));
    terms.set(String(tid), { tid, name, vocabulary: str(obj(raw.vid)?.targetId) ?? '', weight: int(raw.weight) ?? 0, icon: null });
  }

  /** The term in the language, else in any language (an untranslated term keeps its name). */
  get(locale: Locale, tid: string): Term | null {
    const own = this.byLocale.get(locale)?.get(tid);
    if (own) return own;
    for (const terms of this.byLocale.values()) {
      const other = terms.get(tid);
      if (other) return other;
    }
    return null;
  }
}

export async function fetchContent(client: ContentClient, options: FetchOptions): Promise<FetchedContent> {
  const { locales, base } = options;
  const types = NODE_TYPES.filter((type) => type !== 'notifications');
  const total = locales.length * (types.length + 3);
  let done = 0;
  const tick = <T>(promise: Promise<T>) =>
    promise.then((value) => {
      options.onProgress?.(++done, total);
      return value;
    });

  // One failed request fails the stage: the others stop retrying then, instead of filling the
  // terminal after the error with attempts whose answer nobody will read.
  const abort = new AbortController();
  // Every request in flight or waiting to retry listens to it: hundreds on a large site, by design.
  const signal = options.signal ? AbortSignal.any([abort.signal, options.signal]) : abort.signal;
  setMaxListeners(0, signal);
  const stage: RequestOptions = { signal };

  const termIndex = new Terms();
  const termsSeen = new Map<Locale, Raw[]>();
  const media = new MediaRefs(base, options.onMedia);
  const mediaOrigins = options.mediaOrigins;
  const skipped: FetchedContent['skipped'] = [];
  const warnings: string[] = [];
  /** The list's entities; a list with fewer than the CMS counted is published as it came, and said. */
  const checkComplete = (fetched: FetchedList, what: string): Raw[] => {
    if (fetched.entities.length < fetched.reported) {
      warnings.push(`${what}: the CMS counted ${fetched.reported} but sent ${fetched.entities.length} distinct items (edited during the build, or its paging is inconsistent)`);
    }
    return fetched.entities;
  };
  const items: FetchedContent['items'] = new Map(locales.map((locale) => [locale, new Map()]));

  const termsReady = Promise.all(
    locales.map((locale) =>
      tick(fetchAllPages(client, QUERIES.termsPage, { langcode: locale }, 'taxonomyTermQuery', 'tid', stage)).then((fetched) => {
        checkComplete(fetched, `taxonomy terms (${locale})`);
        for (const raw of fetched.entities) termIndex.add(locale, raw);
        termsSeen.set(locale, fetched.entities);
      }),
    ),
  ).then(() => {
    options.store?.scope(sha256(JSON.stringify([base, [...mediaOrigins].sort(), locales.map((locale) => termsSeen.get(locale))])));
  });
  // Each list is normalized as soon as it (and the terms) arrived, while other lists are still on
  // the wire: sanitizing HTML is the costly part, and this way it overlaps with waiting for the CMS.
  const memo = options.memo;
  const store = options.store;
  /** normalizeItem(), or what it gave for this very raw object before (watch: ./normalize-memo). */
  const normalizeOnce = async (raw: Raw, type: NodeType, ctx: NormalizeContext) => {
    const known = memo?.get(raw);
    if (known) return known;
    const result = await normalizeItem(raw, type, ctx);
    memo?.record(raw, result);
    return result;
  };
  // Let answers of other requests in between, so the CMS is never kept waiting on us.
  const breathe = (i: number) => (i % 25 === 24 ? new Promise((resolve) => setImmediate(resolve)) : null);
  /** A kept item's media: the media stage must hear of them as if it had been normalized now. */
  const replayMedia = (entry: NormalizedEntry) => {
    for (const [url, owner] of entry.media) options.onMedia(url, owner);
  };
  const publish = (locale: Locale, type: NodeType, results: Iterable<NormalizeResult>) => {
    const normalized: ContentItem[] = [];
    for (const result of results) {
      if (result.ok) normalized.push(result.item);
      else skipped.push({ locale, type, nid: result.nid, reason: result.reason });
    }
    items.get(locale)!.set(type, normalized);
  };
  const normalizeList = async (locale: Locale, type: NodeType, raws: Raw[]) => {
    await termsReady;
    const ctx: NormalizeContext = { locale, base, mediaOrigins, media, terms: termIndex, html: memo?.html };
    const results: NormalizeResult[] = [];
    for (const [i, raw] of raws.entries()) {
      await breathe(i);
      results.push(await normalizeOnce(raw, type, ctx));
    }
    publish(locale, type, results);
  };
  /** The list normalized with what the store kept: items whose raw answer did not change are taken as they were. */
  const normalizeKept = async (store: ListStore, locale: Locale, type: NodeType, fetched: FetchedList, what: string) => {
    await termsReady;
    const kept = new Map((await store.previous(locale, type)).map((entry) => [entry.key, entry]));
    const entries: NormalizedEntry[] = [];
    for (const [i, raw] of checkComplete(fetched, what).entries()) {
      await breathe(i);
      const key = sha256(`${type} ${locale} ${JSON.stringify(raw)}`);
      const known = kept.get(key);
      if (known) {
        replayMedia(known);
        entries.push(known);
        continue;
      }
      const named: [string, string][] = [];
      const listening = new MediaRefs(base, (url, owner) => {
        named.push([url, owner]);
        options.onMedia(url, owner);
      });
      entries.push({ key, result: await normalizeItem(raw, type, { locale, base, mediaOrigins, media: listening, terms: termIndex, html: memo?.html }), media: named });
    }
    // A list the CMS sent short is fetched again next time.
    if (fetched.entities.length >= fetched.reported) store.keep(locale, type, entries);
    publish(locale, type, entries.map((entry) => entry.result));
  };
  let listsTaken = 0;
  /** One content list: taken whole from the store when the CMS reports it unchanged, else fetched. */
  const contentList = async (locale: Locale, type: NodeType) => {
    const what = `${type} (${locale})`;
    if (store?.unchanged(locale, type)) {
      await termsReady;
      const whole = await store.take(locale, type);
      if (whole) {
        listsTaken++;
        whole.forEach(replayMedia);
        publish(locale, type, whole.map((entry) => entry.result));
        return;
      }
    }
    const fetched = await fetchAllPages(client, QUERIES.contentPage, { type, langcode: locale }, 'nodeQuery', 'nid', stage);
    await (store ? normalizeKept(store, locale, type, fetched, what) : normalizeList(locale, type, checkComplete(fetched, what)));
  };

  const [notifications, menus] = await Promise.all([
    Promise.all(
      locales.map((locale) =>
        tick(fetchAllPages(client, QUERIES.notifications, { language: locale }, 'nodeQuery', 'nid', stage)).then((fetched) => checkComplete(fetched, `notifications (${locale})`)),
      ),
    ),
    Promise.all(locales.map((locale) => tick(client.request<unknown>(QUERIES.menu, menuVariables(locale), stage)))),
    Promise.all(locales.flatMap((locale) => types.map((type) => tick(contentList(locale, type))))),
    termsReady,
  ]).catch((error: unknown) => {
    abort.abort();
    throw error;
  });
  // Lists finish in any order; keep the types in schema order for stable output.
  for (const [locale, byType] of items) items.set(locale, new Map(types.filter((type) => byType.has(type)).map((type) => [type, byType.get(type)!])));

  const notificationMap: FetchedContent['notifications'] = new Map();
  for (const [i, locale] of locales.entries()) {
    const ctx: NormalizeContext = { locale, base, mediaOrigins, media, terms: termIndex, html: memo?.html };
    const normalized: Notification[] = [];
    for (const raw of notifications[i]!) {
      // Notifications have no page of their own: give them a path so the alias check passes.
      const result = await normalizeItem({ ...raw, entityUrl: { path: `/${locale}/notification-${String(raw.nid)}` } }, 'notifications', ctx);
      if (result.ok && result.item.type === 'notifications') normalized.push(result.item);
    }
    notificationMap.set(locale, normalized);
  }

  const menuMap: FetchedContent['menus'] = new Map();
  for (const [i, locale] of locales.entries()) {
    const data = obj(menus[i]);
    const topics = new Map<string, RawMenuEntry[]>();
    for (const { alias } of MENU_TOPICS) {
      const entries: RawMenuEntry[] = [];
      for (const entity of list(obj(data?.[alias])?.entities)) {
        const translation = obj(entity.entityTranslation);
        const nid = int(translation?.nid);
        if (!translation || nid === null) continue;
        entries.push({ nid, title: str(translation.title) ?? '', path: str(obj(translation.entityUrl)?.path), status: !isUnpublished(translation.status) });
      }
      topics.set(alias, entries);
    }
    menuMap.set(locale, topics);
  }

  return { items, notifications: notificationMap, menus: menuMap, skipped, warnings, lists: { kept: listsTaken, total: locales.length * types.length } };
}


function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}
