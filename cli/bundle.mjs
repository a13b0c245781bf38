// Bundling of the TypeScript CLI for the `hotel-site` bin (cli/hotel-site.mjs). It bundles it with
// esbuild into the checkout's own cache folder (site/bundling/checkout-cache.mjs) whenever a source file is
// newer than the last bundle, and the bin imports that. So `npx hotel-site` works right after
// `npm install`, with no build step to remember and no stale output after a `git pull`.
//
// The project root is the checkout this file lies in — where the bin was invoked — and is written
// into the bundle (site/project-root.ts): the bundle's own real path may lie in another checkout
// when node_modules is a symlink shared between worktrees.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkoutCacheDir } from '../site/bundling/checkout-cache.mjs';
import { nodeBundleOptions } from '../site/bundling/node-bundle.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const outDir = checkoutCacheDir(root);
const stamp = join(outDir, '.stamp');
/** Bundled entry points: name → source. Workers are separate bundles (worker_threads load files). */
export const ENTRIES = { cli: 'cli/index.ts', 'render-worker': 'site/render/render-worker.ts', bench: 'tests/bench/bench.ts' };
const SOURCE_DIRS = ['cli', 'site', 'templates', 'tests/bench'];
// By name, anywhere: folder names the sources also use (site/media/) must never be listed here.
const SKIP = new Set(['node_modules']);

/** Every file the bundle is made from, or that decides whether it is fresh (absolute paths). */
export function bundleSources() {
  const files = [join(root, 'package.json')];
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.(ts|tsx|mts|mjs|graphql|css)$/.test(entry.name)) files.push(path);
    }
  };
  for (const dir of SOURCE_DIRS) visit(join(root, dir));
  return files;
}

function newestSourceMtime() {
  return Math.max(...bundleSources().map((file) => statSync(file).mtimeMs));
}

function bundleIsFresh() {
  try {
    return statSync(stamp).mtimeMs >= newestSourceMtime();
  } catch {
    return false;
  }
}

export async function ensureBundle() {
  if (bundleIsFresh()) return;
  const { build } = await import('esbuild');
  // Built in memory at the final paths (so source maps point at the sources), then each file is
  // written beside its target and renamed over it: concurrent launches (parallel tests) never
  // import a half-written bundle.
  mkdirSync(outDir, { recursive: true });
  const entryPoints = Object.fromEntries(Object.entries(ENTRIES).map(([name, src]) => [name, join(root, src)]));
  const result = await build(
    nodeBundleOptions(root, entryPoints, {
      outdir: outDir,
      outExtension: { '.js': '.mjs' },
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      // Stack traces point at the sources (the bin enables source maps), which needs only the
      // mappings: a map file beside each chunk without the sources' text. Node reads and parses
      // the map of every module it loads, and keeps each module's source text; an inline map with
      // the sources' text would be read, decoded and scanned on every start.
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: 'error',
    }),
  );
  mkdirSync(join(outDir, 'chunks'), { recursive: true });
  for (const file of result.outputFiles) {
    const tmp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(tmp, file.contents);
    renameSync(tmp, file.path);
  }
  // Chunks of earlier bundles: kept a while for processes still running them, then removed.
  const current = new Set(result.outputFiles.map((file) => file.path));
  for (const name of readdirSync(join(outDir, 'chunks'))) {
    const path = join(outDir, 'chunks', name);
    if (!current.has(path) && Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { force: true });
  }
  writeFileSync(stamp, String(Date.now()));
}

export function bundledEntry(name) {
  return join(outDir, `${name}.mjs`);
}

