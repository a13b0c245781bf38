// The build's heap growth. Fetching and downloading make garbage fast while little is live, and V8
// lets the heap grow to about twice what is live before a full collection: a build that fetches
// everything collects once the heap has grown by half, from the fetch to the end.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let tight = false;

export function tightenHeap(): void {
  setFlagsFromString('--heap-growing-percent=50');
  tight = true;
}

export function relaxHeap(): void {
  setFlagsFromString('--heap-growing-percent=0');
  tight = false;
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
