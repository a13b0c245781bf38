// fetch: every content list, normalized. Media downloads start here, as soon as an item names a
// file; the media stage waits for the rest.
import { join } from 'node:path';
import type { ContentClient } from '../content/client';
import type { ListStore } from '../content/content-lists';
import { fetchContent, type FetchedContent } from '../content/fetch-content';
import type { Locale } from '../model/content-types';
import { openMediaCache } from '../media/cache-registry';
import { MediaCache } from '../media/media-cache';
import { startMediaDownloads, type MediaDownloads } from '../media/download-media';
import { createMediaPolicy } from '../media/media-policy';
import type { Stage } from './stage';

/** The embedded backend's files in the media cache, whatever port it listens on (a name no request can reach). */
const EMBEDDED_MEDIA_ORIGIN = 'http://embedded-backend.invalid';

export interface FetchInput {
  client: ContentClient;
  /** Content lists normalized by an earlier build. */
  lists?: ListStore;
}

export interface Fetched {
  content: FetchedContent;
  /** Media downloads under way; the media stage settles them. */
  downloads: MediaDownloads;
}

export const fetch: Stage<FetchInput, Fetched> = {
  name: 'fetch',
  shown: true,
  async run(context, { client, lists }) {
    const { config, reporter, warn } = context;
    const memo = context.memo?.normalize;
    memo?.begin();
    const policy = createMediaPolicy(client.endpoint, config.content.mediaHosts);
    // The embedded backend serves the project's own files on a new port each run: the cache names
    // them by the backend, not by this run's origin (docs/media.md). A watch session keeps its own.
    const embedded = !config.content.endpoint;
    const cacheDir = embedded ? (context.sessionMediaDir ?? config.cacheDir) : config.cacheDir;
    // Preview and watch keep one cache in memory across their runs; a build's goes with its downloads.
    const cache = cacheDir ? await (context.memo ? openMediaCache(cacheDir, warn) : MediaCache.open(cacheDir, warn)) : null;
    if (embedded && !context.sessionMediaDir) cache?.nameOrigin(new URL(client.endpoint).origin, EMBEDDED_MEDIA_ORIGIN);
    const previousOut = context.cache?.previousOut;
    const downloads = startMediaDownloads({
      policy,
      outDir: context.outDir,
      previous: previousOut ? join(previousOut, 'media') : undefined,
      cache,
      limits: { maxBytes: config.content.maxMediaBytes, deadlineMs: config.content.mediaDeadlineMs, headersTimeoutMs: config.content.timeoutMs },
      concurrency: config.content.mediaConcurrency,
      retries: config.content.retries,
      signal: context.signal,
      onWarning: warn,
      onRetry: (message) => reporter.info(message),
      // A build that renders everything (--full, an old or missing record) asks every file again.
      failures: context.cache ? { maxAgeMs: config.cacheMaxAgeHours * 3_600_000, honoured: context.cache.fullReason === null, now: (context.now ?? new Date()).getTime() } : undefined,
    });
    // Whatever fails from here until the media stage, no download is left running into a folder that is about to go.
    context.onFailure(() => downloads.cancel());
    const content = await fetchContent(client, {
      locales: config.locales.all, base: new URL(client.endpoint).origin, mediaOrigins: policy.origins, onMedia: downloads.request,
      onProgress: (done, total) => reporter.progress(done, total), memo, store: lists, signal: context.signal, drafts: context.drafts,
    });
    for (const skip of content.skipped) warn(`${skip.type} nid ${skip.nid ?? '?'} (${skip.locale}) not published: ${skip.reason}`);
    for (const message of content.warnings) warn(message);
    return { content, downloads };
  },
  detail: ({ content }, { client }) =>
    `${countItems(content.items)} items, ${client.stats.requests} requests${content.lists.kept ? `, ${content.lists.kept} of ${content.lists.total} lists as the last build fetched them` : ''}`,
};

function countItems(items: Map<Locale, Map<string, unknown[]>>): number {
  let count = 0;
  for (const types of items.values()) for (const list of types.values()) count += list.length;
  return count;
}
