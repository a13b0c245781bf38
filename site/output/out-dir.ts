// Whether a folder may be replaced by the site (--out of build and watch). A build swaps its output
// in place of the folder, so a wrong --out would delete what the user had: the project itself
// (`--out .`), a folder holding it (`--out ..`, `--out ~`), its sources (`--out site`), or any folder
// of someone else's files. As Vite refuses an outDir that contains the project root, this refuses
// those, and replaces only a missing or empty folder or one holding nothing a build does not write
// — every file checked, at any depth: one readdir per folder, no stat per file, and with the stamps
// the last listing kept in --cache-dir only the folders changed since (./output-listing).
// When the build record says the folder is the last build's output, its pages must be the
// recorded ones; otherwise each file must be named as a build names it.
import { readdir, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { ConfigError } from '../errors';
import { recordedOutput, type BuildRecord } from '../incremental/build-record';
import { cacheFile, readCacheFile, writeCacheFile } from '../incremental/cache-file';
import { projectPath } from '../project-root';
import { forgetListing, listOutput, rememberListing, type FolderStamps } from './output-listing';

/** Folders of the project a build must never replace or write into. */
const PROJECT_FOLDERS = new Set(['.ci', '.git', 'cli', 'locales', 'node_modules', 'site', 'templates', 'tests']);

/** What a build writes at the top of its output (site/build.ts, site/output/*). */
const BUILD_ENTRY = /^(?:[a-z]{2}(?:-[a-z]{2})?|assets|media|index\.html|404\.html|robots\.txt|_headers|sitemap(?:-\d+)?\.xml)$/;
/** What file managers leave in a folder someone looked at. */
const JUNK = new Set(['.DS_Store', 'Thumbs.db', 'desktop.ini']);
/** Top-level folders that hold pages (one per language). */
const LOCALE = /^[a-z]{2}(?:-[a-z]{2})?$/;
/** Files of assets/: content-hashed names (esbuild's, the island settings'). */
const ASSET_FILE = /^[\w-]+(?:\.[\w-]+)*\.[A-Za-z0-9]{8,}\.(?:css|js|json|map)$/;
/** Files of media/, "<slug>.<hash><ext>" (site/media/download-media.ts), with the folder. */
const MEDIA_PATH = /^media\/[a-z0-9-]+\.[0-9a-f]{10}\.[a-z0-9]+$/;
/** A file below a language folder, and that folder's 404 page. */
const LOCALE_PATH = /^[a-z]{2}(?:-[a-z]{2})?\//;
const PAGE_404_PATH = /^[a-z]{2}(?:-[a-z]{2})?\/404\.html$/;

export interface OutDirContext {
  /** The project (package.json of hotel-site); default the running one. */
  projectRoot?: string;
  cwd?: string;
  /** The build's cache folder: its record of the last build into the folder names its pages. */
  cacheDir?: string;
}

const inside = (child: string, parent: string) => child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);

/**
 * Throws a ConfigError (exit 2) naming the folder and why, when replacing `outDir` could lose
 * anything. Returns the files it holds (relative, `/`-separated), null when there is no folder.
 */
export async function assertReplaceable(outDir: string, context: OutDirContext = {}): Promise<string[] | null> {
  const out = resolve(outDir);
  const root = resolve(context.projectRoot ?? projectPath());
  const cwd = resolve(context.cwd ?? process.cwd());
  const refuse = (why: string) =>
    new ConfigError(`Refusing to use ${out} as the output folder: ${why}`, {
      hint: 'Pass --out a new or empty folder, or one an earlier build wrote (the default is dist/). The build replaces that folder as a whole.',
    });

  if (inside(root, out)) throw refuse(out === root ? 'it is the project folder' : 'it holds the project folder');
  if (inside(cwd, out)) throw refuse(out === cwd ? 'it is the current folder' : 'it holds the current folder');
  if (inside(out, root)) {
    const top = relative(root, out).split(sep)[0]!;
    if (PROJECT_FOLDERS.has(top)) throw refuse(`it is inside the project's ${top}/ folder`);
  }

  const stats = await stat(out).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!stats) {
    forgetListing(out);
    return null;
  }
  if (!stats.isDirectory()) throw refuse('it is a file');
  const publicFiles = await filesOf(join(root, 'templates', 'public'));
  const record = context.cacheDir ? await recordedOutput(resolve(context.cacheDir), out, stats.ino) : null;
  const written = buildFiles(record, publicFiles);
  const stampsFile = context.cacheDir ? cacheFile(resolve(context.cacheDir), 'listings', out) : null;
  const stamps = stampsFile ? await readStamps(stampsFile, out) : null;
  // Top-level folders that are not the build's are named as they are, not entered.
  let listing: ReturnType<typeof listOutput>;
  try {
    listing = listOutput(out, (folder) => folder.includes('/') || BUILD_ENTRY.test(folder) || publicFiles.has(folder), stamps);
  } catch (error) {
    // A folder below it that cannot be read may hold anything.
    throw refuse(`what it holds cannot be listed (${(error as Error).message})`);
  }
  rememberListing(out, stats.ino, listing);
  // A few folders read again cost less than writing the stamps of every folder anew.
  if (stampsFile && listing.folders && listing.read > STAMPS_REWRITE_AFTER) await writeStamps(stampsFile, out, listing.folders).catch(() => {});
  const foreign = listing.files.filter((file) => !written(file)).sort();
  if (foreign.length) {
    const named = foreign.slice(0, 3).join(', ') + (foreign.length > 3 ? `, and ${foreign.length - 3} more` : '');
    throw refuse(`it holds files a build does not write (${named}), which replacing it would delete`);
  }
  return listing.files;
}

/** Folders read again at most before the stamps of the last listing are written anew. */
const STAMPS_REWRITE_AFTER = 100;

/**
 * The folder stamps of the last listing of `out` kept in the cache, or an empty map. The cache is
 * not trusted (docs/incremental.md): a folder's entries are taken from it only when the folder's
 * inode and change time are the stamp's, which only the file system knows; names that could
 * lead out of their folder make the whole file ignored.
 */
async function readStamps(file: string, out: string): Promise<FolderStamps> {
  const stamps: FolderStamps = new Map();
  try {
    const text = await readCacheFile(file);
    const kept = text === null ? null : (JSON.parse(text) as { version: number; outDir: string; folders: [string, string, string[], string][] });
    if (kept?.version !== 1 || kept.outDir !== out || !Array.isArray(kept.folders)) return stamps;
    const plain = (name: unknown) => typeof name === 'string' && name !== '' && name !== '.' && name !== '..' && !name.includes('/') && !name.includes('\0');
    for (const entry of kept.folders) {
      const [folder, stamp, names, kinds] = entry;
      const valid = typeof folder === 'string' && (folder === '' || folder.split('/').every(plain)) && typeof stamp === 'string' &&
        Array.isArray(names) && names.every(plain) && typeof kinds === 'string' && kinds.length === names.length && /^[fdl]*$/.test(kinds);
      if (!valid) return new Map();
      if (stamp) stamps.set(folder, { stamp, names, kinds });
    }
  } catch {
    // Unreadable or damaged: every folder is read, and the stamps written anew.
  }
  return stamps;
}

async function writeStamps(file: string, out: string, folders: FolderStamps): Promise<void> {
  const entries = [...folders].filter(([, held]) => held.stamp).map(([folder, held]) => [folder, held.stamp, held.names, held.kinds]);
  await writeCacheFile(file, JSON.stringify({ version: 1, outDir: out, folders: entries }));
}

/** Whether a build writes the file (relative, `/`-separated): by the record's pages when there is one. */
function buildFiles(record: BuildRecord | null, publicFiles: ReadonlySet<string>): (file: string) => boolean {
  const pages = record ? new Set(Object.values(record.pages).map((page) => page.file)) : null;
  const assets = new Set(record?.assets.files ?? []);
  // Called for every file of the output (tens of thousands of media files and pages): the rule of
  // its folder is tested on the whole path, without cutting it into parts.
  const byRule = (file: string, first: number): boolean => {
    if (first === -1) return BUILD_ENTRY.test(file) && !LOCALE.test(file) && file !== 'assets' && file !== 'media';
    if (file.startsWith('media/')) return MEDIA_PATH.test(file);
    if (file.startsWith('assets/')) return ASSET_FILE.test(file.slice(file.lastIndexOf('/') + 1));
    if (LOCALE_PATH.test(file)) return pages ? pages.has(file) : file.endsWith('/index.html') || PAGE_404_PATH.test(file);
    return false;
  };
  return (file) => byRule(file, file.indexOf('/')) || JUNK.has(file.slice(file.lastIndexOf('/') + 1)) || publicFiles.has(file) || assets.has(file);
}

/** Files below `dir` (relative), and the folders holding them; empty when there is none. */
async function filesOf(dir: string): Promise<Set<string>> {
  const found = new Set<string>();
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/');
    found.add(path);
  }
  return found;
}
