// What `build` keeps between runs into the same output folder, behind one object the stages use
// (docs/incremental.md): the previous build's record (or why there is none), the CMS answers of
// the lists whose version did not move, the assets the same code made last time, the pass that
// keeps every other unchanged file, and the record saved after the swap.
import { rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ResolvedConfig } from '../config/define-config';
import type { ContentClient } from '../content/client';
import type { ListStore } from '../content/content-lists';
import type { Adoption } from '../output/staging';
import type { BuiltAssets } from '../output/site-files';
import type { SitemapEntries, WrittenSitemap, WrittenUrlset } from '../output/sitemap';
import { configHash, forgetRecord, loadPrevious, saveRecord, type BuildRecord, type BuildSummary, type SitemapRecord } from './build-record';
import { readCacheBytes } from './cache-file';
import { codeVersion } from './code-version';
import { keepAnswers, type KeptAnswers } from './kept-answers';
import { openListSnapshots, type ListSnapshots } from './list-snapshots';
import type { RenderChangedResult } from './render-changed';
import { filesBelow, keepUnchanged, linkFromPrevious } from './reuse-output';

export interface BuildCacheOptions {
  config: ResolvedConfig;
  outDir: string;
  /** Render every page, whatever the previous build recorded (--full). */
  full?: boolean;
  /** The build's clock (default: now). */
  now?: Date;
  warn: (message: string) => void;
  info: (message: string) => void;
}

export interface BuildCache {
  /** Why every page is rendered; null when the previous build is reused. */
  fullReason: string | null;
  /** The output folder when the last build wrote it as it is now (its files may be reused). */
  previousOut: string | null;
  /** The output folder, absolute. */
  outDir: string;
  /** The previous build's record, when it is used. */
  previous: BuildRecord | null;
  /** The code version this build records (./code-version). */
  code: string;
  /**
   * The client that reuses kept answers of lists whose version did not move; `upToDate` when the
   * CMS reports the very content the previous build was made of, and the time has not changed any
   * page since: then the previous output is this build's, and `previous` its summary.
   */
  keepAnswers(client: ContentClient): Promise<
    { client: ContentClient; upToDate: false; lists?: ListStore } | { upToDate: true; previous: BuildSummary; jsPerPageType: Record<string, number> }
  >;
  /**
   * The previous output's stylesheet, client bundle and public files linked into `dir` when the
   * same code version made them; null when they must be made anew.
   */
  keptAssets(dir: string): Promise<BuiltAssets | null>;
  /**
   * The sitemap in `dir`: the previous output's files linked when they list `entries`
   * (site/output/sitemap.ts), else the files `write` writes, given the previous output's urlset to
   * take unchanged elements from; either is recorded for the next build. True when they were linked.
   */
  sitemap(dir: string, entries: SitemapEntries, write: (previous: WrittenUrlset | null) => Promise<WrittenSitemap>): Promise<boolean>;
  /** Gzipped JavaScript per page type, this build's figures over the previous build's. */
  jsPerPageType(rendered: RenderChangedResult): Record<string, number>;
  /**
   * Every file written now with the previous output's bytes becomes a link to the previous file
   * (or, in a folder kept in place, goes: the previous file stays); returns the folders of the
   * previous output kept in place at the swap, with the files they lose.
   */
  keepUnchanged(dir: string, rendered: RenderChangedResult): Promise<Adoption[]>;
  /** After the swap: the record and the answers, for the next build. A failure is a warning. */
  save(rendered: RenderChangedResult, built: { summary: BuildSummary; stableUntil: number; assets: BuiltAssets }): Promise<void>;
  /** Synchronously drops the record save() wrote or is writing: the swap was undone after all. */
  forget(): void;
}

export async function openBuildCache(options: BuildCacheOptions): Promise<BuildCache> {
  const { config, warn } = options;
  const started = Date.now();
  const now = (options.now ?? new Date()).getTime();
  const identity = {
    cacheDir: config.cacheDir, outDir: resolve(options.outDir), code: await codeVersion(),
    endpoint: `${config.content.endpoint ?? 'embedded'}${config.content.token ? ' as an account' : ''}`, config: configHash({ ...config, cacheDir: null, cacheMaxAgeHours: null }),
  };
  const previous = options.full ? { record: null, reason: '--full' } : await loadPrevious(identity, config.cacheMaxAgeHours * 3_600_000, started, warn);
  const record: BuildRecord | null = previous.record;
  let kept: KeptAnswers | null = null;
  let lists: ListSnapshots | null = null;
  let sitemap: SitemapRecord | null = null;
  const jsPerPageType = (rendered: RenderChangedResult) => ({ ...record?.jsPerPageType, ...rendered.written.jsPerPageType });

  return {
    fullReason: previous.record ? null : previous.reason,
    previousOut: previous.record ? identity.outDir : null,
    outDir: identity.outDir,
    previous: record,
    code: identity.code,
    async keepAnswers(client) {
      // The embedded backend listens on a new port each run, so its answers name media on an
      // origin that is gone; it answers from memory anyway. Only a configured CMS's are kept.
      if (!config.content.endpoint) return { client, upToDate: false };
      const previousContent = record && !record.summary.incomplete && now < record.stableUntil ? record.content : null;
      const reuse = !options.full;
      const maxAgeMs = config.cacheMaxAgeHours * 3_600_000;
      kept = await keepAnswers(client, { ...identity, locales: config.locales.all, reuse, maxAgeMs, now: started, previous: previousContent, warn, info: options.info });
      if (kept.upToDate && record) return { upToDate: true, previous: record.summary, jsPerPageType: record.jsPerPageType };
      lists = await openListSnapshots({ ...identity, versions: kept.versions, reuse, maxAgeMs, now: started, warn });
      return { client: kept.client, upToDate: false, lists };
    },
    async keptAssets(dir) {
      // The record's code version is this build's (or the record is not used): the same sources
      // bundle to the same bytes. Linked only when every file is still there, so that a partial
      // link is never written over (which would change the previous output through the link).
      const kept = record?.assets;
      if (kept && (await allPresent(identity.outDir, kept.files))) {
        const missing = await linkFromPrevious(identity.outDir, dir, kept.files);
        if (missing.size === 0) return kept;
        await Promise.all(kept.files.map((file) => rm(join(dir, file), { force: true })));
      }
      return null;
    },
    async sitemap(dir, entries, write) {
      const kept = record?.sitemap;
      if (kept?.key === entries.key) {
        const missing = await linkFromPrevious(identity.outDir, dir, kept.files);
        if (missing.size === 0) {
          sitemap = kept;
          return true;
        }
        await Promise.all(kept.files.map((file) => rm(join(dir, file), { force: true })));
      }
      // The previous urlset is read only to take its unchanged elements; one that is gone or not
      // what the record says is not used (sitemap.ts checks it holds one element per key).
      const keys = kept?.keys;
      const xml = keys ? await readCacheBytes(join(identity.outDir, 'sitemap.xml')).catch(() => null) : null;
      const written = await write(keys && xml ? { xml: xml.toString(), keys } : null);
      sitemap = { key: entries.key, files: written.files, keys: written.urlset?.keys ?? null };
      return false;
    },
    jsPerPageType,
    async keepUnchanged(dir, rendered) {
      if (!record) return [];
      // Media of a configured CMS are links into the media cache already.
      const skip = new Set([...config.locales.all, ...(config.content.endpoint ? ['media'] : [])]);
      const takenOver = new Set(rendered.takeOver.map(({ folder }) => folder));
      await keepUnchanged(identity.outDir, dir, [...rendered.renderedFiles, ...(await filesBelow(dir, skip))], takenOver);
      return rendered.takeOver;
    },
    forget() {
      forgetRecord(config.cacheDir, identity.outDir);
    },
    async save(rendered, built) {
      const next: BuildRecord = {
        version: 4, ...identity, outIno: (await stat(identity.outDir)).ino, fullAt: record?.fullAt ?? started,
        builtAt: Date.now(), pages: rendered.records, jsPerPageType: jsPerPageType(rendered),
        content: kept?.state ?? null, summary: built.summary, stableUntil: built.stableUntil,
        assets: { assets: built.assets.assets, stylesheet: built.assets.stylesheet, client: built.assets.client, publicFiles: built.assets.publicFiles, files: built.assets.files },
        sitemap,
      };
      await Promise.all([
        saveRecord(config.cacheDir, next).catch((error: Error) => warn(`build cache: the record could not be saved (${error.message}); the next build renders every page`)),
        kept?.save().catch((error: Error) => warn(`build cache: the CMS answers could not be kept (${error.message}); the next build fetches everything`)),
        lists?.save().catch((error: Error) => warn(`build cache: the content lists could not be kept (${error.message}); the next build fetches them again`)),
      ]);
    },
  };
}

async function allPresent(dir: string, files: readonly string[]): Promise<boolean> {
  for (const file of files) if (!(await stat(join(dir, file)).catch(() => null))?.isFile()) return false;
  return true;
}
