// Atomic output: a build writes into a fresh folder beside --out and swaps it in only
// when everything is written; a failed build removes its folder and leaves the old output alone.
// Only a folder that replacing cannot lose anything of is taken (./out-dir).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rename, rm, rmdir, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { UserError } from '../errors';
import { assertReplaceable, type OutDirContext } from './out-dir';

/**
 * A folder of the output taken over whole at the swap instead of being linked file by file
 * (docs/incremental.md, "The swap"): `added` are files (paths relative to the folder) written into
 * the staging folder's copy of it, moved into the taken folder — over the file of the same path,
 * which is kept aside until the swap succeeded; `extras` are files of the taken folder this build
 * does not use, removed once the new output is in place, with the folders they leave empty.
 */
export interface Adoption {
  folder: string;
  added: readonly string[];
  extras: readonly string[];
}

export interface Staging {
  /** The folder being written. */
  dir: string;
  /** Takes `adoption.folder` of the output being replaced into the new output at the swap. */
  adopt(adoption: Adoption): void;
  /** Replaces the output folder with the staging folder; the old one is deleted after (cleanup). */
  commit(): Promise<void>;
  /** Resolves once the replaced output is deleted. */
  cleanup(): Promise<void>;
  /** Removes the staging folder. */
  abort(): Promise<void>;
}

const prefix = (outDir: string) => `.${basename(outDir)}.`;

export async function createStaging(outDir: string, context: OutDirContext = {}): Promise<Staging> {
  const out = resolve(outDir);
  await assertReplaceable(out, context);
  const parent = dirname(out);
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const dir = join(parent, `${prefix(out)}staging-${tag}`);
  let unlock: () => void;
  try {
    await mkdir(parent, { recursive: true });
    unlock = await lock(out);
  } catch (error) {
    throw writeError(out, error);
  }
  try {
    await removeAbandoned(out);
    await mkdir(dir);
  } catch (error) {
    unlock();
    throw writeError(out, error);
  }
  const state: ActiveStaging = { out, old: null, renamed: [], created: [], unlock };
  active.set(dir, state);
  let removal: Promise<void> = Promise.resolve();
  const adoptions: Adoption[] = [];
  /** A rename the swap made, recorded so that a failure or an interruption can undo it. */
  const move = async (from: string, to: string) => {
    await rename(from, to);
    state.renamed.push([from, to]);
  };
  /** Makes `folder` and its missing parents, recorded so that an undo removes them again. */
  const makeFolder = async (folder: string): Promise<void> => {
    if (existsSync(folder)) return;
    await makeFolder(dirname(folder));
    await mkdir(folder);
    state.created.push(folder);
  };
  return {
    dir,
    adopt(adoption) {
      adoptions.push(adoption);
    },
    async commit() {
      const old = join(parent, `${prefix(out)}old-${tag}`);
      let moved = false;
      try {
        await rename(out, old);
        moved = true;
        state.old = old;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        // The folders to take over went with it: the new output would lack their files.
        if (adoptions.length) {
          throw new UserError(`${out} was removed while the build ran; nothing was written`, { hint: 'Build again.' });
        }
      }
      try {
        // From here until the last rename --out is absent, as between the two renames of any
        // swap: the folders taken whole cost one rename each, plus one per file new in them.
        for (const { folder, added } of adoptions) {
          // The staging folder's copy (holding only the new files) goes aside, beside the staging
          // folder, and so do the files they replace, so that every step can be undone by renaming
          // back.
          const aside = `${dir}-${folder}`;
          const replaced = `${dir}-${folder}-replaced`;
          if (existsSync(join(dir, folder))) await move(join(dir, folder), aside);
          for (const [index, name] of added.entries()) {
            const target = join(old, folder, name);
            await refuseLinks(old, `${folder}/${name}`);
            await makeFolder(dirname(target));
            if (existsSync(target)) {
              await makeFolder(replaced);
              await move(target, join(replaced, String(index)));
            }
            await move(join(aside, name), target);
          }
          await move(join(old, folder), join(dir, folder));
        }
        await rename(dir, out);
      } catch (error) {
        // Put the previous output back as it was: a failed swap must not lose or change it.
        for (const [from, to] of state.renamed.splice(0).reverse()) await rename(to, from);
        for (const folder of state.created.splice(0).reverse()) await rmdir(folder).catch(() => {});
        if (moved) await rename(old, out);
        throw error;
      }
      active.delete(dir);
      // Files the new output does not use; a failure leaves them for the next build to remove.
      for (const { folder, extras } of adoptions) {
        await rm(`${dir}-${folder}`, { recursive: true, force: true });
        await rm(`${dir}-${folder}-replaced`, { recursive: true, force: true });
        // One at a time: usually a few, and every file operation stays bounded.
        for (const name of extras) await removeWithEmptyParents(join(out, folder), name);
      }
      unlock();
      if (moved) removal = removeInBackground(old);
    },
    cleanup: () => removal,
    async abort() {
      active.delete(dir);
      await rm(dir, { recursive: true, force: true, maxRetries: 3 });
      unlock();
    },
  };
}

interface ActiveStaging {
  out: string;
  /** Where the output was moved during the swap. */
  old: string | null;
  /** Renames the swap made so far, [from, to], in order. */
  renamed: [string, string][];
  /** Folders the swap made in the output being taken over, in order. */
  created: string[];
  unlock: () => void;
}

/** Staging folders of this process not yet committed or aborted, with the output they replace. */
const active = new Map<string, ActiveStaging>();

/**
 * Undoes them at once (the CLI's Ctrl-C and SIGTERM handler): an interrupted build leaves its
 * previous output — put back if the swap was half done — and no half-written folder behind.
 */
export function removeActiveStagings(): void {
  for (const [dir, { out, old, renamed, created, unlock }] of active) {
    for (const [from, to] of renamed.splice(0).reverse()) if (existsSync(to)) renameSync(to, from);
    for (const folder of created.splice(0).reverse()) {
      try {
        rmdirSync(folder);
      } catch {
        // Not empty: something was not renamed back; leave it rather than lose it.
      }
    }
    if (old && existsSync(old) && !existsSync(out)) renameSync(old, out);
    rmSync(dir, { recursive: true, force: true });
    unlock();
  }
  active.clear();
}

/** A file-system refusal next to --out, said as the user's to fix; anything else as it is. */
function writeError(out: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (error instanceof UserError || !['EACCES', 'EPERM', 'EROFS', 'EEXIST', 'ENOTDIR', 'ENOSPC'].includes(code)) return error;
  return new UserError(`Cannot write the output beside ${out}: ${(error as Error).message}`, {
    cause: error,
    hint: 'The build writes a staging folder next to --out and swaps it in; choose an --out whose parent folder you can write to.',
  });
}

/**
 * Holds the output folder for as long as `watch` runs: builds and other watches into it are
 * refused meanwhile. Returns the release.
 */
export async function holdOutput(outDir: string, context: OutDirContext = {}): Promise<() => void> {
  const out = resolve(outDir);
  await assertReplaceable(out, context);
  await mkdir(dirname(out), { recursive: true }).catch((error: unknown) => {
    throw writeError(out, error);
  });
  return lock(out);
}

/**
 * Locks this process holds, with how many holders share each (watch, then its first build). Kept
 * on globalThis: watch runs the generator from a freshly imported bundle (site/serve/watch/
 * dev-modules.ts), whose copy of this module must see the locks of the one that started watch.
 */
const held: Map<string, number> = ((globalThis as Record<symbol, unknown>)[Symbol.for('hotel-site.output-locks')] ??= new Map<string, number>()) as Map<string, number>;

/**
 * One writer at a time per output folder: a lock file beside it (whatever --cache-dir) holds the
 * writer's pid and start time. Two builds swapping the same folder made one of them fail with
 * ENOTEMPTY; now the second says who writes. A lock whose process is gone (a killed build), or
 * whose pid another process has since, is taken over. Within one process the lock is
 * shared: watch holds it, and its first build takes it again.
 */
async function lock(out: string): Promise<() => void> {
  const file = join(dirname(out), `${prefix(out)}lock`);
  const release = () => {
    const count = (held.get(file) ?? 1) - 1;
    if (count > 0) return void held.set(file, count);
    held.delete(file);
    rmSync(file, { force: true });
  };
  if (held.has(file)) {
    held.set(file, held.get(file)! + 1);
    return once(release);
  }
  for (;;) {
    try {
      await writeFile(file, [process.pid, processStartToken(process.pid)].filter((part) => part !== null).join(' '), { flag: 'wx' });
      held.set(file, 1);
      return once(release);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const [pid, token] = (await readFile(file, 'utf8').catch(() => '')).trim().split(' ');
    const holder = Number(pid);
    // A pid used again by another process since (the holder was killed) does not hold the lock.
    const started = token ? processStartToken(holder) : null;
    if (holder > 0 && holder !== process.pid && isAlive(holder) && (started === null || started === token)) {
      throw new UserError(`Another hotel-site process (pid ${holder}) is writing ${out}`, {
        hint: 'Wait for it to finish (or stop its watch), or write into another --out.',
        exitCode: 2,
      });
    }
    await rm(file, { force: true });
  }
}

/**
 * Throws when a folder on the way to `path` (relative to `root`, the last part left out) is a
 * symbolic link: the build writes and deletes inside its output only, never where a link points.
 * The guard found none (./output-listing); this holds if one appeared since.
 */
async function refuseLinks(root: string, path: string): Promise<void> {
  const parts = path.split('/').slice(0, -1);
  for (let i = 1; i <= parts.length; i++) {
    const folder = join(root, ...parts.slice(0, i));
    if ((await lstat(folder).catch(() => null))?.isSymbolicLink()) throw new Error(`${folder} is a symbolic link: the output changed while the build ran`);
  }
}

/** Removes `name` (relative to `root`) and then each parent folder it leaves empty, up to `root`. */
async function removeWithEmptyParents(root: string, name: string): Promise<void> {
  try {
    await refuseLinks(root, name);
    await unlink(join(root, name));
  } catch {
    return;
  }
  for (let folder = dirname(join(root, name)); folder !== root && folder.startsWith(root); folder = dirname(folder)) {
    if ((await readdir(folder).catch(() => ['?'])).length) return;
    await rmdir(folder).catch(() => {});
  }
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (!done) action();
    done = true;
  };
}

/**
 * Deletes a replaced output in a process of its own, which outlives this one: deleting tens of
 * thousands of files takes seconds that nobody needs to wait for. The process first renames the
 * folder to carry its own pid, so a build starting meanwhile leaves it alone (removeAbandoned); a
 * folder whose deleting process died is removed by the next build. Resolves when the folder is
 * gone, for callers that wait (tests, watch); the CLI exits without waiting.
 */
function removeInBackground(old: string): Promise<void> {
  const script = `const fs = require('node:fs'); const path = require('node:path'); const old = process.argv[1];
    const mine = path.join(path.dirname(old), path.basename(old).replace(/old-\\d+-/, 'old-' + process.pid + '-'));
    try { fs.renameSync(old, mine); } catch { process.exit(0); }
    fs.rmSync(mine, { recursive: true, force: true, maxRetries: 3 });`;
  return new Promise((done) => {
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(process.execPath, ['-e', script, old], { detached: true, stdio: 'ignore' });
    } catch {
      return void rm(old, { recursive: true, force: true, maxRetries: 3 }).then(done, done);
    }
    child.once('error', () => void rm(old, { recursive: true, force: true, maxRetries: 3 }).then(done, done));
    child.once('exit', () => done());
    child.unref();
  });
}

/** Staging and old folders of builds that were killed (their process is gone). */
async function removeAbandoned(out: string): Promise<void> {
  const parent = dirname(out);
  const start = prefix(out);
  for (const name of await readdir(parent)) {
    const match = name.startsWith(start) ? /^(?:staging|old)-(\d+)-/.exec(name.slice(start.length)) : null;
    // Another build's background deletion may be at it too: whatever is left goes next time.
    if (match && !isAlive(Number(match[1]))) await rm(join(parent, name), { recursive: true, force: true, maxRetries: 3 }).catch(() => {});
  }
}

/**
 * When the process with that id started, as the system counts it (Linux: clock ticks since boot,
 * /proc/<pid>/stat); null where that cannot be read. Written into the lock with the pid, so that a
 * lock whose writer died is not held by whatever process got its pid later.
 */
export function processStartToken(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which may hold spaces and parentheses: starttime is the 22nd.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether a process with that id runs (one of another user's counts). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
