// The version of everything that turns content into HTML: the templates, the generator, the UI
// strings and the installed dependencies (lock file). A build cache made by another version is
// not used (docs/incremental.md). Read from the sources the CLI bundles on start, so an edit to a
// template is a new version even before the bundle is rebuilt.
//
// Hashing every source's bytes is a few hundred reads on every build, the up-to-date check's too;
// so the version is kept in the checkout's cache folder with the stamp of every file it was made
// from (path, size, inode, modification and change time), and used again while every stamp is the
// same. Like Git's index, a file changed within the last seconds before the version was made is
// "racily clean" (a later edit could leave the same times): then the version is not kept.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';
import { checkoutCacheDir } from '../bundling/checkout-cache.mjs';
import { projectPath } from '../project-root';
import { readCacheFile, writeCacheFile } from './cache-file';

const SOURCES = ['templates/**/*', 'site/**/*', 'locales/**/*', 'package.json', 'package-lock.json'];
/** How recent a change must be for the version made now not to be kept. */
const RACY_MS = 2_000;

let version: Promise<string> | undefined;

export function codeVersion(): Promise<string> {
  const root = projectPath();
  version ??= sourceVersion(root, checkoutCacheDir(root));
  return version;
}

/** The version of the sources under `root`, kept in `cacheDir` (see the header). */
export async function sourceVersion(root: string, cacheDir: string, racyMs = RACY_MS): Promise<string> {
  const entries = (await fg(SOURCES, { cwd: root, onlyFiles: true, ignore: ['site/cms/**'], stats: true })).sort((a, b) => (a.path < b.path ? -1 : 1));
  const stamp = sha(entries.map(({ path, stats }) => `${path}\0${stats!.size}\0${stats!.ino}\0${stats!.mtimeMs}\0${stats!.ctimeMs}`).join('\n'));
  const kept = join(cacheDir, 'code-version.json');
  const known = await readCacheFile(kept).then((text) => JSON.parse(text ?? 'null') as { stamp?: unknown; version?: unknown } | null).catch(() => null);
  if (known && known.stamp === stamp && typeof known.version === 'string') return known.version;
  const hash = createHash('sha256');
  // A few hundred small files: read one after the other, far from any open-file limit.
  for (const { path } of entries) hash.update(`${path}\0`).update(await readFile(`${root}/${path}`)).update('\0');
  const made = hash.digest('base64url');
  const racy = Date.now() - racyMs;
  if (entries.every(({ stats }) => stats!.mtimeMs < racy && stats!.ctimeMs < racy)) {
    // A failure only means the next build hashes the sources again.
    await writeCacheFile(kept, JSON.stringify({ stamp, version: made })).catch(() => {});
  }
  return made;
}

const sha = (text: string) => createHash('sha256').update(text).digest('base64url');
