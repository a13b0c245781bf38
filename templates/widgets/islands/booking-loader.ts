// The booking provider's sidebar (docs/site.md): a third-party script loaded with the
// locale in its URL, then opened through a global function. One load per page, shared by every
// booking button (top bar, menu's Wellness Booking entry, call-to-action paragraphs).

const LOAD_TIMEOUT_MS = 15_000;
let pending: Promise<void> | null = null;

/** Loads the provider script once; a failed load may be retried by the next intent. */
export function loadBookingScript(url: string): Promise<void> {
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      const timer = setTimeout(() => reject(new Error(`Timeout: ${url}`)), LOAD_TIMEOUT_MS);
      script.src = url;
      script.async = true;
      script.onload = () => {
        clearTimeout(timer);
        resolve();
      };
      script.onerror = () => {
        clearTimeout(timer);
        script.remove();
        reject(new Error(`Failed: ${url}`));
      };
      document.head.append(script);
    }).catch((error: unknown) => {
      pending = null;
      throw error;
    });
  }
  return pending;
}

/**
 * Finds the provider's open function by its dotted global path ("Booking.open") and calls it with
 * its owner as `this`. Returns false when the provider defined no such function.
 */
export function callOpenFunction(path: string): boolean {
  let owner: unknown = undefined;
  let value: unknown = window;
  for (const part of path.split('.')) {
    owner = value;
    value = value && (typeof value === 'object' || typeof value === 'function') ? (value as Record<string, unknown>)[part] : undefined;
  }
  if (typeof value !== 'function') return false;
  (value as (this: unknown) => unknown).call(owner);
  return true;
}
