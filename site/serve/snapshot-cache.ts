// A value that is expensive to load and allowed to be a few seconds old: the preview's prepared
// content. Within `ttlMs` the cached value is returned; after it, the next caller starts one load
// and every caller that comes while it runs waits for that same load. A failed load is remembered briefly, so a CMS that is
// down is not asked again by every request of a page (its stylesheet, its images…) in turn.

export interface SnapshotCacheOptions {
  ttlMs: number;
  /** How long a failure is returned before loading is tried again (default 1 s). */
  failureTtlMs?: number;
  clock?: () => number;
}

export interface SnapshotCache<T> {
  get(): Promise<T>;
  /** Loads started so far (tests assert coalescing with it). */
  readonly loads: number;
}

export function createSnapshotCache<T>(load: () => Promise<T>, options: SnapshotCacheOptions): SnapshotCache<T> {
  const clock = options.clock ?? Date.now;
  const failureTtlMs = options.failureTtlMs ?? 1_000;
  let settled: { ok: true; value: T; at: number } | { ok: false; error: unknown; at: number } | null = null;
  let running: Promise<T> | null = null;
  let loads = 0;

  function start(): Promise<T> {
    loads++;
    const current = load().then(
      (value) => {
        if (running === current) settled = { ok: true, value, at: clock() };
        return value;
      },
      (error: unknown) => {
        if (running === current) settled = { ok: false, error, at: clock() };
        throw error;
      },
    );
    running = current;
    // Cleared only when this load is still the current one.
    const clear = () => {
      if (running === current) running = null;
    };
    current.then(clear, clear);
    return current;
  }

  return {
    get() {
      if (running) return running;
      if (settled) {
        const age = clock() - settled.at;
        if (settled.ok && age < options.ttlMs) return Promise.resolve(settled.value);
        if (!settled.ok && age < failureTtlMs) return Promise.reject(settled.error);
      }
      return start();
    },
    get loads() {
      return loads;
    },
  };
}
