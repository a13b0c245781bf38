// The lock on an output folder (a build takes it with its staging folder, watch holds it while it
// runs), and whether the process that wrote a lock, a staging folder or a swap journal still runs.
import { readFileSync, rmSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { UserError } from '../errors';

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
export async function lock(out: string): Promise<() => void> {
  const file = join(dirname(out), `.${basename(out)}.lock`);
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

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (!done) action();
    done = true;
  };
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
