// The journal of a swap in place (docs/incremental.md, "The swap, and the old output"): before its
// first rename, a build that changes the previous output file by file writes beside --out every
// move and removal it plans, and flushes it to disk. Until the build is kept (its record saved),
// every file it replaces or removes waits in an aside folder beside --out, so the swap is undone at
// any point by renaming back — after an error, a Ctrl-C, or a SIGKILL that left only this file,
// which the next build finds before anything else. How far the swap got is read from the folders,
// not recorded: each step is one rename, and undoing one that did not happen does nothing.
import { closeSync, existsSync, fsyncSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, rmdirSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface SwapJournal {
  /** The process that swaps. */
  pid: number;
  /** Names of folders beside --out: the new files before the swap, and the replaced or removed ones after. */
  staging: string;
  aside: string;
  /** Files (relative to --out, `/`-separated) moved in from the staging folder, in order. */
  put: string[];
  /** Those of `put` whose previous file is moved aside first. */
  replaced: string[];
  /** Files of the previous output the new one does not have, moved aside. */
  removed: string[];
  /** Folders the swap makes in --out for new files, parents first. */
  folders: string[];
}

export const journalFile = (out: string) => join(dirname(out), `.${basename(out)}.swap-journal`);

/** Writes the journal whole (a new file renamed into place) and on disk before it returns. */
export function writeJournal(out: string, journal: SwapJournal): void {
  const file = journalFile(out);
  const temporary = `${file}.${process.pid}`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, JSON.stringify(journal));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
  syncFolder(dirname(file));
}

/** Drops the journal: the swap it names is final, or undone. */
export function removeJournal(out: string): void {
  rmSync(journalFile(out), { force: true });
  syncFolder(dirname(out));
}

/**
 * The journal a swap left beside `out`, or null. One that cannot be read whole was not written
 * whole: the rename that makes it comes before the swap's first move, so nothing was moved.
 */
export function readJournal(out: string): SwapJournal | null {
  let text: string;
  try {
    if (!lstatSync(journalFile(out)).isFile()) throw new Error(`${journalFile(out)} is not a file`);
    text = readFileSync(journalFile(out), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const journal = JSON.parse(text) as SwapJournal;
  // It names paths this build renames: only inside --out and the two folders beside it.
  const beside = new RegExp(`^\\.${escape(basename(out))}\\.(?:staging|aside)-\\d+-[0-9a-f]+$`);
  const relative = (path: unknown) => typeof path === 'string' && path !== '' && !path.startsWith('/') && path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
  const valid =
    Number.isInteger(journal?.pid) && beside.test(String(journal.staging)) && beside.test(String(journal.aside)) &&
    [journal.put, journal.replaced, journal.removed, journal.folders].every((list) => Array.isArray(list) && list.every(relative));
  if (!valid) throw new Error(`${journalFile(out)} is not a journal this version of hotel-site wrote`);
  return journal;
}

/**
 * Puts the previous output back as the journal's swap found it: each replaced or removed file
 * renamed back from the aside folder, each new file moved back into the staging folder, the
 * folders the swap made removed when empty. Synchronous: the CLI's second Ctrl-C runs it just before
 * exiting. Never through a symbolic link inside --out.
 */
export function rollBack(out: string, journal: SwapJournal): void {
  const parent = dirname(out);
  const [staging, aside] = [join(parent, journal.staging), join(parent, journal.aside)];
  const checked = new Set<string>();
  const replaced = new Set(journal.replaced);
  const restore = (file: string) => {
    if (!existsSync(join(aside, file))) return false;
    assertNoLinks(out, file, checked);
    mkdirSync(dirname(join(out, file)), { recursive: true });
    renameSync(join(aside, file), join(out, file));
    return true;
  };
  for (const file of [...journal.removed].reverse()) restore(file);
  for (const file of [...journal.put].reverse()) {
    if (restore(file) || replaced.has(file)) continue;
    // A new file found in --out was moved there by the swap: nothing had that name before it.
    if (lstatSync(join(out, file), { throwIfNoEntry: false }) && !existsSync(join(staging, file))) {
      assertNoLinks(out, file, checked);
      mkdirSync(dirname(join(staging, file)), { recursive: true });
      renameSync(join(out, file), join(staging, file));
    }
  }
  for (const folder of [...journal.folders].reverse()) {
    try {
      rmdirSync(join(out, folder));
    } catch {
      // Not there, or not empty: something that is not the swap's is in it; leave it.
    }
  }
}

/**
 * Throws when a folder on the way to `path` (relative to `root`, the last part left out) is a
 * symbolic link: the build writes and deletes inside its output only, never where a link points.
 * The guard found none (./output-listing); this holds if one appeared since. `checked` remembers
 * the folders found plain during one swap.
 */
export function assertNoLinks(root: string, path: string, checked: Set<string>): void {
  const parts = path.split('/').slice(0, -1);
  for (let i = 1; i <= parts.length; i++) {
    const folder = parts.slice(0, i).join('/');
    if (checked.has(folder)) continue;
    if (lstatSync(join(root, folder), { throwIfNoEntry: false })?.isSymbolicLink()) throw new Error(`${join(root, folder)} is a symbolic link: the output changed while the build ran`);
    checked.add(folder);
  }
}

/** Flushes a folder's entries (the rename of the journal) to disk; where a folder cannot be opened, there is nothing to do. */
function syncFolder(folder: string): void {
  let fd: number;
  try {
    fd = openSync(folder, 'r');
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } catch {
    // Some file systems refuse fsync on a folder; the rename is as durable as they make it.
  } finally {
    closeSync(fd);
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
