// The pages of `watch`: rendered when requested, and written to the output folder in the
// background. After a rebuild the page a browser asks for is rendered first, on demand (a few
// milliseconds), so the time from a save to the page being served does not grow with the size of
// the site; meanwhile the writer re-renders every page between requests (yielding after each) and
// writes the ones whose HTML changed, so the folder ends up as a build would leave it.
import { createHash } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Locale } from '../../model/content-types';
import type { Page, SiteContext } from '../../model/page-model';
import { describeRenderFailures } from './build-error';

export type RenderFn = (page: Page, site: SiteContext) => Buffer;

export interface RenderState {
  pages: readonly Page[];
  byHref: ReadonlyMap<string, Page>;
  sites: ReadonlyMap<Locale, SiteContext>;
  render: RenderFn;
}

export interface PageStoreOptions {
  outDir: string;
  /** The file a page href is written to (site/routes/url-to-file's fileOfHref). */
  fileOf: (outDir: string, href: string) => string;
  /** The project: paths in error messages are shown relative to it. */
  root: string;
  log: (message: string) => void;
  /** The writer caught up with the current state. */
  onWritten?: (info: { pages: number; written: number; ms: number }) => void;
}

/** Rendered pages kept for repeated requests (a browser reloading, tests polling). */
const RECENT = 64;
/**
 * The writer keeps out of the way of the browser: it starts a while after a rebuild (the open tabs
 * reload right then) and pauses while pages are being requested, since one render of a long list
 * page blocks every request behind it.
 */
const QUIET_AFTER_REBUILD_MS = 300;
const QUIET_AFTER_REQUEST_MS = 150;

const digest = (html: Buffer) => createHash('sha1').update(html).digest('base64');

export class PageStore {
  private current: RenderState | null = null;
  private recent = new Map<string, Buffer>();
  /** The last HTML each recently requested page rendered to, kept across rebuilds. */
  private lastGoodHtml = new Map<string, Buffer>();
  /** href → digest of what is on disk. */
  private onDisk = new Map<string, string>();
  private run = 0;
  private waiting: (() => void)[] = [];
  private writing = false;
  private quietUntil = 0;

  constructor(private readonly options: PageStoreOptions) {}

  get state(): RenderState {
    if (!this.current) throw new Error('page store used before the first build');
    return this.current;
  }

  /** A new build result: pages render again on their next request, and the writer starts over. */
  setState(state: RenderState): void {
    this.current = state;
    this.recent.clear();
    this.quietUntil = performance.now() + QUIET_AFTER_REBUILD_MS;
    const run = ++this.run;
    void this.write(run).catch((error: unknown) => this.options.log(`error: writing pages failed: ${(error as Error).message}`));
  }

  /** Keeps the writer from starting for a while (files are being saved: a rebuild is coming). */
  holdWrites(ms: number): void {
    this.quietUntil = Math.max(this.quietUntil, performance.now() + ms);
  }

  /** The HTML of a page of the current state; throws what rendering threw. */
  html(page: Page): Buffer {
    this.quietUntil = Math.max(this.quietUntil, performance.now() + QUIET_AFTER_REQUEST_MS);
    const known = this.recent.get(page.href);
    if (known !== undefined) return known;
    const { sites, render } = this.state;
    const html = render(page, sites.get(page.locale)!);
    for (const kept of [this.recent, this.lastGoodHtml]) {
      kept.delete(page.href);
      kept.set(page.href, html);
      if (kept.size > RECENT) kept.delete(kept.keys().next().value!);
    }
    return html;
  }

  /**
   * What the page showed before its template broke, if it was requested lately (an open tab):
   * served under the error overlay until the fix is saved (README, `watch`).
   */
  lastGood(href: string): Buffer | undefined {
    return this.lastGoodHtml.get(href);
  }

  /** Resolves when the output folder holds every page of the current state. */
  written(): Promise<void> {
    if (!this.writing) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private async write(run: number): Promise<void> {
    this.writing = true;
    const state = this.state;
    const { outDir, fileOf } = this.options;
    const started = performance.now();
    // Pages that no longer exist (an item unpublished) must not be served from the folder.
    for (const href of [...this.onDisk.keys()]) {
      if (state.byHref.has(href)) continue;
      this.onDisk.delete(href);
      await unlink(fileOf(outDir, href)).catch(() => {});
    }
    let written = 0;
    const failures: { href: string; error: unknown }[] = [];
    for (const page of state.pages) {
      // Let requests and file events in between pages: rendering is synchronous.
      await new Promise((resolve) => setImmediate(resolve));
      for (let wait = this.quietUntil - performance.now(); wait > 0 && run === this.run; wait = this.quietUntil - performance.now()) {
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
      if (run !== this.run) return;
      let html: Buffer;
      try {
        html = this.recent.get(page.href) ?? state.render(page, state.sites.get(page.locale)!);
      } catch (error) {
        // Said once the pass is over, each error once with every page it broke; the page itself
        // shows the error when requested.
        failures.push({ href: page.href, error });
        continue;
      }
      const hash = digest(html);
      if (this.onDisk.get(page.href) === hash) continue;
      const file = fileOf(outDir, page.href);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, html);
      this.onDisk.set(page.href, hash);
      written++;
    }
    if (run !== this.run) return;
    for (const message of describeRenderFailures(failures, this.options.root)) this.options.log(`error: ${message}`);
    this.writing = false;
    this.options.onWritten?.({ pages: state.pages.length, written, ms: performance.now() - started });
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  /** Stops the writer (shutdown). */
  stop(): void {
    this.run++;
    this.writing = false;
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}
