// The fetch stage's work: every content type in every language (./content-lists, paged by
// ./paging), the taxonomy terms (./term-index), the menu (./menu) and the notifications — all
// through the one bounded client. Content lists go a few at a time: enough to keep the client's
// slots busy, few enough that each list is normalized soon after it arrived, so the raw answers of
// every list never wait in memory together for the sanitizer. Any request that finally fails rejects
// the whole stage, and stops the others: nothing is published half-fetched.
import { setMaxListeners } from 'node:events';
import pLimit from 'p-limit';
import type { ContentClient } from './client';
import { ContentLists, sha256, type ListStore, type RevisionInfo, type Skipped } from './content-lists';
import { parseMenu, type RawMenuEntry } from './menu';
import { DRAFT_QUERIES, menuVariables, QUERIES } from './queries';
import { MediaRefs, type MediaSink } from '../media/media-refs';
import { forgetIssuedTokens } from '../media/media-tokens';
import type { NormalizeMemo } from './normalize-memo';
import { normalizeItem, type NormalizeContext } from './normalize';
import { fetchAllPages, isShort, type FetchedList } from './paging';
import type { Raw } from './read-raw';
import { Terms } from './term-index';
import type { ContentItem, Locale, NodeType, Notification } from '../model/content-types';
import { NODE_TYPES } from '../model/content-types';

/**
 * How many content lists are fetched and normalized at a time. Each asks for up to a window of
 * pages together (./paging), so a few keep the client's slots filled while another is normalized.
 */
export const LISTS_AT_ONCE = 8;

export interface FetchedContent {
  /** Published items with a publishable path, per language, per type in CMS order. */
  items: Map<Locale, Map<NodeType, ContentItem[]>>;
  notifications: Map<Locale, Notification[]>;
  /** The menu query's answer per language: topic alias → entries in CMS order. */
  menus: Map<Locale, Map<string, RawMenuEntry[]>>;
  /** Items left out, with the reason (reported as warnings). */
  skipped: Skipped[];
  /** Lists that came back incomplete. */
  warnings: string[];
  /** Content lists taken whole from an earlier build (not fetched), of how many. */
  lists: { kept: number; total: number };
  /** The preview's draft view only: each item's revision, by revisionKey() (./content-lists). */
  revisions?: ReadonlyMap<string, RevisionInfo>;
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
  /** The preview's draft view: latest revisions, drafts included; never a build (docs/drafts.md). */
  drafts?: boolean;
}

export async function fetchContent(client: ContentClient, options: FetchOptions): Promise<FetchedContent> {
  const { locales, base, mediaOrigins, memo, store } = options;
  const types = NODE_TYPES.filter((type) => type !== 'notifications');
  const tick = progress(options.onProgress, locales.length * (types.length + 3));
  // One failed request fails the stage: the others stop retrying then, instead of filling the
  // terminal after the error with attempts whose answer nobody will read.
  const abort = new AbortController();
  // Every request in flight or waiting to retry listens to it: hundreds on a large site, by design.
  const signal = options.signal ? AbortSignal.any([abort.signal, options.signal]) : abort.signal;
  setMaxListeners(0, signal);
  const request = { signal };
  const warnings: string[] = [];
  /** The list's entities; a list with fewer than the CMS counted is published as it came, and said. */
  const complete = (fetched: FetchedList, what: string): Raw[] => {
    if (isShort(fetched)) warnings.push(`${what}: the CMS counted ${fetched.reported} but sent ${fetched.entities.length + fetched.leftOut.length} distinct items (edited during the build, or its paging is inconsistent)`);
    return fetched.entities;
  };
  const terms = new Terms();
  const termsSeen = new Map<Locale, Raw[]>();
  const termsReady = Promise.all(
    locales.map((locale) =>
      tick(fetchAllPages(client, QUERIES.termsPage, { langcode: locale }, 'taxonomyTermQuery', 'tid', request)).then((fetched) => {
        termsSeen.set(locale, complete(fetched, `taxonomy terms (${locale})`));
        for (const raw of fetched.entities) terms.add(locale, raw);
      }),
    ),
  ).then(() => store?.scope(sha256(JSON.stringify([base, [...mediaOrigins].sort(), locales.map((locale) => termsSeen.get(locale))]))));
  const media = new MediaRefs(base, options.onMedia);
  const context = (locale: Locale, refs = media): NormalizeContext => ({ locale, base, mediaOrigins, media: refs, terms, html: memo?.html, drafts: options.drafts });
  const skipped: Skipped[] = [];
  const listsAtOnce = pLimit(LISTS_AT_ONCE);
  const lists = new ContentLists({ client, request, context, termsReady, onMedia: options.onMedia, base, memo, store, complete, skipped, drafts: options.drafts });

  const [notifications, menus] = await Promise.all([
    Promise.all(locales.map((locale) => tick(fetchAllPages(client, QUERIES.notifications, { language: locale }, 'nodeQuery', 'nid', request)).then((fetched) => complete(fetched, `notifications (${locale})`)))),
    Promise.all(locales.map((locale) => tick(client.request<unknown>(options.drafts ? DRAFT_QUERIES.menu : QUERIES.menu, menuVariables(locale), request)))),
    Promise.all(listOrder(locales, types, store).map(([locale, type]) => tick(listsAtOnce(() => lists.list(locale, type))))),
    termsReady,
  ]).catch((error: unknown) => {
    abort.abort();
    throw error;
  }).finally(forgetIssuedTokens);
  // Lists finish in any order; keep the types in schema order for stable output.
  const items = new Map(locales.map((locale) => {
    const byType = lists.items.get(locale) ?? new Map<NodeType, ContentItem[]>();
    return [locale, new Map(types.filter((type) => byType.has(type)).map((type) => [type, byType.get(type)!]))];
  }));
  const notificationMap = new Map<Locale, Notification[]>();
  for (const [i, locale] of locales.entries()) notificationMap.set(locale, await normalizeNotifications(notifications[i]!, context(locale)));
  const menuMap = new Map(locales.map((locale, i) => [locale, parseMenu(menus[i], options.drafts)]));
  return { items, notifications: notificationMap, menus: menuMap, skipped, warnings, lists: { kept: lists.taken, total: locales.length * types.length }, ...(options.drafts ? { revisions: lists.revisions } : {}) };
}

/**
 * Every content list, the ones that moved since an earlier build kept them first: their pages go
 * out to the CMS before the kept lists are read, so the answers arrive while those are parsed.
 */
function listOrder(locales: Locale[], types: NodeType[], store: ListStore | undefined): [Locale, NodeType][] {
  const all = locales.flatMap((locale) => types.map((type): [Locale, NodeType] => [locale, type]));
  if (!store) return all;
  return [...all.filter(([locale, type]) => !store.unchanged(locale, type)), ...all.filter(([locale, type]) => store.unchanged(locale, type))];
}

/** Notifications have no page of their own: each gets a path so the alias check passes. */
async function normalizeNotifications(raws: Raw[], context: NormalizeContext): Promise<Notification[]> {
  const normalized: Notification[] = [];
  for (const raw of raws) {
    const result = await normalizeItem({ ...raw, entityUrl: { path: `/${context.locale}/notification-${String(raw.nid)}` } }, 'notifications', context);
    if (result.ok && result.item.type === 'notifications') normalized.push(result.item);
  }
  return normalized;
}

/** Counts settled steps of the stage for the progress bar. */
function progress(onProgress: ((done: number, total: number) => void) | undefined, total: number) {
  let done = 0;
  return <T>(promise: Promise<T>) =>
    promise.then((value) => {
      onProgress?.(++done, total);
      return value;
    });
}
