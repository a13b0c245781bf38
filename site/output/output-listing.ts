// What an output folder holds, read the way a build must treat it: one readdir per folder (the
// entry types come with the names, no stat per file), never through a symbolic link. A link is an
// entry of its own, which replacing the folder removes; what it points to is never entered, so a
// build never writes or deletes there (docs/incremental.md, "The old output").
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface OutputListing {
  /** Files (and other entries that are neither folders nor links), relative, `/`-separated. */
  files: string[];
  /** Symbolic links, relative: entries to replace, never folders to enter. */
  links: string[];
}

/**
 * Lists `root`; `enter(path)` says whether to look inside a folder (relative path), else the folder
 * is returned as one of the `files`. Synchronous: the build has nothing else to do yet, and it is
 * the quickest way through tens of thousands of folders.
 */
export function listOutput(root: string, enter: (folder: string) => boolean = () => true): OutputListing {
  const files: string[] = [];
  const links: string[] = [];
  const pending = [''];
  while (pending.length) {
    const folder = pending.pop()!;
    for (const entry of readdirSync(folder ? join(root, folder) : root, { withFileTypes: true })) {
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) links.push(path);
      else if (entry.isDirectory() && enter(path)) pending.push(path);
      else files.push(path);
    }
  }
  return { files, links };
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
