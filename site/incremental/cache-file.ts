// The files an incremental build keeps in --cache-dir (docs/incremental.md): each named by a hash
// of what it belongs to, written whole or not at all (a temporary file renamed over it), and read
// as text or not at all — what a file says is for its owner to check. A restored or shared cache
// may have been written by anyone: a file is read only when it is a regular file (never through a
// symbolic link) no larger than a bound, so a planted link or a huge file costs nothing.
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Largest cache file read: past this V8 cannot hold its text as one string anyway. */
export const MAX_CACHE_FILE_BYTES = 256 * 1024 * 1024;

/** Opened without following a link, and without waiting on a FIFO planted in its place. */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** A cache file that is there but may not be read (a link, not a file, too large). */
export class CacheFileProblem extends Error {}

/** `<cacheDir>/<folder>/<hash of keys>.json`. */
export function cacheFile(cacheDir: string, folder: string, ...keys: string[]): string {
  return join(cacheDir, folder, `${createHash('sha256').update(keys.join('\0')).digest('hex').slice(0, 20)}.json`);
}

export interface ReadOptions {
  maxBytes?: number;
  /** Checks the first `bytes` before the rest is read (throws when they are not what is expected). */
  head?: { bytes: number; check: (head: Buffer) => void };
}

/**
 * The file's bytes; null when there is none. Throws CacheFileProblem for a symbolic link, a file
 * that is not a regular one or one larger than `maxBytes`, and whatever `head.check` throws.
 */
export async function readCacheBytes(file: string, options: ReadOptions = {}): Promise<Buffer | null> {
  const maxBytes = options.maxBytes ?? MAX_CACHE_FILE_BYTES;
  let handle;
  try {
    handle = await open(file, READ_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'ELOOP' || code === 'EMLINK') throw new CacheFileProblem('it is a symbolic link');
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new CacheFileProblem('it is not a regular file');
    if (stats.size > maxBytes) throw new CacheFileProblem(`it is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
    if (options.head) {
      // Checked before the rest is even allocated.
      const head = Buffer.alloc(Math.min(options.head.bytes, stats.size));
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      options.head.check(head.subarray(0, bytesRead));
    }
    const bytes = Buffer.allocUnsafe(stats.size);
    let read = 0;
    while (read < stats.size) {
      const { bytesRead } = await handle.read(bytes, read, stats.size - read, read);
      if (!bytesRead) break;
      read += bytesRead;
    }
    return bytes.subarray(0, read);
  } finally {
    await handle.close();
  }
}

/** The file's text; null when there is none. Throws as readCacheBytes does. */
export async function readCacheFile(file: string, options: ReadOptions = {}): Promise<string | null> {
  return (await readCacheBytes(file, options))?.toString('utf8') ?? null;
}

export async function writeCacheFile(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  // Created anew: a link planted under the temporary name is not written through.
  await rm(temporary, { force: true });
  await writeFile(temporary, text, { flag: 'wx' });
  await rename(temporary, file);
}
