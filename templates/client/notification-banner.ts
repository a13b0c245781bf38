// The notification banner (templates/widgets/islands/NotificationBanner.tsx), without React:
// dismissed for the visit (sessionStorage), until the set of notifications changes. The head
// script has already hidden a dismissed banner before first paint; this removes it and takes over.
import { HTML_CLASSES, STORAGE_KEYS, readStorage, writeStorage } from '../widgets/islands/browser';
import type { Enhancer } from './registry';

export const enhanceNotificationBanner: Enhancer = (container, own) => {
  const key = String(own.dismissKey ?? '');
  const band = container.firstElementChild;
  if (band && readStorage('session', STORAGE_KEYS.bannerDismissed) === key) band.remove();
  document.documentElement.classList.remove(HTML_CLASSES.bannerDismissed);
  container.querySelector('.banner__close')?.addEventListener('click', () => {
    writeStorage('session', STORAGE_KEYS.bannerDismissed, key);
    band?.remove();
    document.getElementById('main')?.focus({ preventScroll: true });
  });
};
