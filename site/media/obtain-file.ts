// One media URL made a local file: judged by the media policy, taken from the cache while fresh
// (a hard link, the body never read), revalidated when stale, or downloaded with retries; a copy
// from an earlier build when the CMS cannot be asked right now. A problem with the file leaves it
// out (recorded in `problems`); only a media host that cannot be reached at all is an error.
import { rm } from 'node:fs/promises';
import pLimit from 'p-limit';
import { backoffDelay } from '../content/client';
import { UserError } from '../errors';
import { createFetcher, type Fetcher, type FetchResult } from './fetch-file';
import type { FetchLimits } from './fetch-limits';
import { FileProblem, TransientProblem } from './fetch-problems';
import { freshUntil, type CachedFile, type MediaFailure } from './media-cache';
import type { MediaPolicy } from './media-policy';
import type { LocalFile } from './media-tokens';
import { storeFile, type StoreContext } from './store-file';

export interface SourceOptions extends StoreContext {
  policy: MediaPolicy;
  limits: FetchLimits;
  /** HTTP requests in flight at most. */
  concurrency: number;
  retries: number;
  baseDelayMs: number;
  spoolDir: string;
  /** Stops every request and retry. */
  signal: AbortSignal;
  onRetry?: (message: string) => void;
  /**
   * A permanent answer recorded in the media index at or after this instant (epoch ms) stands: the
   * file is left out without asking. Null: every file is asked for.
   */
  failuresAskedAfter: number | null;
}

export type Obtained = { file: LocalFile; downloaded: boolean };

interface HostState {
  /** Answers that show the host works (any HTTP answer, a file from it). */
  reached: number;
  unreachable: { url: string; message: string }[];
}

export class MediaSource {
  /** URL → why it is left out. */
  readonly problems = new Map<string, string>();
  /** The problems that were permanent answers. */
  readonly permanent = new Set<string>();
  /** URL → the permanent answer recorded earlier, for files left out without asking. */
  readonly remembered = new Map<string, MediaFailure>();
  /** URL → why the copy from an earlier build is used. */
  readonly staleNotes = new Map<string, string>();
  private readonly hosts = new Map<string, HostState>();
  private readonly fetcher: Fetcher;
  private readonly net: ReturnType<typeof pLimit>;

  constructor(private readonly options: SourceOptions) {
    this.fetcher = createFetcher(options.policy, options.limits, options.spoolDir, options.concurrency);
    this.net = pLimit(options.concurrency);
  }

  /**
   * The file `url` is, known without waiting on anything, or undefined: `obtain` it. So it is when
   * the cache's entry is fresh and the output being replaced holds its file (taken over at the
   * swap, not read again): what `obtain` would make of it, without its trips through the event
   * loop — an incremental build names every media file of the site and changes few.
   */
  obtainAtOnce(url: string): LocalFile | undefined {
    const { cache, policy, placement, now, started } = this.options;
    // A build without a previous folder (a first or cold build) asks nothing more.
    if (!cache || placement.previous === null || !policy.plainlyAllows(url) || cache.failure(url)) return undefined;
    const entry = cache.get(url);
    if (!entry || !(entry.freshUntil > now()) || !placement.placeFromPrevious(entry.name)) return undefined;
    cache.touch(url, started);
    return localFile(entry);
  }

  /** `reask`: ask even when a permanent answer is recorded (an item using the file changed). */
  async obtain(url: string, reask = false): Promise<Obtained | null> {
    const { cache, signal, retries, failuresAskedAfter } = this.options;
    this.remembered.delete(url);
    const verdict = this.options.policy.check(url);
    if (!verdict.ok) {
      this.leaveOut(url, verdict.reason, true);
      return null;
    }
    const failure = cache?.failure(url);
    if (failure && !reask && failuresAskedAfter !== null && failure.askedAt >= failuresAskedAfter) {
      this.remembered.set(url, failure);
      return null;
    }
    let entry = cache?.get(url);
    if (entry && entry.freshUntil > this.options.now()) {
      const cached = await this.fromCache(url, entry);
      if (cached) return cached;
      entry = undefined;
    }
    const host = this.hostOf(verdict.url);
    let fetched: FetchResult;
    try {
      fetched = await this.fetchWithRetries(verdict.url, entry);
    } catch (error) {
      if (signal.aborted) throw signal.reason ?? error;
      if (error instanceof FileProblem) {
        host.reached++;
        this.leaveOut(url, error.message, error.permanent);
        return null;
      }
      if (!(error instanceof TransientProblem)) throw error;
      // The CMS cannot be asked right now: a copy it once sent beats a page without its picture
      // (RFC 9111 4.2.4, serving stale on error).
      const stale = entry && (await this.fromCache(url, entry));
      if (stale) {
        this.staleNotes.set(url, error.message);
        return stale;
      }
      host.unreachable.push({ url, message: error.message });
      if (host.reached === 0) throw unreachable(verdict.url.origin, host);
      this.leaveOut(url, `${error.message} (after ${retries + 1} attempts)`, false);
      return null;
    }
    host.reached++;
    if (fetched.notModified) {
      if (!entry) throw new FileProblem('HTTP 304 to a request without validators');
      const renewed = { ...entry, freshUntil: freshUntil(fetched.headers, this.options.now()), etag: fetched.headers.get('etag') ?? entry.etag, usedAt: this.options.started };
      cache!.set(url, renewed);
      const cached = await this.fromCache(url, renewed);
      if (cached) return cached;
      cache!.delete(url);
      return this.obtain(url);
    }
    try {
      const stored = await storeFile(verdict.url, fetched, this.options);
      cache?.set(url, stored);
      return { file: localFile(stored), downloaded: true };
    } catch (error) {
      if (fetched.spooled) await rm(fetched.spooled, { force: true });
      if (!(error instanceof FileProblem)) throw error;
      this.leaveOut(url, error.message, error.permanent);
      return null;
    }
  }

  private leaveOut(url: string, reason: string, permanent: boolean): void {
    this.remembered.delete(url);
    this.problems.set(url, reason);
    if (permanent) this.permanent.add(url);
    else this.permanent.delete(url);
  }

  close(): void {
    this.fetcher.close();
  }

  private hostOf(url: URL): HostState {
    let state = this.hosts.get(url.origin);
    if (!state) this.hosts.set(url.origin, (state = { reached: 0, unreachable: [] }));
    return state;
  }

  private async fromCache(url: string, entry: CachedFile): Promise<Obtained | null> {
    const { cache, placement, fs, limits } = this.options;
    // The cache may have been written by anyone: a body is placed only as what its bytes are, or
    // as the very file the cache wrote after checking them.
    if (!(await placement.previousHas(entry.name)) && !(await cache!.trusts(entry, limits.maxBytes)) && (await fs(() => cache!.checkBody(url, entry, limits.maxBytes)))) {
      await cache!.discard(url);
      return null;
    }
    try {
      await placement.place(entry.name, cache!.bodyFile(entry.sha256));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // The body was removed behind the manifest's back: download it again.
      placement.forget(entry.name);
      cache!.delete(url);
      return null;
    }
    cache!.touch(url, this.options.started);
    return { file: localFile(entry), downloaded: false };
  }

  private async fetchWithRetries(url: URL, entry: CachedFile | undefined): Promise<FetchResult> {
    const { signal, retries, baseDelayMs } = this.options;
    const validators = entry ? { etag: entry.etag, lastModified: entry.lastModified } : null;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.net(() => this.fetcher.fetch(url, validators, signal));
      } catch (error) {
        if (!(error instanceof TransientProblem) || signal.aborted || attempt >= retries) throw error;
        const delay = backoffDelay(attempt, baseDelayMs, 10_000);
        this.options.onRetry?.(`media ${url.href}: ${error.message}; retry ${attempt + 1} in ${delay} ms`);
        await sleep(delay, signal);
      }
    }
  }
}

function unreachable(origin: string, host: HostState): UserError {
  const first = host.unreachable[0]!;
  return new UserError(`The media host ${origin} could not be reached: ${first.message} (${first.url})`, {
    hint: 'Check that the CMS serves its files, then build again. Nothing was published.',
  });
}

function localFile(entry: CachedFile): LocalFile {
  return { href: `/media/${entry.name}`, bytes: entry.bytes, contentType: entry.contentType, width: entry.width, height: entry.height };
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
