// Content lists as an earlier build normalized them, kept per list so that a list whose version
// did not move is taken whole and a moved list reuses its unchanged items. What is kept, when it is
// trusted and how its files are written: docs/incremental.md ("How a build decides").
import { hash, randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pLimit from 'p-limit';
import type { ListStore, NormalizedEntry } from '../content/content-lists';
import type { Versions } from '../content/list-versions';
import type { Locale, NodeType } from '../model/content-types';
import { MEDIA_TOKEN_PREFIX } from '../media/media-tokens';
import { sanitizeAlias } from '../routes/alias';
import { hrefOfPath } from '../routes/url-to-file';
import { deeperThan } from '../content/raw-depth';
import { cacheFile, readCacheBytes, readCacheFile, writeCacheFile } from './cache-file';
import { recordSource } from './item-sources';
import { keptItem } from './kept-items';

const VERSION = 3;
/** Unnamed list files younger than this may belong to a build still running into the same cache. */
const ORPHAN_AFTER_MS = 3_600_000;
/** List files read or written at once: every list of every language may ask together (open-file limits). */
const FILES_AT_ONCE = 8;

interface IndexEntry {
  file: string;
  /** The list's version when it was fetched (asked before fetching, so an edit during it shows as moved). */
  listVersion: string | null;
  scope: string;
  fetchedAt: number;
}

interface IndexFile {
  version: typeof VERSION;
  lists: Record<string, IndexEntry>;
}

export interface ListSnapshots extends ListStore {
  /** Waits for the lists written now, then writes the index naming them and removes replaced files. */
  save(): Promise<void>;
}

export interface ListSnapshotsOptions {
  cacheDir: string;
  endpoint: string;
  code: string;
  /** The CMS's list versions asked at the start of this build; null when it cannot tell (nothing is taken whole). */
  versions: Versions | null;
  /** False: nothing kept is used (--full); this build's lists are kept all the same. */
  reuse: boolean;
  /** A list fetched longer ago than this is fetched again (cacheMaxAgeHours). */
  maxAgeMs: number;
  now: number;
  warn: (message: string) => void;
}

export async function openListSnapshots(options: ListSnapshotsOptions): Promise<ListSnapshots> {
  const dir = cacheFile(options.cacheDir, 'lists', options.endpoint, options.code).replace(/\.json$/, '');
  const indexFile = join(dir, 'index.json');
  // Read even when nothing is reused (--full): its files are the ones this build replaces.
  const kept = await readIndex(indexFile, options.warn);
  const lists = new Map(options.reuse ? Object.entries(kept?.lists ?? {}) : []);
  const fresh = new Map<string, IndexEntry>();
  const writes: Promise<void>[] = [];
  let made: Promise<unknown> | null = null;
  let scope: string | null = null;
  const files = pLimit(FILES_AT_ONCE);

  const load = async (key: string): Promise<NormalizedEntry[] | null> => {
    const entry = lists.get(key);
    if (!entry || entry.scope !== scope) return null;
    try {
      const bytes = await files(() => readCacheBytes(join(dir, entry.file), { head: { bytes: HEADER_BYTES, check: listHeader } }));
      if (!bytes) throw new Error('the file is gone');
      return parseList(bytes, key);
    } catch (error) {
      options.warn(`kept list ${key} (${join(dir, entry.file)}) is damaged (${(error as Error).message}); it is fetched again`);
      lists.delete(key);
      return null;
    }
  };

  const unchanged = (key: string): boolean => {
    const entry = lists.get(key);
    const version = options.versions?.get(key) ?? null;
    return Boolean(entry && version !== null && entry.listVersion === version && options.now - entry.fetchedAt <= options.maxAgeMs);
  };

  return {
    scope(current) {
      scope = current;
    },
    unchanged: (locale, type) => unchanged(listKey(locale, type)),
    async take(locale, type) {
      const key = listKey(locale, type);
      return unchanged(key) ? load(key) : null;
    },
    async previous(locale, type) {
      return (await load(listKey(locale, type))) ?? [];
    },
    keep(locale, type, entries) {
      const key = listKey(locale, type);
      // Taken as it is now: the build goes on to change the items (media paths, tiles).
      const rows = entries.map(({ key: raw, result, media }) => {
        const json = JSON.stringify(result);
        const form = result.ok ? formOf(json) : '';
        if (result.ok) recordSource(result.item, form, media);
        return `[${JSON.stringify(raw)},${json},${JSON.stringify(media)},"${form}"]`;
      });
      const json = latin1Json(`{"version":${VERSION},"tokens":${JSON.stringify(MEDIA_TOKEN_PREFIX)},"entries":[${rows.join(',')}]}`);
      const entry = { file: `${key.replace(' ', '-')}.${randomBytes(6).toString('hex')}.json`, listVersion: options.versions?.get(key) ?? null, scope: scope!, fetchedAt: options.now };
      fresh.set(key, entry);
      made ??= mkdir(dir, { recursive: true });
      const written = made.then(() => files(() => writeFile(join(dir, entry.file), json, { flag: 'wx', encoding: 'latin1' })));
      // Awaited by save(); a build that fails before then leaves an unnamed file the next save removes.
      written.catch(() => {});
      writes.push(written);
    },
    async save() {
      if (!fresh.size) return;
      await Promise.all(writes);
      for (const [key, entry] of fresh) lists.set(key, entry);
      const index: IndexFile = { version: VERSION, lists: Object.fromEntries(lists) };
      await writeCacheFile(indexFile, JSON.stringify(index));
      const named = new Set([...lists.values()].map((entry) => entry.file));
      const replaced = new Set(Object.values(kept?.lists ?? {}).map((entry) => entry.file));
      const unnamed = (await readdir(dir)).filter((name) => name !== 'index.json' && !name.endsWith('.tmp') && !named.has(name));
      await Promise.all(unnamed.map((name) => files(async () => {
        const file = join(dir, name);
        const orphan = replaced.has(name) || (await stat(file).then((stats) => Date.now() - stats.mtimeMs > ORPHAN_AFTER_MS, () => false));
        if (orphan) await rm(file, { force: true });
      })));
    },
  };
}

/** `${locale} ${type}`: the key list versions use (site/content/list-versions.ts). */
function listKey(locale: Locale, type: NodeType): string {
  return `${locale} ${type}`;
}

async function readIndex(file: string, warn: (message: string) => void): Promise<IndexFile | null> {
  try {
    const text = await readCacheFile(file);
    if (text === null) return null;
    const index = JSON.parse(text) as IndexFile;
    if (typeof index?.version === 'number' && index.version !== VERSION) return null; // another version's
    const valid = index?.version === VERSION && typeof index.lists === 'object' && index.lists !== null &&
      Object.values(index.lists).every((entry) => typeof entry?.file === 'string' && /^[\w.-]+\.json$/.test(entry.file) && typeof entry.scope === 'string' && typeof entry.fetchedAt === 'number');
    if (!valid) throw new Error('unexpected shape');
    return index;
  } catch (error) {
    warn(`kept content lists ${file} are damaged (${(error as Error).message}); every list is fetched again`);
    return null;
  }
}

/**
 * JSON with every character beyond Latin-1 escaped (`\u20ac`), written as Latin-1, a byte per
 * character: it is read back as Latin-1, a byte-for-byte copy where UTF-8 must be decoded, and
 * every rebuild reads them all. Escaping only what one byte cannot hold leaves the umlauts of
 * German text as they are, and a string without escapes is the parser's quick case.
 */
function latin1Json(json: string): string {
  return json.replace(/[\u0100-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A normalized item's JSON as a hash that another process gets for the same item: media tokens
 * carry a nonce of the process that made them (site/media/media-tokens.ts), left out here.
 */
function formOf(json: string): string {
  return hash('sha256', json.replaceAll(MEDIA_TOKEN_PREFIX, '\0'), 'base64url');
}

/** Bytes of a list file that hold its header. */
const HEADER_BYTES = 200;

/** A list file's header: this version, and the media-token prefix of the process that wrote it. */
function listHeader(bytes: Buffer): RegExpExecArray {
  const tokens = /^\{"version":(\d+),"tokens":"([^"\\]+)"/.exec(bytes.subarray(0, HEADER_BYTES).toString('latin1'));
  if (!tokens || Number(tokens[1]) !== VERSION) throw new Error('unexpected header');
  return tokens;
}

/**
 * A list file's entries, its writer's media tokens renamed to this process's (same length: in
 * place). The cache may have been written by anyone: an entry must have the shape normalizing
 * gives (no deeper, an item of the list's language and type at a path of its own), and its HTML
 * is sanitized again before it is rendered (./kept-html.ts).
 */
function parseList(bytes: Buffer, key: string): NormalizedEntry[] {
  const tokens = listHeader(bytes);
  const theirs = Buffer.from(tokens[2]!);
  const ours = Buffer.from(MEDIA_TOKEN_PREFIX);
  if (theirs.length !== ours.length) throw new Error('unexpected media token');
  if (!theirs.equals(ours)) {
    for (let at = bytes.indexOf(theirs); at !== -1; at = bytes.indexOf(theirs, at + ours.length)) ours.copy(bytes, at);
  }
  const parsed = JSON.parse(bytes.toString('latin1')) as { entries: [string, NormalizedEntry['result'], [string, string][], string][] };
  if (!Array.isArray(parsed?.entries)) throw new Error('unexpected shape');
  return parsed.entries.map((entry) => {
    if (!Array.isArray(entry) || deeperThan(entry)) throw new Error('unexpected entry');
    const [raw, result, media, form] = entry;
    if (typeof raw !== 'string' || typeof result?.ok !== 'boolean' || !Array.isArray(media) || typeof form !== 'string') throw new Error('unexpected entry');
    if (result.ok) {
      const item = result.item;
      if (listKey(item?.locale, item?.type) !== key || !ownPath(item.path, item.locale)) throw new Error('unexpected item path');
      keptItem(item);
      recordSource(item, form, media);
    }
    return { key: raw, result, media };
  });
}

/**
 * Whether `path` is what normalizing makes of an alias: the sanitized form of its own link, so
 * that the pages of kept items land where the CMS's would.
 */
function ownPath(path: unknown, locale: Locale): boolean {
  if (typeof path !== 'string') return false;
  let href: string;
  try {
    href = hrefOfPath(path);
  } catch {
    return false; // a lone surrogate: no link spells it
  }
  const alias = sanitizeAlias(href, locale);
  return alias.ok && alias.path === path;
}
