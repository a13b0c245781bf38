// `hotel-site watch`: the first build (./dev-build-start), the server (./dev-server), the file
// watcher (./watcher) and the rebuild queue (./rebuild-queue) joined up. A change is classified
// (./change-kind), queued, applied incrementally (./dev-build), and every open tab told (reload,
// css swap or error overlay). Every failure of a rebuild is logged and shown, never thrown out of
// a callback: watching goes on, and the last good version is served until the fix is saved.
import { stat } from 'node:fs/promises';
import { relative } from 'node:path';
import type { ConfigOverrides } from '../../config/resolve-config';
import { holdOutput } from '../../output/staging';
import { startHttpServer, type Handler } from '../http-server';
import { watchPolicy } from '../server-policy';
import { createEventStream, type BuildErrorInfo } from '../live-reload/event-stream';
import { createStaticSite } from '../static-files';
import { asUserError, projectRelative, toBuildError } from './build-error';
import { classifyChange, type ChangeKind } from './change-kind';
import { startDevBuild } from './dev-build-start';
import { createDevHandler, snippetInjector } from './dev-server';
import { PageStore } from './page-store';
import { createRebuildQueue } from './rebuild-queue';
import { watchSources } from './watcher';

const RECHECK_MS = 60;

export interface WatchOptions {
  /** The project: templates/, locales/, site/ (default: this project). */
  root: string;
  /** Absolute output folder. */
  outDir: string;
  /** Absolute path of the config file. */
  configFile: string;
  overrides: ConfigOverrides;
  host: string;
  port: number;
  /** Fail when the port is taken instead of moving to the next free one. */
  strictPort?: boolean;
  log: (message: string) => void;
  /** Synthetic items in the embedded backend (benchmarks). */
  extraItems?: number;
  /** Quiet time that ends a burst of saves (default 200 ms). */
  quietMs?: number;
}

export interface RebuildReport {
  ok: boolean;
  files: string[];
  kinds: ChangeKind[];
  ms: number;
  steps: string[];
  error?: BuildErrorInfo;
}

export interface WatchSession {
  /** "http://127.0.0.1:4173/" */
  url: string;
  /** Called after every rebuild, successful or not. */
  onRebuild(listener: (report: RebuildReport) => void): () => void;
  /** Rebuilds run so far. */
  readonly rebuilds: number;
  /** Resolves when the output folder holds every page of the current build. */
  written(): Promise<void>;
  close(): Promise<void>;
}

export async function startWatch(options: WatchOptions): Promise<WatchSession> {
  const { root, outDir, log } = options;
  const stream = createEventStream();
  const listeners = new Set<(report: RebuildReport) => void>();
  let firstWrite = true;
  let fileOf: (dir: string, href: string) => string = () => {
    throw new Error('no build yet');
  };
  const store = new PageStore({
    root,
    outDir,
    fileOf: (dir, href) => fileOf(dir, href),
    log,
    onWritten: ({ pages, ms }) => {
      if (firstWrite) log(`wrote ${pages} pages to ${relative(process.cwd(), outDir) || '.'} in ${(ms / 1000).toFixed(2)} s`);
      firstWrite = false;
    },
  });
  // The port before the first build: a port that is taken or refused ends watch before that build
  // replaces the output folder. Requests made meanwhile wait for the build.
  let handle: Handler | null = null;
  let handlerReady!: () => void;
  const ready = new Promise<void>((resolve) => (handlerReady = resolve));
  const server = await startHttpServer({
    host: options.host,
    port: options.port,
    strictPort: options.strictPort,
    handle: (req, res) => handle!(req, res),
    // The policy follows the config of the current build; requests wait for the first.
    policy: async () => {
      await ready;
      return watchPolicy(dev.state.config, dev.state.pipeline.securityHeaders);
    },
    onError: (error, req) => log(`error: ${req.method} ${req.url}: ${(error as Error)?.stack ?? String(error)}`),
  });
  // The output folder is this watch's while it runs: a build or another watch into it is refused.
  const release = await holdOutput(outDir).catch(async (error: unknown) => {
    await server.close();
    throw error;
  });
  const dev = await startDevBuild({ root, outDir, configFile: options.configFile, overrides: options.overrides, extraItems: options.extraItems, log }, store).catch(async (error: unknown) => {
    await server.close();
    throw asUserError(toBuildError('first build', error));
  });
  fileOf = (dir, href) => dev.state.pipeline.fileOfHref(dir, href);

  const cleanups: (() => Promise<void> | void)[] = [release, () => dev.close(), () => stream.close(), () => server.close()];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const files = await createStaticSite(outDir, { transformHtml: snippetInjector(stream) });
    handle = createDevHandler({ root, store, files, stream });
    handlerReady();

    // chokidar drops a second "change" of a file within 50 ms of the one it reported (its throttle
    // has no trailing event): a fix saved right after a broken save would go unseen. So each
    // reported file is looked at again after that window, and queued again if it changed since a
    // rebuild read it.
    const readAt = new Map<string, number>();
    const requeued = new Map<string, number>();
    const recheck = (file: string) => {
      const timer = setTimeout(async () => {
        const read = readAt.get(file);
        const now = (await stat(file).catch(() => null))?.mtimeMs;
        if (read === undefined || now === undefined || now === read || now === requeued.get(file)) return;
        requeued.set(file, now);
        changed(file);
      }, RECHECK_MS);
      timer.unref();
    };

    const queue = createRebuildQueue<{ file: string; kinds: Set<ChangeKind> }>({
      quietMs: options.quietMs,
      onError: (error) => log(`error: ${(error as Error)?.stack ?? String(error)}`),
      async run(changes) {
        await Promise.all(changes.map(({ file }) => stat(file).then((stats) => readAt.set(file, stats.mtimeMs), () => readAt.delete(file))));
        const files = [...new Set(changes.map((change) => relative(root, change.file)))];
        const kinds = new Set(changes.flatMap((change) => [...change.kinds]));
        if (kinds.delete('restart')) log(`${files.join(', ')}: part of the watch server itself; restart hotel-site watch to use the change.`);
        if (!kinds.size) return;
        const started = performance.now();
        let report: RebuildReport;
        try {
          const outcome = await dev.apply(kinds);
          stream.advance();
          stream.send(outcome.event);
          watcher.add(dev.state.graph.config);
          const ms = performance.now() - started;
          log(`rebuilt in ${Math.round(ms)} ms (${files.join(', ')}): ${outcome.steps.join(', ')}`);
          report = { ok: true, files, kinds: [...kinds], ms, steps: outcome.steps };
        } catch (caught) {
          const error = toBuildError('rebuild', caught);
          const shown = { stage: error.stage, message: projectRelative(error.message, root) };
          log(`error: ${shown.stage} failed (${files.join(', ')}):\n${shown.message}\nStill serving the last good version; save a fix to rebuild.`);
          stream.send({ type: 'build-error', error: shown });
          report = { ok: false, files, kinds: [...kinds], ms: performance.now() - started, steps: [], error: shown };
        }
        for (const listener of listeners) listener(report);
      },
    });
    cleanups.push(() => queue.close());

    function changed(file: string): void {
      const kinds = classifyChange(file, root, dev.state.graph);
      if (!kinds.size) return;
      // Rendering pages for the output folder blocks the event loop page by page: not while
      // files are being saved.
      store.holdWrites(500);
      queue.add({ file, kinds });
      recheck(file);
    }

    const watcher = watchSources({
      root,
      outDir,
      configFiles: dev.state.graph.config,
      onChange: (file) => changed(file),
      onError: (error) => log(`error: watching files: ${(error as Error)?.message ?? String(error)}`),
    });
    cleanups.push(() => watcher.close());
    await watcher.ready;

    return {
      url: `${server.origin}/`,
      onRebuild(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      get rebuilds() {
        return queue.runs;
      },
      written: () => store.written(),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
