// Everything a page needs before it can be rendered: content fetched and normalized, the route
// map, media made local, and each language's shared data. The build renders all pages from this;
// the preview server renders one page per request from a recent one — the same code path, so the
// same HTML.
import { join } from 'node:path';
import type { ResolvedConfig } from './config/define-config';
import type { ContentClient } from './content/client';
import { createContentIndex } from './content/content-index';
import { fetchContent, type FetchedContent, type ListStore } from './content/fetch-content';
import type { NormalizeMemo } from './content/normalize-memo';
import type { Locale } from './content/types';
import { openMediaCache } from './media/cache-registry';
import { startMediaDownloads, type DownloadStats, type MediaResult } from './media/download-media';
import { createMediaPolicy } from './media/media-policy';
import { localizeMedia } from './media/media-refs';
import { writeIslandSettings } from './output/island-settings';
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
  /** The previous output's media folder, to take over at the swap (a build with `previousOut`). */
  mediaAdoption: MediaResult['adoption'];
}

export interface PrepareOptions {
  config: ResolvedConfig;
  client: ContentClient;
  /** Folder that receives media/ (the staging folder of a build, a temp folder of the preview). */
  outDir: string;
  /** The output this build replaces, when the last build wrote it: its media are taken over. */
  previousOut?: string | null;
  assets: Assets;
  reporter: Reporter;
  timings: Record<string, number>;
  warn: (message: string) => void;
  now?: Date;
  /** Stops the media downloads (Ctrl-C). */
  signal?: AbortSignal;
  /** Reuse of normalized items across prepares into the same outDir (watch). */
  memo?: NormalizeMemo;
  /** Content lists normalized by an earlier build (site/incremental/list-snapshots.ts). */
  lists?: ListStore;
  /**
   * Without an endpoint: a cache folder that keeps the embedded backend's media between the
   * prepares of one session (watch). A build keeps none (docs/media.md).
   */
  sessionMediaDir?: string | null;
}

export async function prepareSite(options: PrepareOptions): Promise<PreparedSite> {
  const { config, client, reporter, timings, warn } = options;
  const locales = config.locales.all;
  options.memo?.begin();

  const policy = createMediaPolicy(client.endpoint, config.content.mediaHosts);
  // The embedded backend serves the project's own files on a new port each run: a disk cache keyed
  // by URL would never hit and only grow, so only a session (watch) keeps them, for itself.
  const cacheDir = config.content.endpoint ? config.cacheDir : options.sessionMediaDir;
  const cache = cacheDir ? await openMediaCache(cacheDir, warn) : null;
  const downloads = startMediaDownloads({
    policy,
    outDir: options.outDir,
    previous: options.previousOut ? join(options.previousOut, 'media') : undefined,
    cache,
    limits: { maxBytes: config.content.maxMediaBytes, deadlineMs: config.content.mediaDeadlineMs, headersTimeoutMs: config.content.timeoutMs },
    concurrency: config.content.mediaConcurrency,
    retries: config.content.retries,
    signal: options.signal,
    onWarning: warn,
    onRetry: (message) => reporter.info(message),
  });
  // Downloads started during the fetch; the media stage waits for the rest. Whatever fails first,
  // no download is left running into a folder that is about to go.
  let content: FetchedContent;
  let routeMap: ReturnType<typeof buildRouteMap>;
  let media: MediaResult;
  try {
    content = await runStage(reporter, timings, 'fetch', () =>
      fetchContent(client, {
        locales, base: new URL(client.endpoint).origin, mediaOrigins: policy.origins, onMedia: downloads.request,
        onProgress: (done, total) => reporter.progress(done, total), memo: options.memo, store: options.lists, signal: options.signal,
      }),
    (fetched) => `${countItems(fetched.items)} items, ${client.stats.requests} requests${fetched.lists.kept ? `, ${fetched.lists.kept} of ${fetched.lists.total} lists as the last build fetched them` : ''}`);
    for (const skip of content.skipped) warn(`${skip.type} nid ${skip.nid ?? '?'} (${skip.locale}) not published: ${skip.reason}`);
    for (const message of content.warnings) warn(message);

    const items = content.items;
    routeMap = await runStage(reporter, timings, 'routes', async () => buildRouteMap(items, locales), (map) => `${map.pages.length} pages`);
    for (const problem of routeMap.problems) warn(problem.message);

    media = await runStage(reporter, timings, 'media', () => downloads.settle(),
      (result) => `${result.stats.files} files from ${result.stats.downloaded + result.stats.fromCache + result.stats.failed} URLs: ${result.stats.downloaded} downloaded, ${result.stats.fromCache} from cache`);
  } catch (error) {
    await downloads.cancel();
    throw error;
  }
  const index = createContentIndex(routeMap.linkable);
  localizeMedia(content.items, media.files);
  localizeMedia(content.notifications, media.files);
  resolveTiles(content, index);

  const now = options.now ?? new Date();
  const data: SiteData = { config, assets: options.assets, now, linkable: routeMap.linkable, locales: new Map() };
  for (const locale of locales) {
    const messages = await loadMessages(locale);
    data.locales.set(locale, { messages, menu: buildMenu(locale, content, index, messages, now), notifications: content.notifications.get(locale) ?? [] });
  }
  const sites = siteContexts(data, index);
  await writeIslandSettings(options.outDir, sites);
  options.memo?.commit();
  return { pages: routeMap.pages, data, sites, content, media: media.stats, mediaAdoption: media.adoption };
}

function countItems(items: Map<Locale, Map<string, unknown[]>>): number {
  let count = 0;
  for (const types of items.values()) for (const list of types.values()) count += list.length;
  return count;
}
