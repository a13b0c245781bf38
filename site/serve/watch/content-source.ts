// Where `watch` gets its content: the configured CMS, or the embedded backend started here and
// kept running for the whole session — a fixture edit swaps its content in place, so the port,
// the media URLs (and with them the media cache) and the client's pooled connections stay valid.
import type { ContentBackend } from '../../cms/server';
import type { FixtureSet } from '../../cms/fixtures/types';
import type { ResolvedConfig } from '../../config/define-config';
import type { ContentConnection } from '../../content/connect';
import type { Reporter } from '../../reporter';
import type { Pipeline } from './dev-modules';

export interface ContentSource {
  /** The embedded backend; null when a CMS is configured. */
  backend: ContentBackend | null;
  connection: ContentConnection;
  close(): Promise<void>;
}

export interface OpenContentOptions {
  pipeline: Pipeline;
  config: ResolvedConfig;
  /** The embedded backend's content (null with a configured CMS). */
  fixtures: FixtureSet | null;
  extraItems?: number;
  reporter: Reporter;
}

export async function openContentSource({ pipeline, config, fixtures, extraItems, reporter }: OpenContentOptions): Promise<ContentSource> {
  const backend = config.content.endpoint ? null : await pipeline.startContentBackend({ fixtures: fixtures ?? undefined, extraItems });
  const target = backend ? { ...config, content: { ...config.content, endpoint: backend.endpoint } } : config;
  const connection = await pipeline.connectContent(target, reporter);
  return {
    backend,
    connection,
    async close() {
      await connection.close();
      await backend?.close();
    },
  };
}
