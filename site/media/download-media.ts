// The media stage (docs/media.md): every URL the content references is requested as soon as
// normalization meets it, so downloads overlap the rest of the fetch. Each file is judged by the
// media policy, taken from the cache while fresh (a hard link, the body never read), revalidated
// when stale, or downloaded under the size and time limits; then checked (type, signature, SVG
// rebuilt by an allow-list), measured, and published as <out>/media/<slug>.<hash><ext>.
// Every HTTP request and every file operation is bounded, so the stage runs under any open-file
// limit. One bad file never stops publication: it is left out with one warning naming who uses it.
// Only a media host that cannot be reached at all fails the build, so a live site is never
// republished without its pictures.
import { createHash } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { copyFile, link, lstat, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { imageSize } from 'image-size';
import pLimit from 'p-limit';
import { backoffDelay } from '../content/client';
import { UserError } from '../errors';
import type { Adoption } from '../output/staging';
import { createFetcher, FileProblem, TransientProblem, type FetchLimits, type FetchResult } from './fetch-file';
import { freshUntil, writeBody, type CachedFile, type MediaCache } from './media-cache';
import type { MediaPolicy } from './media-policy';
import type { LocalFile } from './media-refs';
import { EXTENSIONS, typeProblem } from './media-types';
import { sanitizeSvg } from './svg-sanitize';

/** File operations in flight at most: far below any open-file limit (macOS: 256). */
const FS_OPS = 32;
/** Bytes read from a spooled file to check its signature and measure it. */
const HEAD_BYTES = 512 * 1024;
/**
 * New files at most for the previous media folder to be taken over at the swap: each is one more
 * rename while --out is absent (site/output/staging.ts). Past it, every file is linked as usual.
 */
const ADOPT_MAX_ADDED = 1_000;

export interface MediaStageOptions {
  policy: MediaPolicy;
  /** The folder being written; files go to <outDir>/media/. */
  outDir: string;
  /**
   * The media folder of the output this build replaces, when that output is the one the last
   * build wrote (an incremental build): the files it already holds are not linked again; the
   * folder is taken over whole at the swap (`MediaResult.adoption`, docs/incremental.md).
   */
  previous?: string;
  /** Files kept between runs; null keeps nothing on disk. */
  cache: MediaCache | null;
  limits: FetchLimits;
  /** HTTP requests in flight at most (content.mediaConcurrency). */
  concurrency: number;
  /** Retries of a request that may succeed later (network error, timeout, 429, 5xx). */
  retries: number;
  baseDelayMs?: number;
  /** Stops the stage (Ctrl-C, a failed stage elsewhere). */
  signal?: AbortSignal;
  onWarning: (message: string) => void;
  onRetry?: (message: string) => void;
  /** Decides what is fresh (default Date.now; tests). */
  now?: () => number;
}

export interface DownloadStats {
  /** Files the pages may use. */
  files: number;
  downloaded: number;
  fromCache: number;
  /** Left out with a warning. */
  failed: number;
  bytes: number;
}

export interface MediaResult {
  files: Map<string, LocalFile>;
  stats: DownloadStats;
  /** The previous media folder to take over at the swap, with the files new to it; null: none. */
  adoption: Adoption | null;
}

export interface MediaDownloads {
  /** Starts getting `url` (once, however often it is asked for); `owner` is named in warnings. */
  request(url: string, owner: string): void;
  /** Waits for every requested file; fails when a media host could not be reached at all. */
  settle(): Promise<MediaResult>;
  /** Stops everything in flight and waits for it (a failed or interrupted build). */
  cancel(): Promise<void>;
}

interface HostState {
  /** Answers that show the host works (any HTTP answer, a file from it). */
  reached: number;
  unreachable: { url: string; message: string }[];
}

type Obtained = { file: LocalFile; downloaded: boolean };

export function startMediaDownloads(options: MediaStageOptions): MediaDownloads {
  const { policy, cache, limits, retries, baseDelayMs = 300 } = options;
  const now = options.now ?? Date.now;
  const started = now();
  const abort = new AbortController();
  // Every request in flight and every retry waiting listens to it: up to content.mediaConcurrency and more.
  setMaxListeners(0, abort.signal);
  const onOuterAbort = () => abort.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const spoolDir = cache ? cache.spoolDir : mkdtempSync(join(tmpdir(), 'hotel-site-media-'));
  const fetcher = createFetcher(policy, limits, spoolDir, options.concurrency);
  const net = pLimit(options.concurrency);
  const fs = pLimit(FS_OPS);
  // Files between their request and their place in the cache or the output, at most twice the
  // downloads in flight. Downloads outpace the disk: unbounded, thousands of downloaded bodies
  // waited in memory for a file slot (11,700 bodies, 81 MiB, 12 s into a cold 5,000-item build).
  const active = pLimit(options.concurrency * 2);
  const mediaDir = join(options.outDir, 'media');
  const ready = mkdir(mediaDir, { recursive: true });
  const jobs = new Map<string, Promise<void>>();
  const owners = new Map<string, string[]>();
  const files = new Map<string, LocalFile>();
  const problems = new Map<string, string>();
  const staleNotes = new Map<string, string>();
  const hosts = new Map<string, HostState>();
  const placed = new Map<string, Promise<void>>();
  /** Names the previous media folder holds (null: no folder to take over). */
  const previousNames = options.previous && cache ? filesIn(options.previous) : Promise.resolve(null);
  /** Names this build uses that the previous folder has, and names it placed anew. */
  const adopted = new Set<string>();
  const added: string[] = [];
  const stats: DownloadStats = { files: 0, downloaded: 0, fromCache: 0, failed: 0, bytes: 0 };
  let fatal: unknown = null;

  const hostOf = (url: URL): HostState => {
    let state = hosts.get(url.origin);
    if (!state) hosts.set(url.origin, (state = { reached: 0, unreachable: [] }));
    return state;
  };

  /** Puts the published file in place: a hard link to the cached body, a copy across file systems. */
  function place(name: string, source: string): Promise<void> {
    let done = placed.get(name);
    if (!done) {
      placed.set(
        name,
        (done = previousNames.then(async (names) => {
          // The same name is the same bytes (it carries their hash): the previous output has it.
          if (names?.has(name)) return void adopted.add(name);
          await fs(() => linkOrCopy(source, join(mediaDir, name)));
          added.push(name);
        })),
      );
    }
    return done;
  }

  async function fromCache(url: string, entry: CachedFile): Promise<Obtained | null> {
    // The cache may have been written by anyone: a body is placed only as what its bytes are.
    if (!(await previousNames)?.has(entry.name) && (await fs(() => cache!.checkBody(entry, limits.maxBytes)))) {
      await cache!.discard(url);
      return null;
    }
    try {
      await place(entry.name, cache!.bodyFile(entry.sha256));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // The body was removed behind the manifest's back: download it again.
      placed.delete(entry.name);
      cache!.delete(url);
      return null;
    }
    cache!.touch(url, started);
    return { file: localFile(entry), downloaded: false };
  }

  async function fetchWithRetries(url: URL, entry: CachedFile | undefined): Promise<FetchResult> {
    const validators = entry ? { etag: entry.etag, lastModified: entry.lastModified } : null;
    for (let attempt = 0; ; attempt++) {
      try {
        return await net(() => fetcher.fetch(url, validators, abort.signal));
      } catch (error) {
        if (!(error instanceof TransientProblem) || abort.signal.aborted || attempt >= retries) throw error;
        const delay = backoffDelay(attempt, baseDelayMs, 10_000);
        options.onRetry?.(`media ${url.href}: ${error.message}; retry ${attempt + 1} in ${delay} ms`);
        await sleep(delay, abort.signal);
      }
    }
  }

  /** Checks and stores a downloaded body; returns the cache entry describing it. */
  async function store(url: string, fetched: Extract<FetchResult, { notModified: false }>): Promise<CachedFile> {
    let { body, sha256, bytes } = fetched;
    const head = body ?? (await fs(() => readHead(fetched.spooled!)));
    const problem = typeProblem(fetched.contentType, head);
    if (problem) throw new FileProblem(problem);
    if (fetched.contentType === 'image/svg+xml') {
      if (!body) throw new FileProblem('an SVG this large is not published');
      const safe = sanitizeSvg(body);
      if (!safe.ok) throw new FileProblem(`an SVG ${safe.reason} (opened on its own, it would run on the site's origin)`);
      body = safe.svg;
      bytes = body.length;
      sha256 = createHash('sha256').update(body).digest('hex');
    }
    let width: number | null = null;
    let height: number | null = null;
    if (fetched.contentType.startsWith('image/')) {
      try {
        const size = imageSize(body ?? head);
        width = size.width || null;
        height = size.height || null;
      } catch {
        // Not measurable: the CMS's own dimensions are used, if it gave any.
      }
    }
    const name = `${baseName(url)}.${sha256.slice(0, 10)}${EXTENSIONS[fetched.contentType]}`;
    const target = cache ? await cache.bodyTarget(sha256) : join(mediaDir, name);
    await fs(async () => {
      if (body) await writeBody(target, body);
      else await rename(fetched.spooled!, target);
    });
    if (body && fetched.spooled) await rm(fetched.spooled, { force: true });
    if (cache) await place(name, target);
    else placed.set(name, Promise.resolve());
    const headers = fetched.headers;
    return {
      sha256, name, contentType: fetched.contentType, bytes, width, height,
      etag: headers.get('etag'), lastModified: headers.get('last-modified'), freshUntil: freshUntil(headers, now()), usedAt: started,
    };
  }

  async function obtain(url: string): Promise<Obtained | null> {
    const verdict = policy.check(url);
    if (!verdict.ok) {
      problems.set(url, verdict.reason);
      return null;
    }
    let entry = cache?.get(url);
    if (entry && entry.freshUntil > now()) {
      const cached = await fromCache(url, entry);
      if (cached) return cached;
      entry = undefined;
    }
    const host = hostOf(verdict.url);
    let fetched: FetchResult;
    try {
      fetched = await fetchWithRetries(verdict.url, entry);
    } catch (error) {
      if (abort.signal.aborted) throw abort.signal.reason ?? error;
      if (error instanceof FileProblem) {
        host.reached++;
        problems.set(url, error.message);
        return null;
      }
      if (!(error instanceof TransientProblem)) throw error;
      // The CMS cannot be asked right now: a copy it once sent beats a page without its picture
      // (RFC 9111 4.2.4, serving stale on error).
      const stale = entry && (await fromCache(url, entry));
      if (stale) {
        staleNotes.set(url, error.message);
        return stale;
      }
      host.unreachable.push({ url, message: error.message });
      if (host.reached === 0) throw unreachable(verdict.url.origin, host);
      problems.set(url, `${error.message} (after ${retries + 1} attempts)`);
      return null;
    }
    host.reached++;
    if (fetched.notModified) {
      if (!entry) throw new FileProblem('HTTP 304 to a request without validators');
      const renewed = { ...entry, freshUntil: freshUntil(fetched.headers, now()), etag: fetched.headers.get('etag') ?? entry.etag, usedAt: started };
      cache!.set(url, renewed);
      const cached = await fromCache(url, renewed);
      if (cached) return cached;
      cache!.delete(url);
      return obtain(url);
    }
    try {
      const stored = await store(url, fetched);
      cache?.set(url, stored);
      return { file: localFile(stored), downloaded: true };
    } catch (error) {
      if (fetched.spooled) await rm(fetched.spooled, { force: true });
      if (!(error instanceof FileProblem)) throw error;
      problems.set(url, error.message);
      return null;
    }
  }

  async function run(url: string): Promise<void> {
    await ready;
    const got = await obtain(url);
    if (!got) return;
    files.set(url, got.file);
    if (got.downloaded) stats.downloaded++;
    else stats.fromCache++;
  }

  /**
   * The previous media folder to take over with the files new to it, or null after linking the
   * files it holds into this build's folder like any other (too many new files, or none to take).
   */
  async function adoption(): Promise<Adoption | null> {
    const previous = await previousNames;
    if (!previous) return null;
    if (added.length <= ADOPT_MAX_ADDED) {
      return { folder: 'media', added, extras: [...previous].filter((name) => !adopted.has(name)) };
    }
    await Promise.all([...adopted].map((name) => fs(() => linkOrCopy(join(options.previous!, name), join(mediaDir, name)))));
    return null;
  }

  async function finish(): Promise<void> {
    options.signal?.removeEventListener('abort', onOuterAbort);
    fetcher.close();
    await cache?.save(now()).catch((error: Error) => options.onWarning(`media cache: the manifest could not be saved (${error.message})`));
    if (!cache) await rm(spoolDir, { recursive: true, force: true });
  }

  return {
    request(url, owner) {
      const known = owners.get(url);
      if (known) {
        if (known.length < 4 && !known.includes(owner)) known.push(owner);
        return;
      }
      owners.set(url, [owner]);
      const job = active(() => run(url)).catch((error: unknown) => {
        // The first failure stops the rest: its requests would only add noise after the error.
        fatal ??= error;
        abort.abort(error);
      });
      jobs.set(url, job);
    },
    async settle() {
      try {
        await Promise.all(jobs.values());
        await Promise.all(placed.values());
        if (fatal) throw fatal;
      } finally {
        await finish();
      }
      for (const [url, reason] of [...problems].sort(([a], [b]) => a.localeCompare(b))) {
        stats.failed++;
        options.onWarning(`media ${url} ${usedBy(owners.get(url))}left out: ${reason}`);
      }
      for (const [url, reason] of staleNotes) options.onWarning(`media ${url}: could not be revalidated (${reason}); using the copy from an earlier build`);
      const names = new Set<string>();
      for (const file of files.values()) {
        if (names.has(file.href)) continue;
        names.add(file.href);
        stats.bytes += file.bytes;
      }
      stats.files = names.size;
      return { files, stats, adoption: await adoption() };
    },
    async cancel() {
      abort.abort(new Error('cancelled'));
      await Promise.allSettled(jobs.values());
      await Promise.allSettled(placed.values());
      await finish();
    },
  };
}

function unreachable(origin: string, host: HostState): UserError {
  const first = host.unreachable[0]!;
  return new UserError(`The media host ${origin} could not be reached: ${first.message} (${first.url})`, {
    hint: 'Check that the CMS serves its files, then build again. Nothing was published.',
  });
}

function usedBy(list: string[] | undefined): string {
  if (!list?.length) return '';
  return `(${list.slice(0, 3).join(', ')}${list.length > 3 ? ' and more' : ''}) `;
}

function localFile(entry: CachedFile): LocalFile {
  return { href: `/media/${entry.name}`, bytes: entry.bytes, contentType: entry.contentType, width: entry.width, height: entry.height };
}

/** A hard link to `source`; a copy where linking is impossible (another file system). */
async function linkOrCopy(source: string, target: string): Promise<void> {
  try {
    await link(source, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // The same name is the same content: placed by an earlier run into this folder (watch).
    if (code === 'EEXIST') return;
    if (code === 'EXDEV' || code === 'EPERM' || code === 'EMLINK' || code === 'ENOTSUP') await copyFile(source, target);
    else throw error;
  }
}

/** The names of the files in `dir`, or null when it is not a plain folder. */
async function filesIn(dir: string): Promise<Set<string> | null> {
  try {
    if (!(await lstat(dir)).isDirectory()) return null;
    return new Set((await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name));
  } catch {
    return null;
  }
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A short, safe file name from the URL's last path segment ("Tower Room.JPG" → "tower-room"). */
function baseName(url: string): string {
  let last = '';
  try {
    last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    // keep empty
  }
  const stem = last.slice(0, last.length - extname(last).length);
  const slug = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'media';
}
