// Atomic output (docs/incremental.md, "The swap, and the old output"): a build writes into a
// staging folder beside --out, and changes --out only when everything is written. A build that
// reuses the previous output moves its new and changed files into --out one by one, each replaced
// or removed file kept aside under a journal (./swap-journal) until the build is kept; any other
// build's staging folder replaces --out whole. A failed or interrupted build undoes its swap and
// leaves the previous output as it was. Only a folder that replacing cannot lose anything of is
// taken (./out-dir).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { UserError } from '../errors';
import { assertReplaceable, type OutDirContext } from './out-dir';
import { isAlive, lock } from './output-lock';
import { assertNoLinks, journalFile, readJournal, removeJournal, rollBack, writeJournal, type SwapJournal } from './swap-journal';

/**
 * A folder of the previous output whose unchanged files the staging folder leaves out (media, the
 * language folders: docs/incremental.md): its copy in the staging folder holds only the files new
 * or changed, and `extras` are the files of the previous folder (relative to it) this build does
 * not use.
 */
export interface Adoption {
  folder: string;
  extras: readonly string[];
}

export interface CommitOptions {
  /**
   * The build reused the previous output (its staging folder links the unchanged files, or leaves
   * them out of an adopted folder): only what changed is moved into --out. Otherwise the staging
   * folder replaces --out whole.
   */
  inPlace?: boolean;
  /** Stops the swap (Ctrl-C): what it did is undone. */
  signal?: AbortSignal;
}

export interface Staging {
  /** The folder being written. */
  dir: string;
  /** Leaves the unchanged files of `adoption.folder` where they are in the previous output. */
  adopt(adoption: Adoption): void;
  /** Puts the new output in place; abort() undoes it until keep(). */
  commit(options?: CommitOptions): Promise<void>;
  /**
   * Runs `hook` (synchronously) if the swap is undone after all, between commit() and keep(): the
   * build record saved for the new output must not outlive it (a second Ctrl-C while it is saved).
   */
  whenUndone(hook: () => void): void;
  /** The new output is final (the build is recorded): what it replaced goes, the lock is released. */
  keep(): Promise<void>;
  /** Resolves once a replaced output folder is deleted. */
  cleanup(): Promise<void>;
  /** Undoes the swap if there was one, removes the staging folder, releases the lock. */
  abort(): Promise<void>;
}

const prefix = (outDir: string) => `.${basename(outDir)}.`;

export async function createStaging(outDir: string, context: OutDirContext & { warn?: (message: string) => void } = {}): Promise<Staging> {
  const out = resolve(outDir);
  const parent = dirname(out);
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const [dir, aside, old] = ['staging', 'aside', 'old'].map((kind) => join(parent, `${prefix(out)}${kind}-${tag}`)) as [string, string, string];
  // A swap a killed build left half done is undone before anything looks at the output.
  let unlock = existsSync(journalFile(out)) ? await repairInterruptedSwap(out, context.warn) : null;
  let listed: readonly string[] | null;
  try {
    listed = await assertReplaceable(out, context);
  } catch (error) {
    unlock?.();
    throw error;
  }
  try {
    if (!unlock) {
      await mkdir(parent, { recursive: true });
      unlock = await lock(out);
    }
    await removeAbandoned(out);
    await mkdir(dir);
  } catch (error) {
    unlock?.();
    throw writeError(out, error);
  }
  const state: ActiveStaging = { out, dir, aside, old, movedAside: false, journal: null, unlock, undone: [] };
  active.set(dir, state);
  const adoptions: Adoption[] = [];
  let removal: Promise<void> = Promise.resolve();
  return {
    dir,
    adopt(adoption) {
      adoptions.push(adoption);
    },
    async commit({ inPlace = false, signal } = {}) {
      try {
        if (inPlace) await swapInPlace(state, adoptions, listed, signal);
        else {
          if (adoptions.length) throw new Error('a staging folder with adopted folders must be swapped in place');
          swapWhole(state);
        }
      } catch (error) {
        // Put the previous output back as it was: a failed swap must not lose or change it.
        undo(state);
        throw error;
      }
    },
    whenUndone(hook) {
      state.undone.push(hook);
    },
    async keep() {
      if (!active.delete(dir)) return;
      if (state.journal) {
        removeJournal(out);
        state.journal = null;
      }
      await Promise.all([rm(dir, { recursive: true, force: true, maxRetries: 3 }), rm(aside, { recursive: true, force: true, maxRetries: 3 })]);
      unlock();
      if (state.movedAside) removal = removeInBackground(old);
    },
    cleanup: () => removal,
    async abort() {
      if (active.delete(dir)) undo(state);
      await Promise.all([rm(dir, { recursive: true, force: true, maxRetries: 3 }), rm(aside, { recursive: true, force: true, maxRetries: 3 })]);
      unlock();
    },
  };
}

interface ActiveStaging {
  out: string;
  /** The staging folder, and beside it the folder a swap in place moves replaced and removed files into. */
  dir: string;
  aside: string;
  /** Where a whole swap moves the previous output, and whether it did. */
  old: string;
  movedAside: boolean;
  /** A swap in place, from the moment its journal is written. */
  journal: SwapJournal | null;
  unlock: () => void;
  /** What to do if the swap is undone (Staging.whenUndone). */
  undone: (() => void)[];
}

/** Staging folders of this process not yet kept or aborted, with the output they replace. */
const active = new Map<string, ActiveStaging>();

/**
 * Undoes them at once (the CLI's second Ctrl-C or SIGTERM): an interrupted build leaves its
 * previous output — put back if the swap was done or half done — and no staging folder behind.
 */
export function removeActiveStagings(): void {
  for (const state of active.values()) {
    undo(state);
    rmSync(state.dir, { recursive: true, force: true });
    rmSync(state.aside, { recursive: true, force: true });
    state.unlock();
  }
  active.clear();
}

/** Puts the previous output back in place, however far the swap got. Synchronous: see removeActiveStagings. */
function undo(state: ActiveStaging): void {
  const { out, dir } = state;
  for (const hook of state.undone.splice(0)) hook();
  if (state.journal) {
    rollBack(out, state.journal);
    removeJournal(out);
    state.journal = null;
  }
  if (state.movedAside && existsSync(state.old)) {
    if (existsSync(out) && !existsSync(dir)) renameSync(out, dir);
    if (!existsSync(out)) renameSync(state.old, out);
    state.movedAside = false;
  }
}

/** The staging folder becomes --out; the previous one goes aside, deleted once the build is kept. */
function swapWhole(state: ActiveStaging): void {
  if (existsSync(state.out)) {
    renameSync(state.out, state.old);
    state.movedAside = true;
  }
  renameSync(state.dir, state.out);
}

/**
 * Moves the staging folder's new and changed files into --out, each file it replaces moved aside
 * first, and moves aside the previous files the new output does not have; then removes the
 * folders they leave empty. What to do is journaled first (./swap-journal). A staged file that is
 * a link to the previous file of its path is unchanged: it stays as it is, same inode, same mtime.
 */
async function swapInPlace(state: ActiveStaging, adoptions: readonly Adoption[], listed: readonly string[] | null, signal?: AbortSignal): Promise<void> {
  const { out, dir, aside } = state;
  // The folders adopted live in the previous output: without it the new output would lack their files.
  if (!listed || !existsSync(out)) throw new UserError(`${out} was removed while the build ran; nothing was written`, { hint: 'Build again.' });
  const plan = planSwap(out, dir, listed, adoptions);
  if (!plan.put.length && !plan.removed.length) return;
  const journal: SwapJournal = { pid: process.pid, staging: basename(dir), aside: basename(aside), ...plan };
  writeJournal(out, journal);
  state.journal = journal;
  const checked = new Set<string>();
  let renames = 0;
  const move = async (from: string, to: string) => {
    renameSync(from, to);
    renames++;
    if (testPauseAt === renames) await pauseForTest(renames, signal);
    signal?.throwIfAborted();
  };
  const moveAside = async (file: string) => {
    assertNoLinks(out, file, checked);
    mkdirSync(dirname(join(aside, file)), { recursive: true });
    await move(join(out, file), join(aside, file));
  };
  for (const file of plan.removed) await moveAside(file);
  for (const folder of plan.folders) {
    assertNoLinks(out, `${folder}/-`, checked);
    mkdirSync(join(out, folder));
  }
  const replaced = new Set(plan.replaced);
  for (const file of plan.put) {
    if (replaced.has(file)) await moveAside(file);
    else assertNoLinks(out, file, checked);
    await move(join(dir, file), join(out, file));
  }
  removeEmptyFolders(out, plan.removed);
}

/** What a swap in place does: see SwapJournal. */
function planSwap(out: string, dir: string, listed: readonly string[], adoptions: readonly Adoption[]): Pick<SwapJournal, 'put' | 'replaced' | 'removed' | 'folders'> {
  const adopted = new Map(adoptions.map((adoption) => [adoption.folder, adoption]));
  const staged = filesBelow(dir);
  const stagedSet = new Set(staged);
  const put: string[] = [];
  const replaced: string[] = [];
  for (const file of staged) {
    const before = lstatSync(join(out, file), { throwIfNoEntry: false });
    if (before) {
      if (!before.isFile()) throw new Error(`${join(out, file)} is not a file: the output changed while the build ran`);
      if (before.ino === lstatSync(join(dir, file)).ino) continue;
      replaced.push(file);
    }
    put.push(file);
  }
  // Outside the adopted folders the staging folder holds the whole new output; inside them, the
  // build named what it no longer uses.
  const removed = listed.filter((file) => !(file.includes('/') && adopted.has(file.slice(0, file.indexOf('/')))) && !stagedSet.has(file));
  for (const { folder, extras } of adoptions) {
    for (const name of extras) {
      const file = `${folder}/${name}`;
      if (!stagedSet.has(file) && lstatSync(join(out, file), { throwIfNoEntry: false })) removed.push(file);
    }
  }
  const folders: string[] = [];
  const known = new Set<string>();
  for (const file of put) {
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join('/');
      if (known.has(folder)) continue;
      known.add(folder);
      if (!lstatSync(join(out, folder), { throwIfNoEntry: false })) folders.push(folder);
    }
  }
  return { put, replaced, removed, folders };
}

/** Files below `dir` (relative, `/`-separated). */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => `${entry.parentPath}/${entry.name}`.slice(dir.length + 1));
}

/** Removes each folder the `removed` files (relative to `root`) leave empty, up to `root`. */
function removeEmptyFolders(root: string, removed: readonly string[]): void {
  const tried = new Set<string>();
  for (const file of removed) {
    for (let folder = dirname(file); folder !== '.' && !tried.has(folder); folder = dirname(folder)) {
      tried.add(folder);
      try {
        rmdirSync(join(root, folder));
      } catch {
        break;
      }
    }
  }
}

/**
 * Undoes the swap a build that was killed left half done, as its journal says, before anything
 * else reads the output; says so in one line. Returns the lock it took for it.
 */
async function repairInterruptedSwap(out: string, warn: (message: string) => void = (message) => process.emitWarning(message)): Promise<() => void> {
  await mkdir(dirname(out), { recursive: true });
  const unlock = await lock(out);
  try {
    // A swap of this process (watch and its build share the lock) is its own to finish or undo.
    if ([...active.values()].some((state) => state.out === out && state.journal)) return unlock;
    const journal = readJournal(out);
    if (!journal) return unlock;
    rollBack(out, journal);
    removeJournal(out);
    for (const name of [journal.staging, journal.aside]) rmSync(join(dirname(out), name), { recursive: true, force: true });
    warn(`a build (pid ${journal.pid}) was stopped during its swap into ${out}; undone: the output is as the build before it left it`);
    return unlock;
  } catch (error) {
    unlock();
    throw new UserError(`A build was stopped during its swap into ${out}, and undoing it failed: ${(error as Error).message}`, {
      cause: error,
      hint: `Delete ${out} and ${journalFile(out)}, then build again.`,
    });
  }
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

/** The test-only pause of a swap in place after that many renames (HOTEL_SITE_TEST_SWAP_PAUSE). */
const testPauseAt = Number(process.env.HOTEL_SITE_TEST_SWAP_PAUSE) || null;

/** Says it paused and waits until the build is stopped (or killed, which is what the tests do). */
async function pauseForTest(renames: number, signal?: AbortSignal): Promise<void> {
  process.stderr.write(`hotel-site: swap paused after ${renames} renames (HOTEL_SITE_TEST_SWAP_PAUSE)\n`);
  await new Promise<void>((resume) => {
    const timer = setTimeout(resume, 60_000);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resume()), { once: true });
  });
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

/** Staging, aside and old folders of builds that were killed (their process is gone). */
async function removeAbandoned(out: string): Promise<void> {
  const parent = dirname(out);
  const start = prefix(out);
  for (const name of await readdir(parent)) {
    const match = name.startsWith(start) ? /^(?:staging|aside|old)-(\d+)-/.exec(name.slice(start.length)) : null;
    // Another build's background deletion may be at it too: whatever is left goes next time.
    if (match && !isAlive(Number(match[1]))) await rm(join(parent, name), { recursive: true, force: true, maxRetries: 3 }).catch(() => {});
  }
}
