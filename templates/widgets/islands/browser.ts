// Small browser helpers the islands share. Storage can throw (privacy modes, disabled storage):
// a widget then behaves as on a first visit instead of breaking.

/** Storage keys, also read by the inline head script (templates/layout/head-script.ts). */
export const STORAGE_KEYS = {
  /** localStorage: "true" | "false" — the visitor's cookie consent (kept in local storage). */
  consent: 'cookieConsent',
  /** sessionStorage: "1" while the cookie bar is collapsed into its tab during this visit. */
  cookieBarCollapsed: 'cookieBarCollapsed',
  /** sessionStorage: the key of the notifications dismissed for this visit. */
  bannerDismissed: 'notificationDismissed',
  /** sessionStorage: time of the last reload after a chunk-load failure. */
  chunkReloadAt: 'chunkReloadAt',
  /** sessionStorage: "1" when the previous page showed the navigation progress bar. */
  progress: 'navProgress',
} as const;

/** Classes the head script puts on <html> before first paint, so stored state shows at once. */
export const HTML_CLASSES = {
  js: 'js',
  consentGiven: 'consent-true',
  consentDenied: 'consent-false',
  cookieBarCollapsed: 'cookie-bar-collapsed',
  bannerDismissed: 'banner-dismissed',
} as const;

export function readStorage(kind: 'local' | 'session', key: string): string | null {
  try {
    return (kind === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(kind: 'local' | 'session', key: string, value: string | null): void {
  try {
    const storage = kind === 'local' ? window.localStorage : window.sessionStorage;
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Storage unavailable: the choice holds for this page only.
  }
}

/** Runs `callback` when the browser is idle (Safari has no requestIdleCallback). */
export function whenIdle(callback: () => void, timeout = 2000): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(callback, { timeout });
  else setTimeout(callback, 200);
}
