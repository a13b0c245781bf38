// Setup of every command that reads content: the configured CMS, or the embedded backend started
// on an ephemeral loopback port, behind the one bounded client. The backend (and its fixtures) is
// loaded only when no endpoint is set: a production build never reads it (docs/architecture.md).
// A CMS account's token is read here, before the first request (docs/cms-account.md).
import type { ContentBackendOptions } from '../cms/server';
import type { ResolvedConfig } from '../config/define-config';
import type { Reporter } from '../reporter';
import { ContentClient } from './client';

export interface ContentConnection {
  client: ContentClient;
  close(): Promise<void>;
}

export async function connectContent(config: ResolvedConfig, reporter: Reporter, embedded: ContentBackendOptions = {}): Promise<ContentConnection> {
  const { token } = config.content;
  await token?.load();
  // The embedded backend takes the configured token as its editor's, so that it is not refused.
  const editorToken = token ? await token.current() : undefined;
  const backend = config.content.endpoint ? null : await (await import('../cms/server')).startContentBackend({ editorToken, ...embedded });
  const announced = new Set<string>();
  const client = new ContentClient({
    endpoint: config.content.endpoint ?? backend!.endpoint,
    concurrency: config.content.concurrency,
    timeoutMs: config.content.timeoutMs,
    retries: config.content.retries,
    maxResponseBytes: config.content.maxResponseBytes,
    token,
    // preview and watch run for hours, tokens live minutes to hours: said once per token.
    onTokenExpired: (expired) =>
      reporter.warn(
        `CMS: the token from ${expired.description} was refused (HTTP 401): it expired or was revoked. ${
          expired.origin.kind === 'file' ? 'Write a new one into that file: it is read again on the next request.' : `Set a new one in ${expired.description} and start again.`
        }`,
      ),
    // Once per distinct cause: a CMS that is down fails every request the same way, and dozens of
    // identical lines would bury the error that follows. The summary counts all retries.
    onRetry: ({ operation, reason }) => {
      if (announced.has(reason)) return;
      announced.add(reason);
      reporter.info(`CMS: ${reason} (${operation} first); retrying up to ${config.content.retries} times with backoff`);
    },
  });
  return { client, close: async () => backend?.close() };
}
