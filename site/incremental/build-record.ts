// What the last successful build of an output folder left for the next one (docs/incremental.md):
// which endpoint, config and code version made it, the folder it swapped in (by inode, so a folder
// replaced or edited by hand since is not trusted), and each page's file, input hash and
// dependencies. Kept in <cacheDir>/builds/, one JSON file per output folder, written atomically
// after the swap; a record that is damaged, from another endpoint, config or version, or older
// than `cacheMaxAgeHours` since its last full build is not used: the build renders everything.
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { lstat, stat } from 'node:fs/promises';
import { linkInOutput } from '../output/output-listing';
import type { BuiltAssets } from '../output/site-files';
import { cacheFile, readCacheFile, writeCacheFile } from './cache-file';

const VERSION = 4;
/** The files site/output/sitemap.ts writes, at the top of the output. */
const SITEMAP_FILE = /^sitemap(?:-\d+)?\.xml$/;
/** A `..` step in a relative path: one that could lead out of the output folder. */
const PARENT_STEP = /(?:^|\/)\.\.(?:\/|$)/;

export interface PageRecord {
  /** Output file, relative to the output folder. */
  file: string;
  hash: string;
  deps: string[];
}

/**
 * What the CMS said of its content when the build fetched it: every list's version, and a hash of
 * the menus (which have none). Null for the embedded backend, whose answers are not kept.
 */
export interface ContentState {
  versions: [string, string | null][];
  menus: string;
}

/** The figures of the summary, for a build that finds nothing changed and renders nothing. */
export interface BuildSummary {
  /** Media were left out for a passing failure or lists came back short: the next build tries again, up to date or not. */
  incomplete: boolean;
  /** Media left out for a permanent answer (site/media/fetch-problems.ts), and since when. */
  mediaLeftOut?: { count: number; since: number };
  pages: number;
  perLocale: Record<string, number>;
  mediaFiles: number;
  stylesheetGzipBytes: number;
}

export interface BuildRecord {
  version: typeof VERSION;
  code: string;
  endpoint: string;
  config: string;
  outDir: string;
  /** Inode of the output folder this build swapped in. */
  outIno: number;
  /** When the last build that rendered everything finished (ms). */
  fullAt: number;
  builtAt: number;
  /** href → the page's record. */
  pages: Record<string, PageRecord>;
  jsPerPageType: Record<string, number>;
  content: ContentState | null;
  /** Until when (ms) the pages stay as built while the content does not change (site/model/upcoming.ts). */
  stableUntil: number;
  summary: BuildSummary;
  /** The stylesheet, client bundle and public files the output holds: the code version made them. */
  assets: BuiltAssets;
  /** The sitemap files the output holds, and the key of the entries they list (site/output/sitemap.ts). */
  sitemap: SitemapRecord | null;
}

export interface SitemapRecord {
  key: string;
  files: string[];
  /** Per entry of a single urlset, in order, the key of its element (site/output/sitemap.ts); else null. */
  keys: readonly string[] | null;
}

/** What identifies builds whose output can be reused. */
export interface BuildIdentity {
  cacheDir: string;
  outDir: string;
  code: string;
  endpoint: string;
  config: string;
}

export type Previous = { record: BuildRecord } | { record: null; reason: string };

export function configHash(config: unknown): string {
  return createHash('sha256').update(JSON.stringify(config)).digest('base64url');
}

function recordFile(cacheDir: string, outDir: string): string {
  return cacheFile(cacheDir, 'builds', outDir);
}

/** The record of the previous build into the same folder, if it may be used; else why not. */
export async function loadPrevious(identity: BuildIdentity, maxAgeMs: number, now: number, warn: (message: string) => void): Promise<Previous> {
  const file = recordFile(identity.cacheDir, identity.outDir);
  let record: BuildRecord;
  try {
    const read = await readRecord(file);
    if (read === null) return { record: null, reason: 'no earlier build of this folder in the cache' };
    if (read === 'other version') return { record: null, reason: 'the cache was written by another version of hotel-site' };
    record = read;
  } catch (error) {
    warn(`build cache ${file} is damaged (${(error as Error).message}); it is ignored and every page is rendered`);
    return { record: null, reason: 'the build cache was damaged' };
  }
  if (record.code !== identity.code) return { record: null, reason: 'templates, code or dependencies changed' };
  if (record.endpoint !== identity.endpoint) return { record: null, reason: 'another CMS endpoint built the last output' };
  if (record.config !== identity.config) return { record: null, reason: 'the configuration changed' };
  if (record.outDir !== identity.outDir) return { record: null, reason: 'the cache describes another folder' };
  if (now - record.fullAt > maxAgeMs) return { record: null, reason: `the last full build is older than ${Math.round(maxAgeMs / 3_600_000)} h (cacheMaxAgeHours)` };
  const ino = await stat(identity.outDir).then((stats) => stats.ino, () => null);
  if (ino !== record.outIno) return { record: null, reason: 'the output folder was replaced since the last build' };
  // Reusing the folder's files means writing and deleting below it: never through a link there.
  const link = linkInOutput(identity.outDir, ino);
  if (link) return { record: null, reason: `the output folder holds a symbolic link (${link})` };
  return { record };
}

/**
 * The record of the last build into `outDir` when it describes the folder as it is (inode `ino`),
 * else null; what the --out guard compares the folder with (site/output/out-dir.ts). A record that
 * cannot be read is no record here: loadPrevious says so.
 */
export async function recordedOutput(cacheDir: string, outDir: string, ino: number): Promise<BuildRecord | null> {
  const read = await readRecord(recordFile(cacheDir, outDir)).catch(() => null);
  return read && read !== 'other version' && read.outDir === outDir && read.outIno === ino ? read : null;
}

/** The last record read, by file and what it was: the guard and loadPrevious read the same one. */
let lastRead: { file: string; key: string; record: Promise<BuildRecord | 'other version' | null> } | null = null;

/** The record in `file` (null: none), 'other version', or throws when it is damaged. */
async function readRecord(file: string): Promise<BuildRecord | 'other version' | null> {
  const stats = await lstat(file).catch(() => null);
  const key = stats ? `${stats.ino} ${stats.size} ${stats.mtimeMs}` : '';
  if (lastRead?.file === file && lastRead.key === key && key) return lastRead.record;
  const record = readCacheFile(file).then((text) => {
    if (text === null) return null;
    const parsed = JSON.parse(text) as BuildRecord;
    if (typeof parsed?.version === 'number' && parsed.version !== VERSION) return 'other version' as const;
    if (!isRecord(parsed)) throw new Error('unexpected shape');
    return parsed;
  });
  lastRead = { file, key, record };
  record.catch(() => {});
  return record;
}

export async function saveRecord(cacheDir: string, record: BuildRecord): Promise<void> {
  await writeCacheFile(recordFile(cacheDir, record.outDir), JSON.stringify(record));
}

/**
 * Removes the record of `outDir`, synchronously (from a signal handler): the output it described
 * was undone after it was saved. The next build of that folder renders every page.
 */
export function forgetRecord(cacheDir: string, outDir: string): void {
  rmSync(recordFile(cacheDir, outDir), { force: true });
}

function isRecord(value: BuildRecord): boolean {
  return (
    typeof value === 'object' && value !== null && value.version === VERSION &&
    typeof value.code === 'string' && typeof value.endpoint === 'string' && typeof value.config === 'string' &&
    typeof value.outDir === 'string' && typeof value.outIno === 'number' && typeof value.fullAt === 'number' &&
    typeof value.pages === 'object' && value.pages !== null && typeof value.jsPerPageType === 'object' &&
    typeof value.stableUntil === 'number' && Array.isArray(value.assets?.files) && value.assets.files.every((file) => typeof file === 'string' && !PARENT_STEP.test(file)) &&
    typeof value.assets.assets?.stylesheet === 'string' && typeof value.assets.stylesheet?.gzipBytes === 'number' && Array.isArray(value.assets.client?.files) && typeof value.summary?.pages === 'number' && typeof value.summary.incomplete === 'boolean' && typeof value.summary.mediaFiles === 'number' &&
    (value.summary.mediaLeftOut === undefined || (Number.isInteger(value.summary.mediaLeftOut?.count) && Number.isFinite(value.summary.mediaLeftOut.since))) &&
    (value.sitemap === null || (typeof value.sitemap?.key === 'string' && Array.isArray(value.sitemap.files) && value.sitemap.files.every((file) => typeof file === 'string' && SITEMAP_FILE.test(file)) && (value.sitemap.keys === null || (Array.isArray(value.sitemap.keys) && value.sitemap.keys.every((key) => typeof key === 'string'))))) &&
    (value.content === null || (Array.isArray(value.content?.versions) && typeof value.content.menus === 'string')) &&
    Object.values(value.pages).every((page) => typeof page?.file === 'string' && typeof page.hash === 'string' && Array.isArray(page.deps) && !PARENT_STEP.test(page.file))
  );
}
