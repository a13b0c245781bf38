// The build's heap growth. Fetching and downloading make garbage fast while little is live, and V8
// lets the heap grow to about twice what is live before a full collection: a build that fetches
// everything collects once the heap has grown by half, from the fetch to the end. Its young
// generation stops growing at half of V8's default: what a build allocates is mostly short-lived
// (answers, page markup), so a smaller nursery collects it as well and keeps the peak lower.
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** The young generation's size (both semi-spaces) at which it stops growing in a tight heap. */
const YOUNG_BYTES = 16 * 1024 * 1024;
/** V8's default: the young generation doubles when much of it survives a scavenge. */
const YOUNG_GROWTH = 2;

let tight = false;
let young: PerformanceObserver | null = null;

export function tightenHeap(): void {
  setFlagsFromString('--heap-growing-percent=50');
  tight = true;
  capYoungGeneration();
}

export function relaxHeap(): void {
  setFlagsFromString('--heap-growing-percent=0');
  setFlagsFromString(`--semi-space-growth-factor=${YOUNG_GROWTH}`);
  young?.disconnect();
  young = null;
  tight = false;
}

/**
 * The young generation's maximum is fixed when the process starts, but how fast it grows is read at
 * every scavenge: once it has reached `YOUNG_BYTES`, it is told to grow by a factor of one. The
 * check runs after each collection (a scavenge doubles it at most once, and the build yields to the
 * event loop between pages and files, so it stops at the size or one step above).
 */
function capYoungGeneration(): void {
  young?.disconnect();
  young = new PerformanceObserver(() => {
    const space = getHeapSpaceStatistics().find((entry) => entry.space_name === 'new_space');
    if (!space || space.space_size < YOUNG_BYTES) return;
    setFlagsFromString('--semi-space-growth-factor=1');
    young?.disconnect();
    young = null;
  });
  young.observe({ entryTypes: ['gc'] });
}

/**
 * Before rendering, in a tight heap: one full collection. V8 sizes the heap by what it found live
 * at its last full collection, and while downloads run that includes much of what they were still
 * making; by now the fetch's answers and the downloads are garbage, and rendering starts from what
 * the pages need. Called where the pages start to render (site/output/write-pages.ts), after their
 * items were made local.
 */
export function collectBeforeRendering(): void {
  if (!tight) return;
  // The flag installs gc() in contexts made after it is set, not in this one.
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
