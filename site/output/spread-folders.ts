// Where the file system puts the folders a build fills (docs/benchmarks.md, "This machine's disk").
// ext4 makes a new folder near its parent and a new file in its folder's block group; without a
// journal, making an inode skips every inode of that group removed in the last minutes, one buffer
// lookup each. A build run right after its previous output (or cache) was removed would make its
// tens of thousands of pages, folders and media files where the removed ones were, and pay for
// each of those again. Two things send them elsewhere:
// - the folder a build fills from scratch is marked as the top of a directory hierarchy (ext4's
//   `T` attribute, set with chattr): ext4 then places each folder made directly in it in a block
//   group with room and few folders, starting its search from a hash of the folder's name;
// - those folders are made under a random name and renamed, so the hash, and the group, is not
//   the one the removed copy of the same name had.
// Folders below them follow their parent. Elsewhere (another file system, no chattr, not Linux)
// the attribute is not set and the names change nothing; a folder is made all the same.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rmdir } from 'node:fs/promises';
import { join } from 'node:path';

/** chattr by absolute path: a build never runs a program found through PATH. */
const CHATTR = ['/usr/bin/chattr', '/bin/chattr'];

let chattr: string | null | undefined;

/**
 * Marks `dir`, a folder this build made and is about to fill, so that folders made in it are
 * spread over the disk (ext4). Best effort: where it cannot be set, nothing changes.
 */
export function spreadBelow(dir: string): void {
  if (process.platform !== 'linux') return;
  chattr ??= CHATTR.find((file) => existsSync(file)) ?? null;
  if (chattr) spawnSync(chattr, ['+T', dir], { stdio: 'ignore', timeout: 5_000 });
}

/** Makes folder `name` in `parent` unless it is there, under a random name renamed to `name`. */
export async function makeSpreadFolder(parent: string, name: string): Promise<void> {
  const target = join(parent, name);
  if (existsSync(target)) return;
  const made = join(parent, `.${name}.${randomBytes(6).toString('hex')}`);
  await mkdir(made);
  try {
    await rename(made, target);
  } catch (error) {
    await rmdir(made).catch(() => {});
    // Made meanwhile by another part of the build: that one stays.
    if ((error as NodeJS.ErrnoException).code !== 'ENOTEMPTY' && (error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
