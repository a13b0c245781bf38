// The build's heap growth. Fetching and downloading make garbage fast while little is live, and V8
// lets the heap grow to about twice what is live before a full collection: until rendering starts
// it collects once the heap has grown by half; rendering, after the peak, gets V8's own choice back.
import { setFlagsFromString } from 'node:v8';

export function tightenHeap(): void {
  setFlagsFromString('--heap-growing-percent=50');
}

export function relaxHeap(): void {
  setFlagsFromString('--heap-growing-percent=0');
}
