// Rebuilds of `watch`, one at a time (as Eleventy's WatchQueue does): while one runs,
// changes collect into at most one pending batch. A save after a quiet moment starts a rebuild at
// once (after `batchMs`, which gathers the several file events one save makes); a save that
// follows a rebuild of the same burst waits until the burst has been quiet for `quietMs`. So a
// single save is served as fast as possible and ten saves in a second cause two rebuilds: the
// first, and one for everything after it. Saves that never pause still rebuild once a
// second.

export interface RebuildQueueOptions<C> {
  run: (changes: C[]) => Promise<void>;
  /** A rebuild that threw; the queue goes on (one failed rebuild never stops watching). */
  onError: (error: unknown) => void;
  /**
   * Default 5 ms: the events of one save (or of an editor saving several files) come within a few
   * ms, and every ms waited here is one before the page is served.
   */
  batchMs?: number;
  /** Default 200 ms: longer than the gap between saves of a burst, short enough to feel instant. */
  quietMs?: number;
  /** A burst that never goes quiet still rebuilds this often (default 1000 ms). */
  maxWaitMs?: number;
  clock?: () => number;
}

export interface RebuildQueue<C> {
  add(change: C): void;
  /** Resolves once nothing runs or waits (tests, shutdown). */
  idle(): Promise<void>;
  /** Rebuilds started so far. */
  readonly runs: number;
  close(): void;
}

export function createRebuildQueue<C>(options: RebuildQueueOptions<C>): RebuildQueue<C> {
  const batchMs = options.batchMs ?? 5;
  const quietMs = options.quietMs ?? 200;
  const maxWaitMs = options.maxWaitMs ?? 1_000;
  const clock = options.clock ?? Date.now;
  let pending: C[] = [];
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let lastChange = -Infinity;
  /** When the oldest pending change came. */
  let pendingSince = Infinity;
  let ranInBurst = false;
  let runs = 0;
  let closed = false;
  const waiters: (() => void)[] = [];

  const settleIdle = () => {
    if (running || timer || pending.length) return;
    for (const resolve of waiters.splice(0)) resolve();
  };

  const schedule = (delay: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(fire, Math.max(0, Math.min(delay, pendingSince + maxWaitMs - clock())));
  };

  function fire(): void {
    timer = null;
    // The running rebuild reschedules when it ends.
    if (running || closed) return;
    if (!pending.length) return settleIdle();
    const changes = pending;
    pending = [];
    pendingSince = Infinity;
    ranInBurst = true;
    runs++;
    running = options
      .run(changes)
      .catch((error: unknown) => options.onError(error))
      .finally(() => {
        running = null;
        // A burst still going on waits for quiet; a save after a quiet moment goes at once.
        if (pending.length && !closed) schedule(ranInBurst ? lastChange + quietMs - clock() : batchMs);
        else settleIdle();
      });
  }

  return {
    add(change) {
      if (closed) return;
      const now = clock();
      if (now - lastChange >= quietMs) ranInBurst = false;
      lastChange = now;
      if (!pending.length) pendingSince = now;
      pending.push(change);
      if (!running) schedule(ranInBurst ? quietMs : batchMs);
    },
    idle() {
      return new Promise((resolve) => {
        waiters.push(resolve);
        settleIdle();
      });
    },
    get runs() {
      return runs;
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      pending = [];
      pendingSince = Infinity;
      for (const resolve of waiters.splice(0)) resolve();
    },
  };
}
