// Where `watch` gets its content: the configured CMS, or the embedded backend started here and
// kept running for the whole session — a fixture edit swaps its content in place, so the port,
// the media URLs (and with them the media cache) and the client's pooled connections stay valid.
// The embedded backend's media are kept for the session in a folder of the cache (docs/media.md).
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isAlive } from '../../output/output-lock';
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
  /**
   * With the embedded backend, the cache folder that keeps its media between the session's
   * prepares; null with a configured CMS, whose media are kept in the project's cache folder.
   */
  readonly mediaCacheDir: string | null;
  /** Forgets the media kept so far: a file of the embedded backend changed behind the same URL. */
  forgetMedia(): Promise<void>;
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
  // With a token configured, the embedded backend takes it as its editor's, as the build's does.
  const editorToken = config.content.endpoint ? undefined : await config.content.token?.current();
  const backend = config.content.endpoint ? null : await pipeline.startContentBackend({ fixtures: fixtures ?? undefined, extraItems, editorToken });
  const target = backend ? { ...config, content: { ...config.content, endpoint: backend.endpoint } } : config;
  // A connection refused at once (an unreadable token file) must not leave the backend running. The
  // connection lasts the session: close() below closes it, not the end of a run.
  const connecting = pipeline.stageContext({ config: target, reporter, warn: (message) => reporter.warn(message), outDir: '' });
  const { connection } = await pipeline.runStage(connecting, pipeline.connect, undefined).catch(async (error: unknown) => {
    await backend?.close();
    throw error;
  });
  const session = backend ? await openSessionFolder(config.cacheDir) : null;
  let generation = 0;
  const folder = () => (session ? join(session, String(generation)) : null);
  return {
    backend,
    connection,
    get mediaCacheDir() {
      return folder();
    },
    async forgetMedia() {
      const old = folder();
      generation++;
      if (old) await rm(old, { recursive: true, force: true, maxRetries: 3 });
    },
    async close() {
      await connection.close();
      await backend?.close();
      if (session) await rm(session, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

/**
 * `<cacheDir>/sessions/watch-<pid>-*`: beside the other cached media, so files are hard-linked
 * into the output rather than copied from another file system. Folders of sessions whose process
 * is gone (killed) are removed first.
 */
async function openSessionFolder(cacheDir: string): Promise<string> {
  const parent = join(cacheDir, 'sessions');
  await mkdir(parent, { recursive: true });
  for (const name of await readdir(parent)) {
    const pid = /^watch-(\d+)-/.exec(name)?.[1];
    if (pid && !isAlive(Number(pid))) await rm(join(parent, name), { recursive: true, force: true, maxRetries: 3 }).catch(() => {});
  }
  return mkdtemp(join(parent, `watch-${process.pid}-`));
}
