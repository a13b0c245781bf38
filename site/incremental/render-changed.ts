// The render stage of an incremental build (docs/incremental.md): pages whose input hash is the
// one the previous build recorded keep their previous files; the rest are rendered, with their
// lookups recorded, and get new records. The previous output's language folders stay in place at
// the swap, the rendered pages moved into them; a kept page whose folder is gone is linked into the
// staging folder. Without a usable previous build every page is rendered and recorded, so the next
// build can be incremental.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Locale } from '../model/content-types';
import type { ClientBundle } from '../output/client-bundle';
import { PARALLEL_FROM, writePages, type WriteResult } from '../output/write-pages';
import { localized } from '../media/media-refs';
import type { Page, SiteContext } from '../model/page-model';
import type { SiteData } from '../render/site-data';
import { fileOfHref } from '../routes/url-to-file';
import type { BuildRecord, PageRecord } from './build-record';
import { InputHasher } from './page-inputs';
import { outputHolds } from '../output/output-listing';
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
  /**
   * Folders of the previous output kept in place at the swap (their unchanged pages were not
   * linked), each with the files of its previous pages this build has no page for (relative to it).
   */
  takeOver: { folder: string; extras: string[] }[];
}

export async function renderChanged(options: RenderChangedOptions): Promise<RenderChangedResult> {
  const { pages, previous } = options;
  const hasher = new InputHasher(options.site.sites, options.code);
  const fileOf = (page: Page) => relative(options.dir, fileOfHref(options.dir, page.href)).split('\\').join('/');
  const records: Record<string, PageRecord> = {};
  const kept = new Map<string, Page>();
  let render: Page[] = [];
  for (const page of pages) {
    const before = previous?.pages[page.href];
    // The file is a function of the href, and a record is used only by the code version that made
    // it (site/incremental/code-version.ts): the recorded file is the one fileOf would give.
    if (before && hasher.pageHash(page, before.deps) === before.hash) {
      kept.set(before.file, page);
      records[page.href] = before;
    } else render.push(page);
  }
  const folderOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : null);
  const takeOver = new Set<string>();
  if (previous && kept.size) {
    for (const file of kept.keys()) {
      const folder = folderOf(file);
      if (folder && !takeOver.has(folder) && existsSync(join(options.outDir, folder))) takeOver.add(folder);
    }
  }
  if (previous && kept.size) {
    const link: string[] = [];
    const missing = new Set<string>();
    const holds = outputHolds(options.outDir, previous.outIno);
    for (const file of kept.keys()) {
      if (!takeOver.has(folderOf(file) ?? '')) link.push(file);
      else if (!holds(file)) missing.add(file);
    }
    for (const file of await linkFromPrevious(options.outDir, options.dir, link)) missing.add(file);
    for (const file of missing) {
      const page = kept.get(file)!;
      delete records[page.href];
      render.push(page);
    }
    if (missing.size) render = pages.filter((page) => !records[page.href]);
  }
  // What the pages read besides their own items goes through the dependency tracker, which makes
  // it local; a render thread gets a copy of the whole site, made local first.
  if (render.length >= PARALLEL_FROM) for (const types of options.site.data.linkable.values()) for (const list of types.values()) list.forEach(localized);
  for (const page of render) {
    localized(page.item);
    page.items.forEach(localized);
  }
  const written = await writePages({ outDir: options.dir, pages: render, bundle: options.bundle, track: true }, options.site, options.onProgress, options.signal);
  const renderedFiles: string[] = [];
  for (const page of render) {
    const file = fileOf(page);
    const deps = written.deps[page.href] ?? [];
    records[page.href] = { file, hash: hasher.pageHash(page, deps), deps };
    renderedFiles.push(file);
  }
  const current = new Set(Object.values(records).map((record) => record.file));
  const folders = [...takeOver].map((folder) => ({
    folder,
    extras: Object.values(previous?.pages ?? {})
      .map((record) => record.file)
      .filter((file) => folderOf(file) === folder && !current.has(file))
      .map((file) => file.slice(folder.length + 1)),
  }));
  return { written, records, reused: pages.length - render.length, renderedFiles, takeOver: folders };
}
