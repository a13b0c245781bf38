// The files an incremental build keeps in --cache-dir (docs/incremental.md): each named by a hash
// of what it belongs to, written whole or not at all (a temporary file renamed over it), and read
// as text or not at all — what a file says is for its owner to check.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** `<cacheDir>/<folder>/<hash of keys>.json`. */
export function cacheFile(cacheDir: string, folder: string, ...keys: string[]): string {
  return join(cacheDir, folder, `${createHash('sha256').update(keys.join('\0')).digest('hex').slice(0, 20)}.json`);
}

/** The file's text; null when there is none (or it cannot be read: then it is made anew). */
export function readCacheFile(file: string): Promise<string | null> {
  return readFile(file, 'utf8').catch(() => null);
}

export async function writeCacheFile(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}
