// The content lists (one type in one language), each normalized as soon as it and the terms
// arrived, while other lists are still on the wire: sanitizing HTML is the costly part, and this
// way it overlaps with waiting for the CMS. A list an earlier build kept is taken whole when the CMS
// reports it unchanged; a moved one reuses the kept items whose raw answer did not change.
import { createHash } from 'node:crypto';
import type { ContentClient, RequestOptions } from './client';
import { MediaRefs, type MediaSink } from '../media/media-refs';
import type { NormalizeMemo } from './normalize-memo';
import { isShownAsDraft, isUnpublished, normalizeItem, type NormalizeContext, type NormalizeResult } from './normalize';
import { fetchAllPages, isShort, type FetchedList } from './paging';
import { DRAFT_QUERIES, QUERIES } from './queries';
import { int, str, type Raw } from './read-raw';
import type { ContentItem, Locale, NodeType } from '../model/content-types';

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

export interface Skipped {
  locale: Locale;
  type: NodeType;
  nid: number | null;
  reason: string;
}

export interface ListsOptions {
  client: ContentClient;
  request: RequestOptions;
  /** The normalizing context of a language (CMS origin, media origins, terms, media sink). */
  context(locale: Locale, media?: MediaRefs): NormalizeContext;
  /** Resolves once every language's terms arrived. */
  termsReady: Promise<void>;
  onMedia: MediaSink;
  base: string;
  memo?: NormalizeMemo;
  store?: ListStore;
  /** The list's entities; says so when the CMS sent fewer than it counted. */
  complete(fetched: FetchedList, what: string): Raw[];
  skipped: Skipped[];
  /** The preview's draft view: the latest revision of every item, drafts included (docs/drafts.md). */
  drafts?: boolean;
}

/** The revision a draft-view item was normalized from. */
export interface RevisionInfo {
  vid: number | null;
  /** False for a pending draft or an item never published. */
  published: boolean;
  /** When the revision was saved (seconds since the epoch). */
  changed: number | null;
}

export const revisionKey = (locale: Locale, nid: number) => `${locale} ${nid}`;

export class ContentLists {
  /** Published items per language, per type, in the order their lists arrived. */
  readonly items = new Map<Locale, Map<NodeType, ContentItem[]>>();
  /** Lists taken whole from the store. */
  taken = 0;
  /** Draft view only: the revision of each item, by revisionKey(). */
  readonly revisions = new Map<string, RevisionInfo>();

  constructor(private readonly options: ListsOptions) {}

  /** One content list: taken whole from the store when the CMS reports it unchanged, else fetched. */
  async list(locale: Locale, type: NodeType): Promise<void> {
    const { store, client, request, termsReady } = this.options;
    const drafts = this.options.drafts === true;
    if (store?.unchanged(locale, type)) {
      await termsReady;
      const whole = await store.take(locale, type);
      if (whole) {
        this.taken++;
        whole.forEach((entry) => this.replayMedia(entry));
        this.publish(locale, type, whole.map((entry) => entry.result));
        return;
      }
    }
    const operation = drafts ? DRAFT_QUERIES.contentPage : QUERIES.contentPage;
    // The list as kept is read while its pages are on the wire: parsing it then costs no waiting.
    const previous = store ? termsReady.then(() => store.previous(locale, type)) : null;
    previous?.catch(() => {}); // a failed request fails the list first; the same failure is met below
    const fetched = await fetchAllPages(client, operation, { type, langcode: locale }, 'nodeQuery', 'nid', request, drafts ? isShownAsDraft : undefined);
    if (drafts) this.recordRevisions(locale, fetched.entities);
    // Draft view leaves archived items out by design: only what the account may not see is said.
    for (const { id, reason } of fetched.leftOut) if (!drafts || id === null) this.options.skipped.push({ locale, type, nid: id, reason });
    await termsReady;
    await (store && previous ? this.normalizeKept(store, await previous, locale, type, fetched) : this.normalizeFresh(locale, type, fetched));
  }

  private async normalizeFresh(locale: Locale, type: NodeType, fetched: FetchedList): Promise<void> {
    const { memo } = this.options;
    const context = this.options.context(locale);
    const results: NormalizeResult[] = [];
    for (const [i, raw] of this.options.complete(fetched, `${type} (${locale})`).entries()) {
      await breathe(i);
      // What normalizeItem() gave for this very raw object before (watch: ./normalize-memo).
      const known = memo?.get(raw);
      const result = known ?? (await normalizeItem(raw, type, context));
      if (!known) memo?.record(raw, result);
      results.push(result);
    }
    this.publish(locale, type, results);
  }

  /** The list normalized with what the store kept: items whose raw answer did not change are taken as they were. */
  private async normalizeKept(store: ListStore, previous: NormalizedEntry[], locale: Locale, type: NodeType, fetched: FetchedList): Promise<void> {
    const kept = new Map(previous.map((entry) => [entry.key, entry]));
    const entries: NormalizedEntry[] = [];
    for (const [i, raw] of this.options.complete(fetched, `${type} (${locale})`).entries()) {
      await breathe(i);
      const key = rawKey(type, locale, raw);
      const known = kept.get(key);
      if (known) {
        this.replayMedia(known);
        entries.push(known);
        continue;
      }
      const named: [string, string][] = [];
      const listening = new MediaRefs(this.options.base, (url, owner) => {
        named.push([url, owner]);
        this.options.onMedia(url, owner);
      });
      entries.push({ key, result: await normalizeItem(raw, type, this.options.context(locale, listening)), media: named });
    }
    // A list the CMS sent short is fetched again next time.
    if (!isShort(fetched)) store.keep(locale, type, entries);
    this.publish(locale, type, entries.map((entry) => entry.result));
  }

  private recordRevisions(locale: Locale, entities: Raw[]): void {
    for (const raw of entities) {
      const nid = int(raw.nid);
      if (nid !== null) this.revisions.set(revisionKey(locale, nid), { vid: int(raw.vid), published: !isUnpublished(raw.status), changed: int(raw.changed) ?? timestamp(str(raw.changed)) });
    }
  }

  /** A kept item's media: the media stage must hear of them as if it had been normalized now. */
  private replayMedia(entry: NormalizedEntry): void {
    for (const [url, owner] of entry.media) this.options.onMedia(url, owner, true);
  }

  private publish(locale: Locale, type: NodeType, results: Iterable<NormalizeResult>): void {
    const normalized: ContentItem[] = [];
    for (const result of results) {
      if (result.ok) normalized.push(result.item);
      else this.options.skipped.push({ locale, type, nid: result.nid, reason: result.reason });
    }
    let types = this.items.get(locale);
    if (!types) this.items.set(locale, (types = new Map()));
    types.set(type, normalized);
  }
}

/** Lets answers of other requests in between, so the CMS is never kept waiting on us. */
function breathe(i: number): Promise<unknown> | null {
  return i % 25 === 24 ? new Promise((resolve) => setImmediate(resolve)) : null;
}

function timestamp(value: string | null): number | null {
  const ms = value === null ? NaN : Date.parse(value);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

/**
 * The key of a raw answer: sha256 of `<type> <locale> <JSON>`, hashed in two parts so the answer's
 * JSON is not copied once more into one string with its prefix.
 */
function rawKey(type: NodeType, locale: Locale, raw: Raw): string {
  return createHash('sha256').update(`${type} ${locale} `).update(JSON.stringify(raw)).digest('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}
