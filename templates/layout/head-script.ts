// The one inline script, in <head>: it runs before first paint and puts the visitor's stored
// choices on <html> as classes, so the cookie bar and the banner appear in their final state at
// once — no flash, no layout shift — before the entry script runs (its handlers take over from
// there: templates/client/cookie-bar.ts, notification-banner.ts).
// Its text is the same on every page, so the Content-Security-Policy allows it by one hash
// (docs/hardening.md); what differs per page, the banner's key, is its `data-banner` attribute.
import { HTML_CLASSES, STORAGE_KEYS } from '../widgets/islands/browser';

const q = (value: string) => JSON.stringify(value);

export const HEAD_SCRIPT = (
  `(function(c,k){c.add(${q(HTML_CLASSES.js)});try{var l=localStorage,s=sessionStorage,v=l.getItem(${q(STORAGE_KEYS.consent)});` +
  `if(v==='true')c.add(${q(HTML_CLASSES.consentGiven)});else if(v==='false')c.add(${q(HTML_CLASSES.consentDenied)});` +
  `else if(s.getItem(${q(STORAGE_KEYS.cookieBarCollapsed)})==='1')c.add(${q(HTML_CLASSES.cookieBarCollapsed)});` +
  `if(k&&s.getItem(${q(STORAGE_KEYS.bannerDismissed)})===k)c.add(${q(HTML_CLASSES.bannerDismissed)});` +
  `}catch(e){}})(document.documentElement.classList,document.currentScript&&document.currentScript.getAttribute('data-banner'))`
).replace(/</g, '\\u003c');

/** Identifies a set of notifications: a dismissal holds until the set changes. */
export function bannerKeyOf(nids: number[]): string | null {
  return nids.length > 0 ? nids.join('-') : null;
}
