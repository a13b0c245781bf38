// Renders every page and writes it as soon as it is ready (after Vike's prerender).
// Rendering is synchronous CPU work, so on machines with more than two cores large sites are split
// over two threads: this one and a render worker (site/render/render-worker.ts) that rebuilds the
// same site contexts from the plain SiteData and renders every other page. Any failure fails the
// whole build.
import { existsSync, mkdir, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Locale } from '../model/content-types';
import { checkKeptHtml } from '../incremental/kept-html';
import { DependencyTracker } from '../incremental/page-inputs';
import type { Page, SiteContext } from '../model/page-model';
import { renderPage } from '../render/render-page';
import type { SiteData } from '../render/site-data';
import { fileOfHref } from '../routes/url-to-file';
import { measurePageJs, type ClientBundle } from './client-bundle';
import { collectBeforeRendering } from '../stages/heap';
import { makeSpreadFolder } from './spread-folders';

/**
 * Pages are written with synchronous calls, one after the other, between renders: a trip to
 * libuv's thread pool for each open, write and close costs more CPU than the kernel's own work
 * on a page (docs/benchmarks.md). The event loop gets a turn after this many pages, so progress,
 * the stop signal and timers still run.
 */
const PAGES_PER_TURN = 64;
/** Below this many pages a worker's start-up costs more than it saves. */
export const PARALLEL_FROM = 400;
/**
 * On two cores the worker gains nothing and costs memory (docs/benchmarks.md): the build's own
 * I/O, the garbage collector and the worker's copy of the site data compete for the second core.
 */
const WORKER_FROM_CORES = 3;

/** Threads that render: 1 or 2 from HOTEL_SITE_RENDER_THREADS (README), else by the cores. */
function renderThreads(): 1 | 2 {
  const chosen = process.env.HOTEL_SITE_RENDER_THREADS;
  if (chosen === '1' || chosen === '2') return Number(chosen) as 1 | 2;
  return availableParallelism() >= WORKER_FROM_CORES ? 2 : 1;
}

export interface WriteResult {
  pages: number;
  /** Threads that rendered (1, or 2 with the render worker). */
  threads: number;
  bytes: number;
  /** Gzipped JavaScript one page loads, per page type. */
  jsPerPageType: Record<string, number>;
  /** With `track`: href → what the page looked up while rendering (site/incremental/page-inputs.ts). */
  deps: Record<string, string[]>;
}

export interface RenderJob {
  /** Holds the folders of `pages` already (makePageFolders). */
  outDir: string;
  pages: readonly Page[];
  bundle: ClientBundle;
  /** Record each page's dependencies (an incremental build). */
  track?: boolean;
}

function pageType(page: Page): string {
  if (page.kind === 'detail') return `detail:${page.item!.type}`;
  if (page.route) return `${page.kind}:${page.route.template === 'List' ? page.route.id : page.route.template}`;
  return page.kind;
}

/**
 * Renders and writes `job.pages` in this thread. `stopped()` is asked before each page; each page is
 * written before the next is rendered, so once this returns or throws nothing more lands in the
 * folder.
 */
export async function renderAndWrite(job: RenderJob, sites: Map<Locale, SiteContext>, onProgress?: (done: number) => void, stopped: () => boolean = () => false): Promise<WriteResult> {
  const jsPerPageType: Record<string, number> = {};
  const deps: Record<string, string[]> = {};
  const tracker = job.track ? new DependencyTracker(sites) : null;
  let bytes = 0;
  let done = 0;
  for (const page of job.pages) {
    if (stopped()) throw new RenderStopped();
    const site = (tracker?.sites ?? sites).get(page.locale);
    if (!site) throw new Error(`no site data for language ${page.locale}`);
    let html: Buffer;
    if (tracker) {
      const rendered = tracker.record(() => renderPage(page, site));
      html = rendered.result;
      deps[page.href] = rendered.deps;
    } else html = renderPage(page, site);
    // One sample per type is enough to know what that type loads.
    const type = pageType(page);
    if (!(type in jsPerPageType)) jsPerPageType[type] = measurePageJs(job.bundle, html.toString('utf8'));
    bytes += html.length;
    writeFileSync(fileOfHref(job.outDir, page.href), html);
    onProgress?.(++done);
    if (done % PAGES_PER_TURN === 0) await new Promise((turn) => setImmediate(turn));
  }
  return { pages: job.pages.length, threads: 1, bytes, jsPerPageType, deps };
}

/**
 * Makes the folder of every page before any is written, from the page list: each folder once, its
 * parents before it, one level of the tree at a time — a recursive mkdir per page asks the disk
 * for every parent again. The folders right below `outDir` are made so that the disk may spread
 * them (./spread-folders).
 */
export async function makePageFolders(outDir: string, pages: readonly Page[]): Promise<void> {
  const root = resolve(outDir);
  const folders = new Set<string>();
  for (const page of pages) {
    for (let dir = dirname(fileOfHref(root, page.href)); dir.length > root.length && !folders.has(dir); dir = dirname(dir)) folders.add(dir);
  }
  const levels: string[][] = [];
  for (const folder of folders) (levels[folder.split(sep).length] ??= []).push(folder);
  const top = root.split(sep).length + 1;
  for (const [depth, level] of levels.entries()) {
    if (!level) continue;
    if (depth === top) await Promise.all(level.map((folder) => makeSpreadFolder(root, basename(folder))));
    else await makeFolders(level);
  }
}

/** Makes folders whose parents exist, all at once; settles only when every one has. */
function makeFolders(folders: string[]): Promise<void> {
  return new Promise((done, fail) => {
    let left = folders.length;
    let failure: NodeJS.ErrnoException | null = null;
    if (left === 0) done();
    for (const folder of folders) {
      mkdir(folder, (error) => {
        if (error && error.code !== 'EEXIST') failure ??= error;
        if (--left === 0) failure ? fail(failure) : done();
      });
    }
  });
}

/**
 * The bundled worker beside the bundled CLI (this code may sit in the bundle's chunks/ folder);
 * absent when running from sources (tests), where rendering stays on one thread.
 */
function workerFile(): string | null {
  for (const candidate of ['./render-worker.mjs', '../render-worker.mjs']) {
    const file = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(file)) return file;
  }
  return null;
}

/** Thrown where rendering stopped because the build is being stopped. */
export class RenderStopped extends Error {
  constructor() {
    super('rendering stopped');
  }
}

/**
 * Runs the worker on its share. `stop` is a shared flag the worker reads before each page: set, it
 * stops before its next page and exits, so the caller can remove the folder safely afterwards.
 */
function runWorker(file: string, job: RenderJob, data: SiteData, stop: Int32Array, onProgress: (done: number) => void): Promise<WriteResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, { workerData: { job, data, stop } });
    worker.on('message', (message: { type: 'progress'; done: number } | { type: 'done'; result: WriteResult } | { type: 'failed'; message: string; stack: string | undefined; stopped: boolean }) => {
      if (message.type === 'progress') onProgress(message.done);
      else if (message.type === 'done') resolve(message.result);
      else reject(message.stopped ? new RenderStopped() : Object.assign(new Error(message.message), { stack: message.stack }));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (code !== 0) reject(new Error(`the render worker stopped with exit code ${code}`));
    });
  });
}

export async function writePages(
  job: RenderJob,
  site: { sites: Map<Locale, SiteContext>; data: SiteData },
  onProgress?: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<WriteResult> {
  const total = job.pages.length;
  const file = workerFile();
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const stopped = () => signal?.aborted === true || Atomics.load(stop, 0) === 1;
  // Here, before a worker takes its copy: the HTML of items read from the cache, sanitized again.
  for (const page of job.pages) {
    checkKeptHtml(page.item);
    for (const item of page.items) checkKeptHtml(item);
  }
  await makePageFolders(job.outDir, job.pages);
  // Here, once the pages' items were made local: the media tokens and the HTML they replaced are
  // garbage by now, and go with the collection that sizes the heap for rendering.
  collectBeforeRendering();
  if (!file || total < PARALLEL_FROM || renderThreads() === 1) return renderAndWrite(job, site.sites, (done) => onProgress?.(done, total), stopped);
  // Interleaved halves: both threads get every page type in the same proportion.
  const mine = job.pages.filter((_, i) => i % 2 === 0);
  const theirs = job.pages.filter((_, i) => i % 2 === 1);
  let mineDone = 0;
  let theirsDone = 0;
  const report = () => onProgress?.(mineDone + theirsDone, total);
  const onAbort = () => Atomics.store(stop, 0, 1);
  signal?.addEventListener('abort', onAbort, { once: true });
  // One thread failing stops the other; both are awaited, so no page is written after this returns.
  const halves = [
    renderAndWrite({ ...job, pages: mine }, site.sites, (done) => {
      mineDone = done;
      report();
    }, stopped),
    runWorker(file, { ...job, pages: theirs }, site.data, stop, (done) => {
      theirsDone = done;
      report();
    }),
  ].map((half) => half.catch((error: unknown) => {
    Atomics.store(stop, 0, 1);
    throw error;
  }));
  const settled = await Promise.allSettled(halves);
  signal?.removeEventListener('abort', onAbort);
  const failed = settled.filter((result) => result.status === 'rejected').map((result) => result.reason as unknown);
  if (failed.length) throw failed.find((error) => !(error instanceof RenderStopped)) ?? failed[0];
  const [a, b] = settled.map((result) => (result as PromiseFulfilledResult<WriteResult>).value) as [WriteResult, WriteResult];
  return { pages: a.pages + b.pages, threads: 2, bytes: a.bytes + b.bytes, jsPerPageType: { ...b.jsPerPageType, ...a.jsPerPageType }, deps: { ...a.deps, ...b.deps } };
}
