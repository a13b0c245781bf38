// Which items came from the kept content lists and were not checked again yet (./kept-html.ts
// checks them). Apart from the sanitizer, so that reading the cache loads no HTML code: an
// up-to-date check never renders.
const unchecked = new WeakSet<object>();

export function keptItem(item: object): void {
  unchecked.add(item);
}

/** True once for an item read from the cache: the caller checks it now. */
export function takeUnchecked(item: object): boolean {
  return unchecked.delete(item);
}
