// Runs the CLI bundle (cli/bundle.mjs) as a script compiled with V8's code cache: Node 20 caches no
// compiled code of its own, so every start would parse and compile the CLI again, and its ES
// modules would be resolved and linked one by one. A script compiled from V8's cached data skips
// that. The cache is made when the script is first compiled, before any of it runs: it holds what
// V8 compiles up front, and every command's start reads the same. A cache made after a build would
// hold every function the build ran, and reading it costs more than compiling those a one-edit
// build needs (docs/benchmarks.md, "Start-up"). It is named for the bundle's content hash: V8
// itself checks only the source's length and its own version and flags, which
// `cachedDataRejected` reports (a start with other node flags makes it anew).
//
// A script has no module loader for `import()`: the bin hands its own to the bundle
// (site/bundling/node-bundle.mjs). Node maps no stack frame of a script to its sources; this does,
// reading the bundle's source map only when a stack with a frame of the bundle is printed.
import { SourceMap, createRequire, findSourceMap } from 'node:module';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Script } from 'node:vm';

/** The key of the importer the bin hands the bundle: the same in site/bundling/node-bundle.mjs. */
const IMPORTER = Symbol.for('hotel-site.import');

/**
 * Compiles and runs the CommonJS bundle at `file` (named for its content hash `hash`); returns its
 * exports. The bundle is ASCII (cli/bundle.mjs): read as Latin-1, it needs no decoding, and V8
 * keeps it at one byte a character.
 */
export function loadCompiledBundle(file, hash) {
  const cacheFile = join(dirname(file), `${hash}.v8`);
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // None yet: made below.
  }
  globalThis[IMPORTER] = (url) => import(url);
  mapStackTraces(file);
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'latin1')}\n})`, { filename: file, cachedData });
  if (!cachedData || script.cachedDataRejected) keep(cacheFile, script);
  const module = { exports: {} };
  script.runInThisContext().call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}

/**
 * Writes the script's code cache, beside and renamed: a concurrent start never reads half a cache.
 * A failure only means the next start compiles again.
 */
function keep(cacheFile, script) {
  try {
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(tmp, script.createCachedData());
    renameSync(tmp, cacheFile);
  } catch {
    // See above.
  }
}

/**
 * Stack frames point at the sources: the bundle's through its source map, read on first use, and
 * every other file's through the map Node read when loading it (source maps on: the config and
 * watch mode's modules). The bundle's map, decoded, is tens of megabytes of heap: it is let go a
 * few seconds after the stacks that needed it, so a build that formatted one error's stack does
 * not carry it to its end.
 */
function mapStackTraces(bundle) {
  let bundleMap;
  const mapOf = (file) => {
    if (file !== bundle) return file ? findSourceMap(file) : undefined;
    if (bundleMap === undefined) {
      try {
        const payload = JSON.parse(readFileSync(`${bundle}.map`, 'utf8'));
        const base = pathToFileURL(`${bundle}.map`);
        bundleMap = new SourceMap({ ...payload, sources: payload.sources.map((source) => new URL(source, base).href) });
      } catch {
        bundleMap = null;
      }
      setTimeout(() => (bundleMap = undefined), MAP_KEPT_MS).unref();
    }
    return bundleMap ?? undefined;
  };
  const bundleUrl = pathToFileURL(bundle).href;
  Error.prepareStackTrace = (error, frames) => {
    const lines = frames.map((frame) => {
      const text = `    at ${frame}`;
      const file = frame.getFileName();
      const line = frame.getLineNumber();
      const column = frame.getColumnNumber();
      const map = line && column ? mapOf(file === bundleUrl ? bundle : file) : undefined;
      const entry = map?.findEntry(line - 1, column - 1);
      if (!entry?.originalSource) return text;
      const source = entry.originalSource.startsWith('file://') ? fileURLToPath(entry.originalSource) : entry.originalSource;
      return text.replace(`${file}:${line}:${column}`, `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`);
    });
    return [errorHeader(error), ...lines].join('\n');
  };
}

/** How long the bundle's decoded map is kept after a stack read it: stacks often come in bursts. */
const MAP_KEPT_MS = 5000;

/** What V8 puts first in a stack: "Name: message". */
function errorHeader(error) {
  try {
    return Error.prototype.toString.call(error);
  } catch {
    return '<error>';
  }
}
