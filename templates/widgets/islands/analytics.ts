// Analytics behind consent: nothing is requested and no cookie is set
// until the visitor accepts; denying erases the analytics cookies. gtag-style loader.

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

export const ANALYTICS_SCRIPT = 'https://www.googletagmanager.com/gtag/js';
let loaded = false;

export function enableAnalytics(id: string): void {
  (window as unknown as Record<string, unknown>)[`ga-disable-${id}`] = false;
  if (loaded) return;
  loaded = true;
  window.dataLayer = window.dataLayer || [];
  window.gtag = function gtag() {
    // gtag queues the arguments object itself, not an array.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', id, { anonymize_ip: true });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${ANALYTICS_SCRIPT}?id=${encodeURIComponent(id)}`;
  document.head.append(script);
}

/** Names of the cookies analytics sets: _ga, _ga_<container>, _gid, _gat*. */
export const ANALYTICS_COOKIE = /^(_ga(_.*)?|_gid|_gat(_.*)?)$/;

export function disableAnalytics(id: string | null): void {
  if (id) (window as unknown as Record<string, unknown>)[`ga-disable-${id}`] = true;
  eraseAnalyticsCookies();
}

/** Deletes analytics cookies on this host and every parent domain they may have been set on. */
export function eraseAnalyticsCookies(): void {
  const names = document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter((name) => ANALYTICS_COOKIE.test(name));
  const parts = window.location.hostname.split('.');
  const domains = [''];
  for (let i = 0; i < parts.length - 1; i++) domains.push(`; domain=.${parts.slice(i).join('.')}`);
  for (const name of names) {
    for (const domain of domains) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain}`;
  }
}
