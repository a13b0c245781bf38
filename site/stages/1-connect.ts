// connect: the content client for the configured CMS, or the embedded backend started here. A
// build also asks the CMS which lists moved since the last build: when none did, and no upcoming
// event has passed, the previous output is this build's and nothing else runs.
import type { ContentClient } from '../content/client';
import { connectContent, type ContentConnection } from '../content/connect';
import type { ListStore } from '../content/content-lists';
import type { BuildSummary } from '../incremental/build-record';
import { leftOutAsBefore } from '../media/fetch-problems';
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

export const connect: Stage<void, Connected> = {
  name: 'connect',
  // Its own line: the first thing a build says comes before the generator is loaded.
  shown: true,
  async run(context) {
    const connection = await connectContent(context.config, context.reporter);
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
