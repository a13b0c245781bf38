// The media cache between builds (docs/media.md): `<cacheDir>/media/manifest.json`, one index of
// every CMS file with what HTTP said about it and what the build made of it, and
// `<cacheDir>/media/files/<first two hex digits>/<sha256>`, each body once by content hash. A
// fresh entry is placed into the output as a hard link without reading the body; a stale one is
// revalidated with If-None-Match / If-Modified-Since (RFC 9111). Entries unused for PRUNE_AFTER_MS
// are dropped with their bodies when the manifest is saved. A manifest that does not parse or has
// another version is ignored with a warning, never trusted, and its bodies removed. A restored or
// shared cache may have been written by anyone: a body is published only as what its own bytes
// are (checkBody), read without following a link and up to a size bound, like a download — unless
// its file is still the one this cache wrote (same inode, size and modification time).
import { randomBytes } from 'node:crypto';
import { closeSync, constants, existsSync, fstatSync, lstatSync, openSync, renameSync, writeSync, type BigIntStats } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CacheFileProblem, readCacheBytes } from '../incremental/cache-file';
import { makeSpreadFolder, spreadBelow } from '../output/spread-folders';
import { EXTENSIONS, typeProblem } from './media-types';
import { sanitizeSvg } from './svg-sanitize';

const VERSION = 2;
const PRUNE_AFTER_MS = 30 * 24 * 3600 * 1000;

export interface CachedFile {
  /** Content hash of the body (hex), also the body's file name under files/. */
  sha256: string;
  /** The published file name, "<slug>.<hash><ext>". */
  name: string;
  contentType: string;
  bytes: number;
  width: number | null;
  height: number | null;
  etag: string | null;
  lastModified: string | null;
  /** Epoch ms until which the copy may be used without asking the CMS; 0 = revalidate. */
  freshUntil: number;
  /** Epoch ms of the last build that used it. */
  usedAt: number;
  /** The body's file as this cache wrote or last checked it (`writtenStamp`); null: read it to check it. */
  written: string | null;
}

/** A permanent answer about a file (404, too large, …): it is not asked for again until it is old. */
export interface MediaFailure {
  /** What was wrong, as the warning said it. */
  answer: string;
  /** Epoch ms of the first build that got this answer. */
  since: number;
  /** Epoch ms of the last time the file was asked for. */
  askedAt: number;
}

export class MediaCache {
  private dirty = false;
  /** A manifest was there but not trusted: its bodies are removed at the next save. */
  private discarded = false;
  private readonly shards = new Map<string, Promise<unknown>>();
  /** When the manifest was last saved, by the file system's clock (trusts); null: not yet looked. */
  private savedAt: Promise<bigint | null> | null = null;
  /** A server whose origin changes every run, cached under a name that does not (nameOrigin). */
  private renamed: { origin: string; as: string } | null = null;

  private constructor(
    readonly dir: string,
    private readonly entries: Map<string, CachedFile>,
    private readonly failures: Map<string, MediaFailure>,
  ) {}

  /** Opens (or creates) the cache in `<cacheDir>/media`; `warn` hears of a manifest not trusted. */
  static async open(cacheDir: string, warn: (message: string) => void): Promise<MediaCache> {
    const dir = join(cacheDir, 'media');
    await mkdir(dir, { recursive: true });
    // A cache made anew gets a body per media file: the disk may spread them (site/output/spread-folders).
    if (!existsSync(join(dir, 'files'))) {
      spreadBelow(dir);
      await makeSpreadFolder(dir, 'files');
    }
    await mkdir(join(dir, 'spool'), { recursive: true });
    let unreadable = false;
    const text = await readCacheBytes(join(dir, 'manifest.json')).then(
      (bytes) => bytes?.toString('utf8') ?? null,
      (error: Error) => {
        warn(`media cache ${dir}: the manifest could not be read (${error.message}); starting afresh`);
        unreadable = error instanceof CacheFileProblem;
        return null;
      },
    );
    const parsed = text === null ? null : parseManifest(text);
    if (!parsed && text !== null) warn(`media cache ${dir}: the manifest is damaged or from another version; starting afresh`);
    const cache = new MediaCache(dir, parsed?.entries ?? new Map(), parsed?.failures ?? new Map());
    cache.discarded = unreadable || (text !== null && !parsed);
    return cache;
  }

  /**
   * Files of `origin` are kept under `as` instead: the embedded backend listens on a new port each
   * run. Such entries are never fresh — a file saved under the same name keeps its URL — so each
   * is revalidated (a 304 on the loopback) before it is placed.
   */
  nameOrigin(origin: string, as: string): void {
    this.renamed = { origin, as };
  }

  private key(url: string): string {
    const { renamed } = this;
    return renamed && url.startsWith(`${renamed.origin}/`) ? renamed.as + url.slice(renamed.origin.length) : url;
  }

  get(url: string): CachedFile | undefined {
    const entry = this.entries.get(this.key(url));
    return entry && this.renamed && url.startsWith(`${this.renamed.origin}/`) ? { ...entry, freshUntil: 0 } : entry;
  }

  set(url: string, entry: CachedFile): void {
    const key = this.key(url);
    this.entries.set(key, entry);
    this.failures.delete(key);
    this.dirty = true;
  }

  /** The permanent answer recorded for `url`, if any. */
  failure(url: string): MediaFailure | undefined {
    return this.failures.get(this.key(url));
  }

  setFailure(url: string, failure: MediaFailure): void {
    this.failures.set(this.key(url), failure);
    this.dirty = true;
  }

  /** The URL gave no permanent answer this time (a passing failure, or it was not asked). */
  clearFailure(url: string): void {
    if (this.failures.delete(this.key(url))) this.dirty = true;
  }

  delete(url: string): void {
    if (this.entries.delete(this.key(url))) this.dirty = true;
  }

  /** Forgets an entry whose body may not be published, and removes that body (downloaded again). */
  async discard(url: string): Promise<void> {
    const entry = this.entries.get(this.key(url));
    this.delete(url);
    if (entry) await rm(this.bodyFile(entry.sha256), { force: true });
  }

  /** Marks an entry used by this build (kept from pruning); saved with the manifest. */
  touch(url: string, now: number): void {
    const entry = this.entries.get(this.key(url));
    // Once a day is enough for pruning by age, and keeps a warm build from rewriting the manifest.
    if (entry && now - entry.usedAt > 24 * 3600 * 1000) {
      entry.usedAt = now;
      this.dirty = true;
    }
  }

  /**
   * Where the body with that hash lives. Bodies are spread over 256 folders: filling one folder
   * with tens of thousands of new files is several times slower on ext4 (docs/benchmarks.md).
   */
  bodyFile(sha256: string): string {
    return join(this.dir, 'files', sha256.slice(0, 2), sha256);
  }

  /** `bodyFile(sha256)`, its folder made (once per build and folder). */
  async bodyTarget(sha256: string): Promise<string> {
    const shard = sha256.slice(0, 2);
    let made = this.shards.get(shard);
    if (!made) this.shards.set(shard, (made = mkdir(join(this.dir, 'files', shard), { recursive: true })));
    await made;
    return this.bodyFile(sha256);
  }

  /**
   * Whether the body of `entry` is still the file this cache wrote, or last found right, without
   * reading it: a regular file (not a link) with the inode, size and modification time recorded
   * then, at most `maxBytes`, and modified before the manifest was saved — a file changed in the
   * same tick of a coarse file system clock as it was recorded would otherwise keep its time (the
   * "racily clean" files of Git's index).
   */
  async trusts(entry: CachedFile, maxBytes: number): Promise<boolean> {
    if (!entry.written || entry.bytes > maxBytes) return false;
    const savedAt = await (this.savedAt ??= lstat(join(this.dir, 'manifest.json'), { bigint: true }).then((stats) => stats.mtimeNs, () => null));
    if (savedAt === null) return false;
    let stats: BigIntStats | undefined;
    try {
      stats = lstatSync(this.bodyFile(entry.sha256), { bigint: true });
    } catch {
      return false;
    }
    return stats.isFile() && stats.size === BigInt(entry.bytes) && stats.mtimeNs < savedAt && writtenStamp(stats) === entry.written;
  }

  /**
   * Why the cached body of `entry` may not be published under its name, or null when it may: it
   * must be a regular file (not a link) of the size the entry says, at most `maxBytes`, whose own
   * bytes are the type its name's extension stands for (the signature, or for SVG the allow-list
   * leaving it as it is). Reads the first bytes only, an SVG whole. A body found right is recorded
   * as it is now, so the next build trusts it (`trusts`).
   */
  async checkBody(url: string, entry: CachedFile, maxBytes: number): Promise<string | null> {
    let handle;
    try {
      handle = await open(this.bodyFile(entry.sha256), BODY_READ_FLAGS);
    } catch (error) {
      return `the cached body cannot be opened (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
    }
    try {
      const stats = await handle.stat({ bigint: true });
      if (!stats.isFile()) return 'the cached body is not a regular file';
      if (stats.size !== BigInt(entry.bytes) || entry.bytes > maxBytes) return 'the cached body is not the size its entry says';
      const size = entry.bytes;
      const svg = entry.contentType === 'image/svg+xml';
      const head = Buffer.alloc(svg ? size : Math.min(size, HEAD_BYTES));
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      const bytes = head.subarray(0, bytesRead);
      const problem = typeProblem(entry.contentType, bytes);
      if (problem) return problem;
      if (svg) {
        const safe = sanitizeSvg(bytes);
        if (!safe.ok || !safe.svg.equals(bytes)) return 'the cached SVG is not one the allow-list made';
      }
      const written = writtenStamp(stats);
      const kept = this.entries.get(this.key(url));
      if (kept?.sha256 === entry.sha256 && kept.written !== written) {
        kept.written = written;
        this.dirty = true;
      }
      return null;
    } finally {
      await handle.close();
    }
  }

  get spoolDir(): string {
    return join(this.dir, 'spool');
  }

  /** Writes the manifest (atomically) when anything changed, pruning entries unused for long. */
  async save(now: number): Promise<void> {
    let pruned = false;
    for (const [url, entry] of this.entries) {
      if (now - entry.usedAt > PRUNE_AFTER_MS) {
        this.entries.delete(url);
        pruned = true;
      }
    }
    for (const [url, failure] of this.failures) {
      if (now - failure.askedAt > PRUNE_AFTER_MS) {
        this.failures.delete(url);
        this.dirty = true;
      }
    }
    if (!this.dirty && !pruned && !this.discarded) return;
    const temporary = join(this.dir, `manifest.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
    await writeFile(temporary, manifestText(this.entries, this.failures));
    await rename(temporary, join(this.dir, 'manifest.json'));
    this.savedAt = null;
    this.dirty = false;
    if (pruned || this.discarded) await this.removeUnreferencedBodies();
    this.discarded = false;
  }

  /** Bodies no entry names, and anything else in files/ (an earlier version's layout). */
  private async removeUnreferencedBodies(): Promise<void> {
    const used = new Set([...this.entries.values()].map((entry) => entry.sha256));
    const files = join(this.dir, 'files');
    for (const shard of await readdir(files, { withFileTypes: true })) {
      if (!shard.isDirectory() || !/^[0-9a-f]{2}$/.test(shard.name)) {
        await rm(join(files, shard.name), { recursive: true, force: true });
        continue;
      }
      for (const name of await readdir(join(files, shard.name))) {
        if (!used.has(name)) await rm(join(files, shard.name, name), { force: true });
      }
    }
  }
}

/** Characters of manifest text written at a time. */
const MANIFEST_CHUNK = 64 * 1024;

/**
 * The manifest's JSON — what `JSON.stringify` makes of `{ version, entries, failures }` with both
 * maps as objects — in pieces of about MANIFEST_CHUNK characters, one entry at a time. The index
 * names every media file of the site, and is saved when the media stage's memory is at its
 * highest: a copy of it as one object, its text as one string and that string's bytes would all
 * be alive at once.
 */
export function* manifestText(entries: ReadonlyMap<string, CachedFile>, failures: ReadonlyMap<string, MediaFailure>): Generator<string> {
  let text = `{"version":${VERSION},"entries":`;
  for (const [map, after] of [[entries, ',"failures":'], [failures, '}']] as const) {
    let separator = '{';
    for (const [url, value] of map) {
      text += `${separator}${JSON.stringify(url)}:${JSON.stringify(value)}`;
      separator = ',';
      if (text.length >= MANIFEST_CHUNK) {
        yield text;
        text = '';
      }
    }
    text += `${separator === '{' ? '{' : ''}}${after}`;
  }
  yield text;
}

/** Opened without following a link, and without waiting on a FIFO planted in its place. */
const BODY_READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
/** Bytes of a cached body read to check its signature. */
const HEAD_BYTES = 64;

/** A published name: what the URL was called, the body's hash, the extension of its type. */
const NAME = /^[a-z0-9-]+\.[0-9a-f]{10}\.[a-z0-9]+$/;
const SHA256 = /^[0-9a-f]{64}$/;

function parseManifest(text: string): { entries: Map<string, CachedFile>; failures: Map<string, MediaFailure> } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const manifest = parsed as { version?: unknown; entries?: unknown; failures?: unknown };
  if (!manifest || manifest.version !== VERSION || !manifest.entries || typeof manifest.entries !== 'object') return null;
  const entries = new Map<string, CachedFile>();
  const all = manifest.entries as Record<string, Partial<CachedFile>>;
  // for-in over a parsed object sees its own keys only, without an array of pairs per entry. Each
  // entry is checked and completed where it lies rather than copied: the manifest names every
  // media file of the site, and a copy of each would be most of reading it.
  for (const url in all) {
    const value = all[url];
    if (!value || typeof value.sha256 !== 'string' || !SHA256.test(value.sha256) || typeof value.name !== 'string') return null;
    if (typeof value.contentType !== 'string' || typeof value.bytes !== 'number') return null;
    // The name is the one a download would get: the body's hash, the extension of a published type.
    const extension = EXTENSIONS[value.contentType];
    if (typeof extension !== 'string' || !NAME.test(value.name) || !value.name.endsWith(`.${value.sha256.slice(0, 10)}${extension}`)) return null;
    if (typeof value.width !== 'number') value.width = null;
    if (typeof value.height !== 'number') value.height = null;
    if (typeof value.etag !== 'string') value.etag = null;
    if (typeof value.lastModified !== 'string') value.lastModified = null;
    if (typeof value.freshUntil !== 'number') value.freshUntil = 0;
    if (typeof value.usedAt !== 'number') value.usedAt = 0;
    if (typeof value.written !== 'string') value.written = null;
    entries.set(url, value as CachedFile);
  }
  return { entries, failures: parseFailures(manifest.failures) };
}

/** Recorded answers of the expected shape; any other is dropped (the file is then asked again). */
function parseFailures(value: unknown): Map<string, MediaFailure> {
  const failures = new Map<string, MediaFailure>();
  if (!value || typeof value !== 'object') return failures;
  for (const [url, failure] of Object.entries(value as Record<string, Partial<MediaFailure>>)) {
    if (!failure || typeof failure.answer !== 'string' || failure.answer.length > 1000) continue;
    if (!Number.isFinite(failure.since) || !Number.isFinite(failure.askedAt)) continue;
    failures.set(url, { answer: failure.answer, since: failure.since!, askedAt: failure.askedAt! });
  }
  return failures;
}

/**
 * Writes a downloaded body to `target` and returns its `writtenStamp`. A file already there is
 * kept when it holds these bytes (another URL with the same bytes wrote it first), else replaced:
 * whatever was planted in the cache under that hash is not published. Written synchronously: one
 * open, write, fstat and close on the main thread cost less than four trips to libuv's thread
 * pool, and hold one descriptor at a time whatever the open-file limit.
 */
export async function writeBody(target: string, body: Buffer): Promise<string> {
  try {
    return writeNew(target, body);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const same = await readCacheBytes(target, { maxBytes: body.length }).then((bytes) => bytes?.equals(body) ?? false, () => false);
  if (same) return writtenStamp(lstatSync(target, { bigint: true }));
  const temporary = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  const written = writeNew(temporary, body);
  renameSync(temporary, target);
  return written;
}

/** Creates `file` (never through a planted link) holding `body`; returns its `writtenStamp`. */
function writeNew(file: string, body: Buffer): string {
  const fd = openSync(file, 'wx');
  try {
    for (let done = 0; done < body.length; ) done += writeSync(fd, body, done);
    return writtenStamp(fstatSync(fd, { bigint: true }));
  } finally {
    closeSync(fd);
  }
}

/** A body file as written: its inode and modification time (ns), which a rewrite or a replacement changes. */
function writtenStamp(stats: BigIntStats): string {
  return `${stats.ino}:${stats.mtimeNs}`;
}

/** Until when a response may be reused without revalidation (RFC 9111 4.2.1); 0 = revalidate. */
export function freshUntil(headers: Pick<Headers, 'get'>, now: number): number {
  const cacheControl = (headers.get('cache-control') ?? '').toLowerCase();
  if (/(^|,)\s*(no-store|no-cache)\b/.test(cacheControl)) return 0;
  const maxAge = /(?:^|,)\s*max-age\s*=\s*"?(\d+)/.exec(cacheControl)?.[1];
  if (maxAge !== undefined) {
    const age = Number(headers.get('age') ?? 0) || 0;
    return now + Math.max(0, Number(maxAge) - age) * 1000;
  }
  const expires = Date.parse(headers.get('expires') ?? '');
  const date = Date.parse(headers.get('date') ?? '');
  // Expires is relative to the server's clock (Date), not ours.
  if (Number.isFinite(expires)) return now + Math.max(0, expires - (Number.isFinite(date) ? date : now));
  return 0;
}
