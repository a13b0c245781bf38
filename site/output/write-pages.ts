// Renders every page and writes it as soon as it is ready (STYLE.md, after Vike's prerender):
// rendering is synchronous CPU work, writing is I/O, so up to WRITES_IN_FLIGHT files are written
// while the next pages render. Any failure fails the whole build.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Locale } from '../content/types';
import type { Page, SiteContext } from '../render/page-model';
import { renderPage } from '../render/render-page';
import { fileOfHref } from '../routes/url-to-file';

const WRITES_IN_FLIGHT = 32;

export interface WriteOptions {
  onProgress?: (done: number, total: number) => void;
  onPage?: (page: Page, html: string) => void;
}

export async function writePages(outDir: string, pages: readonly Page[], sites: Map<Locale, SiteContext>, options: WriteOptions = {}): Promise<{ pages: number; bytes: number }> {
  // The promise, not a flag: a second page in the same folder must wait for the first mkdir.
  const made = new Map<string, Promise<unknown>>();
  const inFlight = new Set<Promise<void>>();
  let bytes = 0;
  let done = 0;
  const total = pages.length;

  async function write(file: string, html: string): Promise<void> {
    const dir = dirname(file);
    let ready = made.get(dir);
    if (!ready) made.set(dir, (ready = mkdir(dir, { recursive: true })));
    await ready;
    await writeFile(file, html);
  }

  for (const page of pages) {
    const site = sites.get(page.locale);
    if (!site) throw new Error(`no site data for language ${page.locale}`);
    const html = renderPage(page, site);
    options.onPage?.(page, html);
    bytes += Buffer.byteLength(html);
    const task = write(fileOfHref(outDir, page.href), html).then(() => {
      inFlight.delete(task);
      options.onProgress?.(++done, total);
    });
    inFlight.add(task);
    if (inFlight.size >= WRITES_IN_FLIGHT) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return { pages: total, bytes };
}
