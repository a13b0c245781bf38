// How this project turns TypeScript into modules Node runs — one set of esbuild options for the bin
// (cli/bundle.mjs: the CLI, its render worker, the benchmark), `watch` (site/serve/watch/fresh-import.ts:
// the generator and templates, re-imported after each save) and the config loader
// (site/config/load-config.ts: site.config.ts): ES modules for Node 20.19, every package left
// external (one shared React), .graphql files as text, React's automatic JSX, and the project root
// written in for code that finds the project's files. (The bin's CLI overrides the first two: it
// is one CommonJS script run from V8's code cache, cli/compiled-bundle.mjs.) Plain JavaScript:
// the bin needs it before any TypeScript can run.
import { unlink, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

/** esbuild options for a Node bundle of `entryPoints`; `overrides` add to or replace them. */
export function nodeBundleOptions(root, entryPoints, overrides = {}) {
  return {
    absWorkingDir: root,
    entryPoints,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    loader: { '.graphql': 'text' },
    jsx: 'automatic',
    logLevel: 'silent',
    write: false,
    ...overrides,
    define: { __HOTEL_SITE_ROOT__: JSON.stringify(root), ...overrides.define },
  };
}

/** esbuild's errors as `file:line:column: text`, the line and a caret (columns 1-based, as editors count). */
export function formatBuildMessages(messages, showPath) {
  return messages
    .map(({ location: at, text }) => (at ? `${showPath(at.file)}:${at.line}:${at.column + 1}: ${text}\n    ${at.lineText}\n    ${' '.repeat(at.column)}^` : text))
    .join('\n\n');
}

/**
 * The bin runs the CLI as a compiled script (cli/compiled-bundle.mjs), where `import()` has no
 * module loader: it hands its own. Elsewhere (tests, the bin itself) this module's `import()` works.
 */
const importModule = (url) => (globalThis[Symbol.for('hotel-site.import')] ?? ((href) => import(href)))(url);

/**
 * Imports bundled code as the module at `file` (written, imported by file URL, deleted): Node
 * caches modules by URL, so each version needs a name of its own. `map`, when given, is written
 * beside it for stack traces.
 */
export async function importBundle(file, code, map) {
  await writeFile(file, code);
  if (map) await writeFile(`${file}.map`, map);
  try {
    return await importModule(pathToFileURL(file).href);
  } finally {
    // Node has read the map, if source maps are on, while importing.
    await Promise.all([unlink(file), map ? unlink(`${file}.map`) : null].map((removal) => removal?.catch(() => {})));
  }
}
