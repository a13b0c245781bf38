// Navigation progress bar (docs/site.md): green, 6 px. On a static site a navigation is a page
// load, so the bar starts when this page begins to leave (a link, a form, location.assign), shows
// only if the next page has not replaced it after 200 ms, runs towards the end over 8000 ms, and on
// the next page completes and hides 500 ms after that page shows.
import { STORAGE_KEYS, readStorage, writeStorage } from '../widgets/islands/browser';

export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 8000;
export const PROGRESS_HIDE_DELAY_MS = 500;

type State = 'idle' | 'running' | 'done';

interface NavigateEventLike extends Event {
  hashChange: boolean;
  downloadRequest: string | null;
}

export function startProgressBar(): void {
  const bar = document.querySelector<HTMLElement>('.nav-progress');
  if (!bar) return;
  let throttle = 0;
  let limit = 0;
  let hide = 0;
  const set = (state: State) => {
    bar.dataset.state = state;
  };
  const reset = () => {
    clearTimeout(throttle);
    clearTimeout(limit);
    clearTimeout(hide);
    throttle = 0;
  };
  const begin = () => {
    if (throttle) return;
    throttle = window.setTimeout(() => {
      set('running');
      writeStorage('session', STORAGE_KEYS.progress, '1');
      // The navigation never completed (a download, a 204): stop after the bar's full duration.
      limit = window.setTimeout(() => {
        writeStorage('session', STORAGE_KEYS.progress, null);
        finish();
      }, PROGRESS_DURATION_MS);
    }, PROGRESS_THROTTLE_MS);
  };
  const finish = () => {
    reset();
    set('done');
    hide = window.setTimeout(() => set('idle'), PROGRESS_HIDE_DELAY_MS);
  };

  // The Navigation API sees every navigation this page starts (links, forms, location.assign);
  // browsers without it (before 2026) simply show no bar.
  const navigation = (window as unknown as { navigation?: EventTarget }).navigation;
  navigation?.addEventListener('navigate', (event) => {
    const navigate = event as NavigateEventLike;
    if (!navigate.hashChange && !navigate.downloadRequest) begin();
  });

  // This page is the end of a navigation that showed the bar: complete it, then hide.
  const arrived = readStorage('session', STORAGE_KEYS.progress) === '1';
  writeStorage('session', STORAGE_KEYS.progress, null);
  if (arrived) set('done');
  window.addEventListener('pageshow', (event) => {
    // Back/forward cache: this page comes back with its bar as it was when it left.
    if (event.persisted && bar.dataset.state !== 'idle') set('done');
    if (bar.dataset.state === 'done') finish();
  });
  if (arrived && document.readyState === 'complete') finish();
}
