// The new output assembled from the previous one (docs/incremental.md): a file whose content is
// unchanged is a hard link to the previous file — same inode, same mtime — so rsync, S3 sync and
// deploy tools see only what changed: the swap leaves a link to the previous file of its path where
// it is (docs/incremental.md, "The swap, and the old output").
import { copyFile, link, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { forEachBounded } from '../concurrency/drain-queue';

/** File operations in flight: far below any open-file limit (macOS: 256). */
const FS_OPS = 32;

/**
 * Links each of `files` (relative) from `previous` into `dir`. Returns those that could not be
 * linked (gone from the previous output): they must be rendered.
 */
export async function linkFromPrevious(previous: string, dir: string, files: readonly string[]): Promise<Set<string>> {
  const made = new Map<string, Promise<unknown>>();
  const missing = new Set<string>();
  await forEachBounded(files, FS_OPS, async (file) => {
    const target = join(dir, file);
    const parent = dirname(target);
    let ready = made.get(parent);
    if (!ready) made.set(parent, (ready = mkdir(parent, { recursive: true })));
    await ready;
    try {
      await link(join(previous, file), target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') missing.add(file);
      else if (code === 'EXDEV' || code === 'EPERM' || code === 'EMLINK' || code === 'ENOTSUP') await copyFile(join(previous, file), target);
      else throw error;
    }
  });
  return missing;
}

/**
 * Replaces each written file of `files` whose bytes equal the previous output's by a link to the
 * previous file — or, in a folder kept in place at the swap (`takenOver`), removes it, so that the
 * previous file stays where it is. Returns how many were kept.
 */
export async function keepUnchanged(previous: string, dir: string, files: Iterable<string>, takenOver: ReadonlySet<string> = new Set()): Promise<number> {
  let kept = 0;
  await forEachBounded(files, FS_OPS, async (file) => {
    const [fresh, old] = [join(dir, file), join(previous, file)];
    const [a, b] = await Promise.all([stat(fresh), stat(old).catch(() => null)]);
    if (!b || !b.isFile() || a.nlink > 1 || a.size !== b.size || a.ino === b.ino) return;
    const [x, y] = await Promise.all([readFile(fresh), readFile(old)]);
    if (!x.equals(y)) return;
    await rm(fresh);
    if (!takenOver.has(file.split('/')[0]!)) await link(old, fresh).catch(() => copyFile(old, fresh));
    kept++;
  });
  return kept;
}

/** Files under `dir` (relative), leaving out the top-level folders in `skip`. */
export async function filesBelow(dir: string, skip: ReadonlySet<string>): Promise<string[]> {
  const found: string[] = [];
  async function walk(relative: string): Promise<void> {
    for (const entry of await readdir(join(dir, relative), { withFileTypes: true })) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!(relative === '' && skip.has(entry.name))) await walk(path);
      } else if (entry.isFile()) found.push(path);
    }
  }
  await walk('');
  return found;
}
