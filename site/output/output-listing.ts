// What an output folder holds, read the way a build must treat it: one readdir per folder (the
// entry types come with the names, no stat per file), never through a symbolic link. A link is an
// entry of its own, which replacing the folder removes; what it points to is never entered, so a
// build never writes or deletes there (docs/incremental.md, "The old output"). With the folders'
// stamps of the last listing, a folder whose inode and change time are the same is not read again
// (docs/incremental.md, "What the old output may hold").
import { lstatSync, readdirSync } from 'node:fs';
import { sep } from 'node:path';

export interface OutputListing {
  /** Files (and other entries that are neither folders nor links), relative, `/`-separated. */
  files: string[];
  /** Symbolic links, relative: entries to replace, never folders to enter. */
  links: string[];
  /** Each folder read (relative; '' is the root) with what it held; only when listed with stamps. */
  folders: FolderStamps | null;
  /** How many folders were read rather than taken from the stamps. */
  read: number;
}

/**
 * What each folder held, with the stamp it had just before it was read: its inode and change time
 * (milliseconds, to a fraction of a microsecond). Adding, removing or renaming an entry sets a folder's change time, and nothing sets it
 * back, so a folder with the same stamp holds the same entries. `kinds` has a letter per name:
 * f(ile or other), d(irectory), l(ink). An empty stamp: changed too recently to be trusted.
 */
export type FolderStamps = Map<string, { stamp: string; names: string[]; kinds: string }>;

/**
 * A folder changed within this long before it was read may change again within the same tick of
 * the file-system clock (coarse: milliseconds), which its change time would not show.
 */
const SETTLED_MS = 1000;

/**
 * Lists `root`; `enter(path)` says whether to look inside a folder (relative path), else the folder
 * is returned as one of the `files`. With `stamps` (those of the last listing, or an empty map), each
 * folder is stamped, and read only when its stamp differs. Synchronous: the build has nothing else
 * to do yet, and it is the quickest way through tens of thousands of folders.
 */
export function listOutput(root: string, enter: (folder: string) => boolean = () => true, stamps: FolderStamps | null = null): OutputListing {
  const files: string[] = [];
  const links: string[] = [];
  const folders: FolderStamps | null = stamps && new Map();
  const settled = Date.now() - SETTLED_MS;
  let read = 0;
  const pending = [''];
  while (pending.length) {
    const folder = pending.pop()!;
    // Joined by hand: the names come from readdir (or stamps that hold plain names only), and
    // path.join would normalize each of tens of thousands of paths again.
    const path = folder ? root + sep + folder : root;
    let held = null;
    if (folders) {
      // Stamped before it is read: a change made meanwhile shows at the next listing.
      const stats = lstatSync(path);
      if (!stats.isDirectory()) throw new Error(`${path} is no longer a folder`);
      const stamp = `${stats.ino}:${stats.ctimeMs}`;
      const known = stamps!.get(folder);
      held = known?.stamp === stamp ? known : { stamp: stats.ctimeMs < settled ? stamp : '', ...entriesOf(path) };
      if (held !== known) read++;
      folders.set(folder, held);
    } else {
      held = entriesOf(path);
      read++;
    }
    const { names, kinds } = held;
    for (let i = 0; i < names.length; i++) {
      const entry = folder ? `${folder}/${names[i]}` : names[i]!;
      if (kinds[i] === 'l') links.push(entry);
      else if (kinds[i] === 'd' && enter(entry)) pending.push(entry);
      else files.push(entry);
    }
  }
  return { files, links, folders, read };
}

function entriesOf(path: string): { names: string[]; kinds: string } {
  const names: string[] = [];
  let kinds = '';
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    names.push(entry.name);
    kinds += entry.isSymbolicLink() ? 'l' : entry.isDirectory() ? 'd' : 'f';
  }
  return { names, kinds };
}

/** What the last guard listed in each output folder (by path and inode), for the build that follows it. */
const found = new Map<string, { ino: number; listing: OutputListing }>();

export function rememberListing(out: string, ino: number, listing: OutputListing): void {
  found.set(out, { ino, listing });
}

export function forgetListing(out: string): void {
  found.delete(out);
}

/** The listing of the output folder `out` (inode `ino`): the one its guard took just before, else taken now; null when it cannot be listed. */
function listingOf(out: string, ino: number): OutputListing | null {
  const known = found.get(out);
  if (known && known.ino === ino) return known.listing;
  try {
    const listing = listOutput(out);
    found.set(out, { ino, listing });
    return listing;
  } catch {
    return null;
  }
}

/** The first symbolic link inside the output folder `out` (inode `ino`), or null. */
export function linkInOutput(out: string, ino: number): string | null {
  return listingOf(out, ino)?.links.toSorted()[0] ?? null;
}

/**
 * Whether the output folder `out` (inode `ino`) holds `file` (relative): asked for every page a
 * build keeps, answered from the listing rather than by a stat each.
 */
export function outputHolds(out: string, ino: number): (file: string) => boolean {
  const listing = listingOf(out, ino);
  const files = new Set(listing?.files);
  return (file) => files.has(file);
}
