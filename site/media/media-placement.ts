// Where each published media file goes: a hard link into <out>/media/ (a copy across file systems),
// or, when the output being replaced holds the file already (its name carries its bytes' hash),
// nothing now and that folder taken over whole at the swap (docs/incremental.md).
import { linkSync } from 'node:fs';
import { copyFile, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { LimitFunction } from 'p-limit';
import type { Adoption } from '../output/staging';

/**
 * New files at most for the previous media folder to be taken over at the swap: each is one more
 * rename of the swap (site/output/staging.ts). Past it, every file is linked as usual.
 */
const ADOPT_MAX_ADDED = 1_000;

/** A name in place: one settled promise for all, not one per file kept until the stage ends. */
const PLACED = Promise.resolve();
/** A name in place that the previous media folder holds: the same, told apart by identity. */
const ADOPTED = Promise.resolve();

export class MediaPlacement {
  /** Each name this build uses: placing, placed, or ADOPTED from the previous folder. */
  private readonly placed = new Map<string, Promise<void>>();
  /** Names the previous media folder holds, once `listed` (null: no folder to take over). */
  private previousNames: Set<string> | null = null;
  /** Resolves once the previous media folder is listed (at once when there is none). */
  readonly listed: Promise<void>;
  /** Names this build placed anew. */
  private readonly added: string[] = [];

  /** `previous`: the media folder of the output being replaced, when it may be taken over. */
  constructor(
    private readonly mediaDir: string,
    readonly previous: string | null,
    private readonly fs: LimitFunction,
  ) {
    this.listed = previous
      ? filesIn(previous).then((names) => {
          this.previousNames = names;
        })
      : Promise.resolve();
  }

  /** Puts the published file `name` in place from `source`, once however often asked. */
  place(name: string, source: string): Promise<void> {
    let done = this.placed.get(name);
    if (!done) {
      done = this.listed.then(async () => {
        if (this.previousNames?.has(name)) return void this.placed.set(name, ADOPTED);
        await this.linkOrCopy(source, join(this.mediaDir, name));
        this.added.push(name);
        this.placed.set(name, PLACED);
      });
      this.placed.set(name, done);
    }
    return done;
  }

  /**
   * Places `name` at once when the previous media folder is known to hold it, and says whether it
   * did: nothing to link, the folder is taken over at the swap. False: `place` it.
   */
  placeFromPrevious(name: string): boolean {
    if (!this.previousNames?.has(name)) return false;
    if (!this.placed.has(name)) this.placed.set(name, ADOPTED);
    return true;
  }

  /** Whether the previous media folder holds `name` (then it is that folder's file, not the cache's). */
  async previousHas(name: string): Promise<boolean> {
    await this.listed;
    return this.previousNames?.has(name) ?? false;
  }

  /** The file was written into the media folder itself. */
  written(name: string): void {
    this.placed.set(name, PLACED);
  }

  /** The source was gone: the next place() of the name tries again. */
  forget(name: string): void {
    this.placed.delete(name);
  }

  /** Every placing finished; rejects with the first that failed when `failures` is true. */
  async settled(failures = true): Promise<void> {
    if (failures) await Promise.all(this.placed.values());
    else await Promise.allSettled(this.placed.values());
  }

  /**
   * The previous media folder to take over with the files new to it, or null after linking the
   * files it holds into this build's folder like any other (too many new files, or none to take).
   */
  async adoption(): Promise<Adoption | null> {
    await this.listed;
    const previous = this.previousNames;
    if (!previous) return null;
    if (this.added.length <= ADOPT_MAX_ADDED) {
      return { folder: 'media', extras: [...previous].filter((name) => this.placed.get(name) !== ADOPTED) };
    }
    const adopted = [...this.placed].filter(([, placing]) => placing === ADOPTED);
    await Promise.all(adopted.map(([name]) => this.linkOrCopy(join(this.previous!, name), join(this.mediaDir, name))));
    return null;
  }

  /**
   * A hard link to `source`; a copy where linking is impossible (another file system). The link
   * is made synchronously: one call on the main thread costs less than a trip to libuv's thread
   * pool, and holds no descriptor.
   */
  private async linkOrCopy(source: string, target: string): Promise<void> {
    try {
      linkSync(source, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // The same name is the same content: placed by an earlier run into this folder (watch).
      if (code === 'EEXIST') return;
      if (code === 'EXDEV' || code === 'EPERM' || code === 'EMLINK' || code === 'ENOTSUP') await this.fs(() => copyFile(source, target));
      else throw error;
    }
  }
}

/** The names of the files in `dir`, or null when it is not a plain folder. */
async function filesIn(dir: string): Promise<Set<string> | null> {
  try {
    if (!(await lstat(dir)).isDirectory()) return null;
    return new Set((await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name));
  } catch {
    return null;
  }
}
