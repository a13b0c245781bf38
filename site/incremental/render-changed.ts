// The render stage of an incremental build (docs/incremental.md): pages whose input hash is the
// one the previous build recorded are hard links to the previous files; the rest are rendered,
// with their lookups recorded, and get new records. Without a usable previous build every page is
// rendered and recorded, so the next build can be incremental.
import { relative } from 'node:path';
import type { Locale } from '../content/types';
import type { ClientBundle } from '../output/client-bundle';
import { writePages, type WriteResult } from '../output/write-pages';
import type { Page, SiteContext } from '../render/page-model';
import type { SiteData } from '../render/site-data';
import { fileOfHref } from '../routes/url-to-file';
import type { BuildRecord, PageRecord } from './build-record';
import { InputHasher } from './page-inputs';
import { linkFromPrevious } from './reuse-output';

export interface RenderChangedOptions {
  pages: readonly Page[];
  site: { sites: Map<Locale, SiteContext>; data: SiteData };
  bundle: ClientBundle;
  /** The folder being written. */
  dir: string;
  /** The current output folder, which the previous build wrote. */
  outDir: string;
  previous: BuildRecord | null;
  code: string;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export interface RenderChangedResult {
  written: WriteResult;
  records: Record<string, PageRecord>;
  /** Pages kept from the previous output. */
  reused: number;
  /** Files of the pages rendered now (relative). */
  renderedFiles: string[];
}

export async function renderChanged(options: RenderChangedOptions): Promise<RenderChangedResult> {
  const { pages, previous } = options;
  const hasher = new InputHasher(options.site.sites, options.code);
  const fileOf = (page: Page) => relative(options.dir, fileOfHref(options.dir, page.href)).split('\\').join('/');
  const records: Record<string, PageRecord> = {};
  const kept = new Map<string, Page>();
  let render: Page[] = [];
  for (const page of pages) {
    const file = fileOf(page);
    const before = previous?.pages[page.href];
    if (before && before.file === file && hasher.pageHash(page, before.deps) === before.hash) {
      kept.set(file, page);
      records[page.href] = before;
    } else render.push(page);
  }
  if (kept.size) {
    const missing = await linkFromPrevious(options.outDir, options.dir, [...kept.keys()]);
    for (const file of missing) {
      const page = kept.get(file)!;
      delete records[page.href];
      render.push(page);
    }
    if (missing.size) render = pages.filter((page) => !records[page.href]);
  }
  const written = await writePages({ outDir: options.dir, pages: render, bundle: options.bundle, track: true }, options.site, options.onProgress, options.signal);
  const renderedFiles: string[] = [];
  for (const page of render) {
    const file = fileOf(page);
    const deps = written.deps[page.href] ?? [];
    records[page.href] = { file, hash: hasher.pageHash(page, deps), deps };
    renderedFiles.push(file);
  }
  return { written, records, reused: pages.length - render.length, renderedFiles };
}
