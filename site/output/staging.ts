// Atomic output (issue 2): a build writes into a fresh folder beside --out and swaps it in only
// when everything is written; a failed build removes its folder and leaves the old output alone.
import { randomBytes } from 'node:crypto';
import { readdir, rename, rm, mkdir } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

export interface Staging {
  /** The folder being written. */
  dir: string;
  /** Replaces the output folder with the staging folder. */
  commit(): Promise<void>;
  /** Removes the staging folder. */
  abort(): Promise<void>;
}

const prefix = (outDir: string) => `.${basename(outDir)}.`;

export async function createStaging(outDir: string): Promise<Staging> {
  const out = resolve(outDir);
  const parent = dirname(out);
  await mkdir(parent, { recursive: true });
  await removeAbandoned(out);
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const dir = join(parent, `${prefix(out)}staging-${tag}`);
  await mkdir(dir);
  return {
    dir,
    async commit() {
      const old = join(parent, `${prefix(out)}old-${tag}`);
      let moved = false;
      try {
        await rename(out, old);
        moved = true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      try {
        await rename(dir, out);
      } catch (error) {
        // Put the previous output back: a failed swap must not lose it.
        if (moved) await rename(old, out);
        throw error;
      }
      if (moved) await rm(old, { recursive: true, force: true });
    },
    abort: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Staging and old folders of builds that were killed (their process is gone). */
async function removeAbandoned(out: string): Promise<void> {
  const parent = dirname(out);
  const start = prefix(out);
  for (const name of await readdir(parent)) {
    const match = name.startsWith(start) ? /^(?:staging|old)-(\d+)-/.exec(name.slice(start.length)) : null;
    if (match && !isAlive(Number(match[1]))) await rm(join(parent, name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
