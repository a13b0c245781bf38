// connect: the content client for the configured CMS, or the embedded backend started here. A
// build also asks the CMS which lists moved since the last build: when none did, and no upcoming
// event has passed, the previous output is this build's and nothing else runs. A build with a
// configured CMS begins it ahead (`connectAhead`): its first questions go out before the output
// folder is checked, and the CMS answers them while the build reads the disk.
import type { ResolvedConfig } from '../config/define-config';
import { askAhead } from '../content/cached-client';
import type { ContentClient } from '../content/client';
import { connectContent, type ContentConnection } from '../content/connect';
import type { ListStore } from '../content/content-lists';
import type { BuildSummary } from '../incremental/build-record';
import { firstRequests } from '../incremental/kept-answers';
import { leftOutAsBefore } from '../media/fetch-problems';
import type { Reporter } from '../reporter';
import type { Stage } from './stage';

export interface Connected {
  /** Closed at the end of the driver's run. */
  connection: ContentConnection;
  /** The client the content stage asks: a build's reuses the answers of lists that did not move. */
  client: ContentClient;
  /** Content lists normalized by an earlier build (a build with a configured CMS). */
  lists?: ListStore;
  /** The previous build's summary, when its output is this build's as it is. */
  upToDate: { previous: BuildSummary; jsPerPageType: Record<string, number> } | null;
}

/** A build's connection opened before the stage runs, with its first requests sent. */
export interface EarlyConnection {
  connection: Promise<ContentConnection>;
  /** The run failed before the stage took the answers: stops the requests sent ahead. */
  cancel(): void;
}

/**
 * Opens the connection to the configured CMS (no backend to start or close) and sends what a build
 * asks first. Requests that only read: nothing is written before the output folder is checked.
 */
export function connectAhead(config: ResolvedConfig, reporter: Reporter): EarlyConnection {
  if (!config.content.endpoint) throw new Error('connectAhead needs a configured CMS');
  const stop = new AbortController();
  const connection = connectContent(config, reporter).then((opened) => ({ ...opened, client: askAhead(opened.client, firstRequests(config.locales.all), stop.signal) }));
  // The stage awaits it; a run that fails before says its own error.
  connection.catch(() => {});
  return { connection, cancel: () => stop.abort() };
}

export const connect: Stage<EarlyConnection | undefined, Connected> = {
  name: 'connect',
  // Its own line: the first thing a build says comes before the generator is loaded.
  shown: true,
  async run(context, early) {
    const connection = await (early?.connection ?? connectContent(context.config, context.reporter));
    context.onEnd(() => connection.close());
    if (!context.cache) return { connection, client: connection.client, upToDate: null };
    const kept = await context.cache.keepAnswers(connection.client);
    const leftOut = kept.upToDate && kept.previous.mediaLeftOut;
    if (leftOut) context.warn(leftOutAsBefore(leftOut.count, leftOut.since));
    if (kept.upToDate) return { connection, client: connection.client, upToDate: { previous: kept.previous, jsPerPageType: kept.jsPerPageType } };
    return { connection, client: kept.client, lists: kept.lists, upToDate: null };
  },
  detail: ({ client, upToDate }) => {
    if (upToDate) return `${client.stats.requests} requests: nothing changed since the last build`;
    return client.stats.requests ? `${client.stats.requests} requests` : 'content backend started';
  },
};
