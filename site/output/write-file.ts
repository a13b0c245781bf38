// Writing pages by the thousand. `fs.promises.writeFile` opens a FileHandle and goes through
// several promise round trips per file; the callback form does open, write and close in C++, at
// about half the cost (docs/benchmarks.md).
import { writeFile as writeFileWithCallback } from 'node:fs';

/**
 * Files written in the background, at most `limit` at once, with no promise per file: a count and
 * one waiter, where `Promise.race` over the writes in flight would attach a reaction to each of
 * them for every file added.
 */
export class BoundedWrites {
  private running = 0;
  private failure: { error: unknown } | null = null;
  private wake: (() => void) | null = null;

  constructor(private readonly limit: number) {}

  /** Starts writing `data`; returns when fewer than `limit` writes are in flight. Throws the first failed write. */
  async write(file: string, data: Buffer, onWritten?: () => void): Promise<void> {
    this.throwIfFailed();
    this.running++;
    writeFileWithCallback(file, data, (error) => {
      if (error) this.failure ??= { error };
      else onWritten?.();
      this.running--;
      const wake = this.wake;
      this.wake = null;
      wake?.();
    });
    while (this.running >= this.limit) await this.next();
    this.throwIfFailed();
  }

  /** Waits for every write in flight, failed or not. */
  async drain(): Promise<void> {
    while (this.running > 0) await this.next();
  }

  /** Waits for every write in flight; throws the first that failed. */
  async finish(): Promise<void> {
    await this.drain();
    this.throwIfFailed();
  }

  private next(): Promise<void> {
    return new Promise((resolve) => (this.wake = resolve));
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}
