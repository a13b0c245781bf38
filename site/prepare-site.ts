// Everything a page needs before it can be rendered: content fetched and normalized, the route
// map, media made local, and each language's shared data. The build renders all pages from this;
// the preview server renders one page per request from a recent one — the same code path, so the
// same HTML.
import type { ResolvedConfig } from './config/define-config';
import type { ContentClient } from './content/client';
import { createContentIndex } from './content/content-index';
import { fetchContent, type FetchedContent } from './content/fetch-content';
import type { NormalizeMemo } from './content/normalize-memo';
import { downloadMedia, pruneMissing, type DownloadStats } from './content/media';
import type { Locale } from './content/types';
import { projectPath } from './project-root';
import { runStage, type Reporter } from './reporter';
import type { Assets, Page, SiteContext } from './render/page-model';
import { buildMenu, loadMessages, resolveTiles, siteContexts, type SiteData } from './render/site-data';
import { buildRouteMap } from './routes/route-map';

export interface PreparedSite {
  pages: Page[];
  /** The shared data of every language, plain (for render workers). */
  data: SiteData;
  sites: Map<Locale, SiteContext>;
  /** The fetched content: watch mode rebuilds the menus from it when a locale file changes. */
  content: FetchedContent;
  media: DownloadStats;
  itemCount: number;
}

export interface PrepareOptions {
  config: ResolvedConfig;
  client: ContentClient;
  /** Folder that receives media/ (the staging folder of a build, a temp folder of the preview). */
  outDir: string;
  assets: Assets;
  reporter: Reporter;
  timings: Record<string, number>;
  warn: (message: string) => void;
  /** Media cache between runs; null for none (default: node_modules/.cache, for a configured CMS). */
  cacheDir?: string | null;
  now?: Date;
  /** Reuse of normalized items across prepares into the same outDir (watch). */
  memo?: NormalizeMemo;
}

export async function prepareSite(options: PrepareOptions): Promise<PreparedSite> {
  const { config, client, reporter, timings, warn } = options;
  const locales = config.locales.all;
  options.memo?.begin();

  const content = await runStage(reporter, timings, 'fetch', () =>
    fetchContent(client, { locales, base: new URL(client.endpoint).origin, onProgress: (done, total) => reporter.progress(done, total), memo: options.memo }),
  (fetched) => `${countItems(fetched.items)} items, ${client.stats.requests} requests`);
  for (const skip of content.skipped) warn(`${skip.type} nid ${skip.nid ?? '?'} (${skip.locale}) not published: ${skip.reason}`);
  for (const message of content.warnings) warn(message);

  const routeMap = await runStage(reporter, timings, 'routes', async () => buildRouteMap(content.items, locales), (map) => `${map.pages.length} pages`);
  for (const problem of routeMap.problems) warn(problem.message);
  const index = createContentIndex(routeMap.linkable);
  resolveTiles(content, index);

  const media = await runStage(reporter, timings, 'media', () =>
    downloadMedia({
      urls: content.media.all(),
      outDir: options.outDir,
      // The embedded backend serves the project's own files on a new port each run: a disk cache
      // keyed by URL would never hit and only grow.
      cacheDir: options.cacheDir ?? (config.content.endpoint ? projectPath('node_modules/.cache/hotel-site/media') : null),
      concurrency: config.content.concurrency,
      timeoutMs: config.content.timeoutMs,
      retries: config.content.retries,
      onWarning: warn,
      onRetry: (message) => reporter.info(message),
    }),
  (result) => `${result.stats.downloaded} downloaded, ${result.stats.fromCache} from cache`);
  content.media.apply(media.files);
  if (content.media.anyMissing) {
    pruneMissing([...content.items.values()].flatMap((types) => [...types.values()]), content.media.missing);
    pruneMissing([...content.notifications.values()], content.media.missing);
  }

  const now = options.now ?? new Date();
  const data: SiteData = { config, assets: options.assets, now, linkable: routeMap.linkable, locales: new Map() };
  for (const locale of locales) {
    const messages = await loadMessages(locale);
    data.locales.set(locale, { messages, menu: buildMenu(locale, content, index, messages, now), notifications: content.notifications.get(locale) ?? [] });
  }
  const sites = siteContexts(data, index);
  options.memo?.commit();
  return { pages: routeMap.pages, data, sites, content, media: media.stats, itemCount: countItems(content.items) };
}

function countItems(items: Map<Locale, Map<string, unknown[]>>): number {
  let count = 0;
  for (const types of items.values()) for (const list of types.values()) count += list.length;
  return count;
}
