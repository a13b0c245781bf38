// The media stage's downloads (docs/media.md): every URL the content references is requested as
// soon as normalization meets it, so downloads overlap the rest of the fetch (./obtain-file gets
// each, ./store-file checks and stores it, ./media-placement puts it into the output). Every HTTP
// request and every file operation is bounded, so the stage runs under any open-file limit. One
// bad file never stops publication: it is left out with one warning naming who uses it. Only a
// media host that cannot be reached at all fails the build, so a live site is never republished
// without its pictures.
import { setMaxListeners } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { DrainQueue } from '../concurrency/drain-queue';
import type { Adoption } from '../output/staging';
import type { FetchLimits } from './fetch-limits';
import { day, leftOutAsBefore } from './fetch-problems';
import type { MediaCache, MediaFailure } from './media-cache';
import { MediaPlacement } from './media-placement';
import type { MediaPolicy } from './media-policy';
import type { LocalFile } from './media-tokens';
import { MediaSource } from './obtain-file';

/** File operations in flight at most: far below any open-file limit (macOS: 256). */
const FS_OPS = 32;

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
  /**
   * A build's rule for permanent answers recorded in the media index: they stand for `maxAgeMs`
   * from the build's clock `now`, unless not `honoured` (a build that renders everything). Without
   * it every file is asked for.
   */
  failures?: { maxAgeMs: number; honoured: boolean; now: number };
}

export interface DownloadStats {
  /** Files the pages may use. */
  files: number;
  downloaded: number;
  fromCache: number;
  /** Left out with a warning. */
  failed: number;
  /** Of those, left out for a permanent answer (404, too large, …): the build is complete without them. */
  permanent: number;
  /** When the oldest of those answers was first given (epoch ms); null: none. */
  leftOutSince: number | null;
  /** When the first of those answers is old enough to be asked again (epoch ms); null: none. */
  askAgainAt: number | null;
  bytes: number;
}

export interface MediaResult {
  files: Map<string, LocalFile>;
  stats: DownloadStats;
  /** The previous media folder to take over at the swap, with the files new to it; null: none. */
  adoption: Adoption | null;
}

export interface MediaDownloads {
  /**
   * Starts getting `url` (once, however often it is asked for); `owner` is named in warnings.
   * `kept`: the owner is an item unchanged since the last build, which does not ask again a file
   * that got a permanent answer.
   */
  request(url: string, owner: string, kept?: boolean): void;
  /**
   * Waits for every requested file; fails when a media host could not be reached at all. Once it
   * succeeded, the handle holds nothing of the run.
   */
  settle(): Promise<MediaResult>;
  /** Stops everything in flight and waits for it (a failed or interrupted build); nothing to do once settled. */
  cancel(): Promise<void>;
}

export function startMediaDownloads(options: MediaStageOptions): MediaDownloads {
  // The build holds on to this handle (to cancel should a later stage fail) through rendering,
  // where its memory peaks: once settled, it lets go of everything each URL needed (owners,
  // files, placements, the cache's index). Nothing is in flight then, and the manifest is saved.
  let run: Downloads | null = new Downloads(options);
  return {
    request: (url, owner, kept) => run?.request(url, owner, kept),
    async settle() {
      const result = await run!.settle();
      run = null;
      return result;
    },
    cancel: async () => run?.cancel(),
  };
}

class Downloads implements MediaDownloads {
  private readonly abort = new AbortController();
  private readonly onOuterAbort = () => this.abort.abort(this.options.signal?.reason);
  private readonly spoolDir: string;
  private readonly mediaDir: string;
  private readonly ready: Promise<unknown>;
  private readonly placement: MediaPlacement;
  private readonly source: MediaSource;
  /**
   * Files between their request and their place in the cache or the output, at most twice the
   * downloads in flight (downloads outpace the disk): that many runners drain one list of URLs,
   * holding one slot per URL rather than a queued promise (docs/media.md, "Memory").
   */
  private readonly queue = new DrainQueue<string>((url) => this.run(url));
  private readonly owners = new Map<string, string[]>();
  private readonly files = new Map<string, LocalFile>();
  /** URLs an item that changed (or was never kept) uses. */
  private readonly changed = new Set<string>();
  private readonly stats: DownloadStats = { files: 0, downloaded: 0, fromCache: 0, failed: 0, permanent: 0, leftOutSince: null, askAgainAt: null, bytes: 0 };
  private readonly now: () => number;
  private fatal: unknown = null;

  constructor(private readonly options: MediaStageOptions) {
    const { cache } = options;
    this.now = options.now ?? Date.now;
    // Every request in flight and every retry waiting listens to it: up to content.mediaConcurrency and more.
    setMaxListeners(0, this.abort.signal);
    options.signal?.addEventListener('abort', this.onOuterAbort, { once: true });
    this.spoolDir = cache ? cache.spoolDir : mkdtempSync(join(tmpdir(), 'hotel-site-media-'));
    this.mediaDir = join(options.outDir, 'media');
    const fs = pLimit(FS_OPS);
    this.placement = new MediaPlacement(this.mediaDir, options.previous && cache ? options.previous : null, fs);
    // A URL is taken on once the previous media folder is listed: most are in it (obtainAtOnce).
    this.ready = Promise.all([mkdir(this.mediaDir, { recursive: true }), this.placement.listed]);
    this.queue.runners = options.concurrency * 2;
    this.queue.onError = (error) => {
      // The first failure stops the rest: its requests would only add noise after the error.
      this.fatal ??= error;
      this.abort.abort(error);
    };
    this.source = new MediaSource({
      policy: options.policy, cache, limits: options.limits, concurrency: options.concurrency, retries: options.retries, baseDelayMs: options.baseDelayMs ?? 300,
      spoolDir: this.spoolDir, signal: this.abort.signal, onRetry: options.onRetry, mediaDir: this.mediaDir, fs, placement: this.placement, now: this.now, started: this.now(),
      failuresAskedAfter: options.failures?.honoured ? options.failures.now - options.failures.maxAgeMs : null,
    });
  }

  /** Bound: handed on as a callback. */
  readonly request = (url: string, owner: string, kept = false): void => {
    if (this.files.has(url)) return;
    const known = this.owners.get(url);
    const file = known ? undefined : this.source.obtainAtOnce(url);
    if (file) {
      this.files.set(url, file);
      this.stats.fromCache++;
      return;
    }
    if (!kept) this.changed.add(url);
    if (known) {
      if (known.length < 4 && !known.includes(owner)) known.push(owner);
      return;
    }
    this.owners.set(url, [owner]);
    this.queue.push(url);
  };

  async settle(): Promise<MediaResult> {
    try {
      await this.queue.drained();
      // A file left out for its recorded answer before a changed item asked for it: asked now.
      for (const url of this.source.remembered.keys()) if (this.changed.has(url)) this.queue.push(url);
      await this.queue.drained();
      // Files taken at once never waited for the media folder.
      await this.ready;
      await this.placement.settled();
      if (this.fatal) throw this.fatal;
      // Before the manifest is saved: the answers it records.
      this.report();
    } finally {
      await this.finish();
    }
    return { files: this.files, stats: this.stats, adoption: await this.placement.adoption() };
  }

  async cancel(): Promise<void> {
    this.abort.abort(new Error('cancelled'));
    await this.queue.drained();
    await this.placement.settled(false);
    await this.finish();
  }

  private async run(url: string): Promise<void> {
    await this.ready;
    // Asked before the previous media folder was listed, and known at once now.
    const file = this.source.obtainAtOnce(url);
    if (file) return this.obtained(url, file, false);
    const got = await this.source.obtain(url, this.changed.has(url));
    if (got) this.obtained(url, got.file, got.downloaded);
  }

  /**
   * Only a file left out is reported with who uses it, and whether an item using it changed no
   * longer matters: what the URL needed is let go of as soon as it is done rather than when the
   * stage ends, where the stage's memory peaks.
   */
  private obtained(url: string, file: LocalFile, downloaded: boolean): void {
    this.files.set(url, file);
    this.owners.delete(url);
    this.changed.delete(url);
    if (downloaded) this.stats.downloaded++;
    else this.stats.fromCache++;
  }

  /** The warnings for files left out or taken stale, and the totals. */
  private report(): void {
    const { stats, options, source } = this;
    const { cache } = options;
    const now = options.failures?.now ?? this.now();
    let asBefore = 0;
    const permanent = (failure: MediaFailure) => {
      stats.permanent++;
      stats.leftOutSince = Math.min(stats.leftOutSince ?? Infinity, failure.since);
      if (options.failures) stats.askAgainAt = Math.min(stats.askAgainAt ?? Infinity, failure.askedAt + options.failures.maxAgeMs);
    };
    for (const [url, reason] of [...source.problems].sort(([a], [b]) => a.localeCompare(b))) {
      stats.failed++;
      if (!cache || !source.permanent.has(url)) {
        cache?.clearFailure(url);
        options.onWarning(`media ${url} ${usedBy(this.owners.get(url))}left out: ${reason}`);
        continue;
      }
      const before = cache.failure(url);
      const failure = { answer: reason, since: before?.answer === reason ? before.since : now, askedAt: now };
      cache.setFailure(url, failure);
      permanent(failure);
      // Said once, when the answer was new; later builds count it.
      if (before?.answer === reason) asBefore++;
      else options.onWarning(`media ${url} ${usedBy(this.owners.get(url))}left out since ${day(failure.since)}: ${reason}`);
    }
    for (const failure of source.remembered.values()) {
      stats.failed++;
      permanent(failure);
      asBefore++;
    }
    if (asBefore) options.onWarning(leftOutAsBefore(asBefore, stats.leftOutSince!));
    for (const [url, reason] of this.source.staleNotes) options.onWarning(`media ${url}: could not be revalidated (${reason}); using the copy from an earlier build`);
    const names = new Set<string>();
    for (const file of this.files.values()) {
      if (names.has(file.href)) continue;
      names.add(file.href);
      stats.bytes += file.bytes;
    }
    stats.files = names.size;
  }

  private async finish(): Promise<void> {
    const { cache } = this.options;
    this.options.signal?.removeEventListener('abort', this.onOuterAbort);
    this.source.close();
    await cache?.save(this.now()).catch((error: Error) => this.options.onWarning(`media cache: the manifest could not be saved (${error.message})`));
    if (!cache) await rm(this.spoolDir, { recursive: true, force: true });
  }
}

function usedBy(list: string[] | undefined): string {
  if (!list?.length) return '';
  return `(${list.slice(0, 3).join(', ')}${list.length > 3 ? ' and more' : ''}) `;
}
