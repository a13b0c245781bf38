// Bundling of the TypeScript CLI for the `hotel-site` bin (cli/hotel-site.mjs). It bundles it with
// esbuild into the checkout's own cache folder (site/bundling/checkout-cache.mjs) whenever a source
// file is newer than the last bundle (or npm installed packages since), and the bin runs that. So
// `npx hotel-site` works right after `npm install`, with no build step to remember and no stale
// output after a `git pull`.
//
// The project root is the checkout this file lies in — where the bin was invoked — and is written
// into the bundle (site/project-root.ts): the bundle's own real path may lie in another checkout
// when node_modules is a symlink shared between worktrees.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkoutCacheDir } from '../site/bundling/checkout-cache.mjs';
import { importBundle, nodeBundleOptions } from '../site/bundling/node-bundle.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const outDir = checkoutCacheDir(root);
const stamp = join(outDir, '.stamp');
/** Names the current CLI script: written last, so a start never finds a script not yet written. */
const pointer = join(outDir, 'cli.json');
const CLI_ENTRY = 'cli/index.ts';
/** Entry points bundled as ES modules: name → source. Workers are bundles of their own (worker_threads load files). */
const MODULE_ENTRIES = { 'render-worker': 'site/render/render-worker.ts', bench: 'tests/bench/bench.ts' };
const SOURCE_DIRS = ['cli', 'site', 'templates', 'tests/bench'];
// By name, anywhere: folder names the sources also use (site/media/) must never be listed here.
const SKIP = new Set(['node_modules']);

/** Every file the bundle is made from, or that decides whether it is fresh (absolute paths). */
export function bundleSources() {
  const files = [join(root, 'package.json')];
  // npm rewrites it on every install: the packages bundled into the CLI may have changed.
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (existsSync(installed)) files.push(installed);
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
    // A cache folder an earlier version of the bin made has a stamp but no script.
    return existsSync(pointer) && statSync(stamp).mtimeMs >= newestSourceMtime();
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
  const entryPoints = (entries) => Object.fromEntries(Object.entries(entries).map(([name, src]) => [name, join(root, src)]));
  // Stack traces point at the sources, which needs only the mappings: a map file beside each
  // output without the sources' text. Node reads and parses the map of every module it loads, and
  // keeps each module's source text; an inline map with the sources' text would be read, decoded
  // and scanned on every start.
  const maps = { sourcemap: 'linked', sourcesContent: false, logLevel: 'error' };
  const operations = await preparedOperations();
  const [cli, modules] = await Promise.all([
    // One CommonJS script, run from V8's code cache (./compiled-bundle.mjs). The packages are in
    // it too, but for esbuild (a native binary of its own) and React: a template imported afresh
    // by `watch` must render with the React the generator renders with.
    build(
      nodeBundleOptions(root, entryPoints({ cli: CLI_ENTRY }), {
        ...maps,
        outdir: outDir,
        format: 'cjs',
        entryNames: '[name]-[hash]',
        outExtension: { '.js': '.cjs' },
        packages: 'bundle',
        external: ['esbuild', 'react', 'react/*', 'react-dom', 'react-dom/*'],
        define: { 'import.meta.url': '__bundleUrl', __HOTEL_SITE_OPERATIONS__: JSON.stringify(operations) },
        banner: { js: 'var __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
        plugins: [minifierWithoutCssAndJs],
      }),
    ),
    // Worker threads and the benchmark load files as ES modules, sharing chunks.
    build(
      nodeBundleOptions(root, entryPoints(MODULE_ENTRIES), {
        ...maps,
        outdir: outDir,
        outExtension: { '.js': '.mjs' },
        splitting: true,
        chunkNames: 'chunks/[name]-[hash]',
      }),
    ),
  ]);
  const outputFiles = [...cli.outputFiles, ...modules.outputFiles];
  mkdirSync(join(outDir, 'chunks'), { recursive: true });
  const script = cli.outputFiles.find((file) => file.path.endsWith('.cjs'));
  for (const file of outputFiles) writeAtomically(file.path, file === script ? asciiOnly(file.text) : file.contents);
  writeAtomically(pointer, JSON.stringify({ file: basename(script.path) }));
  // Outputs of earlier bundles, and the code caches made from them: kept a while for processes
  // still running them, then removed.
  const current = new Set(outputFiles.map((file) => file.path));
  const ours = basename(script.path, '.cjs') + '.';
  const old = (path) => !current.has(path) && Date.now() - statSync(path).mtimeMs > 3_600_000;
  for (const name of readdirSync(outDir)) if (name.startsWith('cli-') && !name.startsWith(ours) && old(join(outDir, name))) rmSync(join(outDir, name), { force: true });
  for (const name of readdirSync(join(outDir, 'chunks'))) if (old(join(outDir, 'chunks', name))) rmSync(join(outDir, 'chunks', name), { force: true });
  writeFileSync(stamp, String(Date.now()));
}

/**
 * The CMS operations as site/content/queries.ts prepares them (each joined with its fragments), by
 * source, for the CLI's script to carry: preparing them parses every query, which no start needs to
 * do again.
 */
export async function preparedOperations() {
  const { build } = await import('esbuild');
  const { outputFiles } = await build(nodeBundleOptions(root, [join(root, 'site/content/queries.ts')], { outdir: outDir, logLevel: 'error' }));
  const { preparedOperations: prepared } = await importBundle(join(outDir, `queries-${process.pid}.mjs`), outputFiles[0].text);
  return prepared();
}

/**
 * html-minifier-terser imports terser and clean-css at its top, and the CLI would initialize both
 * at every start that normalizes content; the site turns CSS and JS minifying off
 * (site/render/minify.ts), which is the only time the minifier calls them. So the CLI's script
 * carries a stub for each that throws if it is ever called.
 */
const minifierWithoutCssAndJs = {
  name: 'minifier-without-css-and-js',
  setup(build) {
    build.onResolve({ filter: /^(?:terser|clean-css)$/ }, ({ path, importer }) =>
      /[\\/]html-minifier-terser[\\/]/.test(importer) ? { path, namespace: 'left-out' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'left-out' }, ({ path }) => {
      const call = `throw new Error('${path} is not part of the CLI bundle: site/render/minify.ts turns CSS and JS minifying off (cli/bundle.mjs)')`;
      return { contents: path === 'terser' ? `export function minify() { ${call}; }` : `export default class CleanCSS { constructor() { ${call}; } }`, loader: 'js' };
    });
  },
};

/**
 * The script with every character past ASCII escaped, so the bin reads it as one byte a character
 * (./compiled-bundle.mjs). esbuild escapes them in strings already, but leaves the comments it
 * keeps and the character classes of regular expressions; an escape means the same in all three.
 */
function asciiOnly(text) {
  return text.replace(/[^\0-\x7f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function writeAtomically(path, contents) {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, contents);
  renameSync(tmp, path);
}

/** The bundled CLI script (CommonJS) and its content hash, which names its code caches. */
export function bundledCli() {
  const { file } = JSON.parse(readFileSync(pointer, 'utf8'));
  return { file: join(outDir, file), hash: basename(file, '.cjs') };
}

/** An ES module entry: the render worker, the benchmark. */
export function bundledEntry(name) {
  return join(outDir, `${name}.mjs`);
}
