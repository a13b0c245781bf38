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
import type { Adoption } from '../output/staging';
import type { FetchLimits } from './fetch-limits';
import type { MediaCache } from './media-cache';
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

export function startMediaDownloads(options: MediaStageOptions): MediaDownloads {
  return new Downloads(options);
}

class Downloads implements MediaDownloads {
  private readonly abort = new AbortController();
  private readonly onOuterAbort = () => this.abort.abort(this.options.signal?.reason);
  private readonly spoolDir: string;
  private readonly mediaDir: string;
  private readonly ready: Promise<unknown>;
  private readonly placement: MediaPlacement;
  private readonly source: MediaSource;
  /** Files between their request and their place in the cache or the output, at most twice the downloads in flight: downloads outpace the disk. */
  private readonly active: ReturnType<typeof pLimit>;
  private readonly jobs = new Map<string, Promise<void>>();
  private readonly owners = new Map<string, string[]>();
  private readonly files = new Map<string, LocalFile>();
  private readonly stats: DownloadStats = { files: 0, downloaded: 0, fromCache: 0, failed: 0, bytes: 0 };
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
    this.ready = mkdir(this.mediaDir, { recursive: true });
    const fs = pLimit(FS_OPS);
    this.placement = new MediaPlacement(this.mediaDir, options.previous && cache ? options.previous : null, fs);
    this.active = pLimit(options.concurrency * 2);
    this.source = new MediaSource({
      policy: options.policy, cache, limits: options.limits, concurrency: options.concurrency, retries: options.retries, baseDelayMs: options.baseDelayMs ?? 300,
      spoolDir: this.spoolDir, signal: this.abort.signal, onRetry: options.onRetry, mediaDir: this.mediaDir, fs, placement: this.placement, now: this.now, started: this.now(),
    });
  }

  /** Bound: handed on as a callback. */
  readonly request = (url: string, owner: string): void => {
    const known = this.owners.get(url);
    if (known) {
      if (known.length < 4 && !known.includes(owner)) known.push(owner);
      return;
    }
    this.owners.set(url, [owner]);
    const job = this.active(() => this.run(url)).catch((error: unknown) => {
      // The first failure stops the rest: its requests would only add noise after the error.
      this.fatal ??= error;
      this.abort.abort(error);
    });
    this.jobs.set(url, job);
  };

  async settle(): Promise<MediaResult> {
    try {
      await Promise.all(this.jobs.values());
      await this.placement.settled();
      if (this.fatal) throw this.fatal;
    } finally {
      await this.finish();
    }
    this.report();
    return { files: this.files, stats: this.stats, adoption: await this.placement.adoption() };
  }

  async cancel(): Promise<void> {
    this.abort.abort(new Error('cancelled'));
    await Promise.allSettled(this.jobs.values());
    await this.placement.settled(false);
    await this.finish();
  }

  private async run(url: string): Promise<void> {
    await this.ready;
    const got = await this.source.obtain(url);
    if (!got) return;
    this.files.set(url, got.file);
    if (got.downloaded) this.stats.downloaded++;
    else this.stats.fromCache++;
  }

  /** The warnings for files left out or taken stale, and the totals. */
  private report(): void {
    const { stats, options } = this;
    for (const [url, reason] of [...this.source.problems].sort(([a], [b]) => a.localeCompare(b))) {
      stats.failed++;
      options.onWarning(`media ${url} ${usedBy(this.owners.get(url))}left out: ${reason}`);
    }
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
