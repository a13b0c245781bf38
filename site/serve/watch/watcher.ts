// The files `watch` listens to: templates/, locales/, site/ (the generator and the
// embedded backend's fixtures), site.config.ts and whatever it imports, via chokidar. Ignored, as
// Vite and Eleventy do: version control, dependencies, build output (ours included, or every write
// would trigger a rebuild), test results, temporary bundles and editors' swap files.
import { watch, type FSWatcher } from 'chokidar';
import { join, relative, resolve, sep } from 'node:path';

export interface SourceWatcher {
  /** Resolves once the initial scan is done: changes after it are reported. */
  ready: Promise<void>;
  /** Also watch these files (new imports of the config). */
  add(files: Iterable<string>): void;
  close(): Promise<void>;
}

export interface WatchSourcesOptions {
  root: string;
  outDir: string;
  configFiles: Iterable<string>;
  onChange: (file: string) => void;
  onError: (error: unknown) => void;
}

const IGNORED_DIRS = /(^|[\\/])(\.git|node_modules|dist|test-results|coverage|\.hotel-site-[^\\/]*)([\\/]|$)/;
// Temporary bundles of the config loader, editors' backups and swap files, vim's write test.
const IGNORED_FILES = /(\.timestamp-[^\\/]*\.mjs|~|\.sw[pox]|\.tmp|[\\/]4913|[\\/]\.#[^\\/]*)$/;

export function watchSources(options: WatchSourcesOptions): SourceWatcher {
  const outDir = resolve(options.outDir);
  // Matched below the project root only: a project living in ~/dist/ is still watched.
  const ignored = (path: string) => {
    const inner = relative(options.root, path);
    return IGNORED_DIRS.test(inner) || IGNORED_FILES.test(path) || path === outDir || path.startsWith(outDir + sep);
  };
  const watched = new Set<string>();
  const targets = [...['templates', 'locales', 'site'].map((dir) => join(options.root, dir)), ...options.configFiles];
  for (const target of targets) watched.add(resolve(target));
  const watcher: FSWatcher = watch([...watched], { ignoreInitial: true, ignored });
  const report = (file: string) => {
    try {
      options.onChange(resolve(file));
    } catch (error) {
      // A failing callback must never end the watching (as in Vite's watch.ts).
      options.onError(error);
    }
  };
  watcher.on('add', report).on('change', report).on('unlink', report).on('error', options.onError);
  const ready = new Promise<void>((done) => watcher.once('ready', () => done()));
  return {
    ready,
    add(files) {
      const fresh = [...files].map((file) => resolve(file)).filter((file) => !watched.has(file) && ![...watched].some((dir) => file.startsWith(dir + sep)));
      for (const file of fresh) watched.add(file);
      if (fresh.length) watcher.add(fresh);
    },
    close: () => watcher.close(),
  };
}
