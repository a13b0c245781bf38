// A fixed number of runners draining one list: bounded concurrency for tens of thousands of items
// at the cost of one array slot each, where a promise-per-item limiter holds a promise and closures
// for every item waiting (docs/media.md, "Memory"). The media stage pushes URLs while it drains;
// forEachBounded drains a list known up front (linking and comparing every page of a build).

export class DrainQueue<T> {
  /** How many items run at once. */
  runners = 1;
  /** Called with the first error; the items still waiting are dropped then. */
  onError: (error: unknown) => void = () => {};
  private items: T[] = [];
  private next = 0;
  private running = 0;
  private failed = false;
  private waiting: (() => void)[] = [];

  constructor(private readonly work: (item: T) => Promise<void>) {}

  push(item: T): void {
    if (this.failed) return;
    this.items.push(item);
    if (this.running < this.runners) void this.runner();
  }

  /** Resolves once every item pushed so far has run (or the queue stopped at an error). */
  drained(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private async runner(): Promise<void> {
    this.running++;
    // Started from push: the caller's loop keeps pushing before the first item runs.
    await Promise.resolve();
    while (!this.failed && this.next < this.items.length) {
      const item = this.items[this.next]!;
      // The slot is released as it is taken: a drained list holds nothing.
      this.items[this.next++] = undefined as T;
      try {
        await this.work(item);
      } catch (error) {
        if (!this.failed) {
          this.failed = true;
          this.onError(error);
        }
      }
    }
    if (--this.running > 0) return;
    this.items = [];
    this.next = 0;
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

/**
 * Runs `work` on every item, at most `runners` at once. The first error stops the runners from
 * taking more items; it is thrown once those in flight have finished.
 */
export async function forEachBounded<T>(items: Iterable<T>, runners: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = new DrainQueue(work);
  queue.runners = runners;
  const failures: unknown[] = [];
  queue.onError = (error) => failures.push(error);
  for (const item of items) queue.push(item);
  await queue.drained();
  if (failures.length) throw failures[0];
}
