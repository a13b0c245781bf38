// Cookie consent (docs/site.md), without React: open on the first visit; Accept stores consent
// true in local storage and enables analytics; Deny stores false and erases the analytics cookies;
// the bar collapses into a small tab for the visit; after a choice a small Cookies icon reopens it.
// The markup is templates/widgets/islands/CookieBar.tsx; the head script has already hidden the
// bar when a choice is stored (classes on <html>), and this takes over from those classes.
import { disableAnalytics, enableAnalytics } from '../widgets/islands/analytics';
import { HTML_CLASSES, STORAGE_KEYS, readStorage, whenIdle, writeStorage } from '../widgets/islands/browser';
import type { Enhancer } from './registry';

type State = 'open' | 'collapsed' | 'closed';
type Focus = 'accept' | 'tab' | 'icon';

export const enhanceCookieBar: Enhancer = (container, _own, shared) => {
  const bar = container.querySelector<HTMLElement>('.cookie-bar');
  if (!bar) return;
  // The analytics id is a shared prop: fetched only when consent needs it, never on a first view.
  const withAnalyticsId = (use: (id: string) => void) =>
    shared().then(
      (props) => typeof props.analyticsId === 'string' && props.analyticsId && use(props.analyticsId),
      (error: unknown) => console.warn(error),
    );

  const show = (state: State, focus?: Focus) => {
    bar.dataset.state = state;
    if (focus) bar.querySelector<HTMLElement>(`[data-focus="${focus}"]`)?.focus();
  };
  const decide = (accepted: boolean) => {
    writeStorage('local', STORAGE_KEYS.consent, String(accepted));
    writeStorage('session', STORAGE_KEYS.cookieBarCollapsed, null);
    if (accepted) withAnalyticsId(enableAnalytics);
    else {
      // The cookies go at once; the opt-out flag follows once the id is known.
      disableAnalytics(null);
      withAnalyticsId(disableAnalytics);
    }
    show('closed', 'icon');
  };

  const consent = readStorage('local', STORAGE_KEYS.consent);
  if (consent === 'true') withAnalyticsId(enableAnalytics);
  show(consent === 'true' || consent === 'false' ? 'closed' : readStorage('session', STORAGE_KEYS.cookieBarCollapsed) === '1' ? 'collapsed' : 'open');
  // The stored state is on the bar now: it decides what shows, no longer the head script's classes.
  document.documentElement.classList.remove(HTML_CLASSES.consentGiven, HTML_CLASSES.consentDenied, HTML_CLASSES.cookieBarCollapsed);

  // The page keeps the open bar's height free at its end (chrome.css): the real height, measured.
  // When idle: the CSS estimate holds meanwhile, and the first view's layout is not done twice.
  // Set on the footer, the one element that reads it: a custom property set on <html> is inherited
  // by every element, so changing it there restyles the whole page (docs/benchmarks.md, "On a site
  // of 5,000 items").
  const panel = bar.querySelector<HTMLElement>('.cookie-bar__panel');
  const footer = document.querySelector<HTMLElement>('.footer');
  if (panel && footer && typeof ResizeObserver !== 'undefined') {
    whenIdle(() =>
      new ResizeObserver(() => {
        if (panel.offsetHeight > 0) footer.style.setProperty('--cookie-bar-h', `${panel.offsetHeight}px`);
      }).observe(panel),
    );
  }

  bar.addEventListener('click', (event) => {
    const button = (event.target as Element).closest('button');
    if (!button) return;
    if (button.matches('.cookie-bar__actions .button--primary')) decide(true);
    else if (button.matches('.cookie-bar__actions .button--secondary')) decide(false);
    else if (button.matches('.cookie-bar__collapse')) {
      writeStorage('session', STORAGE_KEYS.cookieBarCollapsed, '1');
      show('collapsed', 'tab');
    } else if (button.matches('.cookie-bar__tab')) {
      writeStorage('session', STORAGE_KEYS.cookieBarCollapsed, null);
      show('open', 'accept');
    } else if (button.matches('.cookie-bar__icon')) show('open', 'accept');
  });
};
