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

/** The first link the last guard found in each output folder (by path and inode), for the build that follows it. */
const found = new Map<string, { ino: number; link: string | null }>();

export function rememberLinks(out: string, ino: number, listing: OutputListing): void {
  found.set(out, { ino, link: listing.links.sort()[0] ?? null });
}

/**
 * The first symbolic link inside the output folder `out` (inode `ino`), or null: what its guard
 * found just before, else listed now. Taken once, so that a later build looks again.
 */
export function linkInOutput(out: string, ino: number): string | null {
  const known = found.get(out);
  found.delete(out);
  if (known && known.ino === ino) return known.link;
  try {
    return listOutput(out).links.sort()[0] ?? null;
  } catch {
    return null;
  }
}
