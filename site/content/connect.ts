// Setup of every command that reads content: the configured CMS, or the embedded backend started
// on an ephemeral loopback port, behind the one bounded client.
import { startContentBackend, type ContentBackendOptions } from '../cms/server';
import type { ResolvedConfig } from '../config/define-config';
import type { Reporter } from '../reporter';
import { ContentClient } from './client';

export interface ContentConnection {
  client: ContentClient;
  /** True when the embedded backend serves the content. */
  embedded: boolean;
  close(): Promise<void>;
}

export async function connectContent(config: ResolvedConfig, reporter: Reporter, embedded: ContentBackendOptions = {}): Promise<ContentConnection> {
  const backend = config.content.endpoint ? null : await startContentBackend(embedded);
  const client = new ContentClient({
    endpoint: config.content.endpoint ?? backend!.endpoint,
    concurrency: config.content.concurrency,
    timeoutMs: config.content.timeoutMs,
    retries: config.content.retries,
    onRetry: ({ operation, attempt, delayMs, reason }) => reporter.info(`retrying ${operation} (${attempt}/${config.content.retries}) in ${delayMs} ms: ${reason}`),
  });
  return { client, embedded: backend !== null, close: async () => backend?.close() };
}
