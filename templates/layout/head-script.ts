// The one inline script, in <head>: it runs before first paint and puts the visitor's stored
// choices on <html> as classes, so the cookie bar and the banner appear in their final state at
// once — no flash, no layout shift — long before the islands hydrate (they take over from there).
import { HTML_CLASSES, STORAGE_KEYS } from '../widgets/islands/browser';

export function headScript(bannerKey: string | null): string {
  const q = (value: string) => JSON.stringify(value);
  const banner = bannerKey ? `if(s.getItem(${q(STORAGE_KEYS.bannerDismissed)})===${q(bannerKey)})c.add(${q(HTML_CLASSES.bannerDismissed)});` : '';
  return (
    `(function(c){c.add(${q(HTML_CLASSES.js)});try{var l=localStorage,s=sessionStorage,v=l.getItem(${q(STORAGE_KEYS.consent)});` +
    `if(v==='true')c.add(${q(HTML_CLASSES.consentGiven)});else if(v==='false')c.add(${q(HTML_CLASSES.consentDenied)});` +
    `else if(s.getItem(${q(STORAGE_KEYS.cookieBarCollapsed)})==='1')c.add(${q(HTML_CLASSES.cookieBarCollapsed)});` +
    `${banner}}catch(e){}})(document.documentElement.classList)`
  ).replace(/</g, '\\u003c');
}

/** Identifies a set of notifications: a dismissal holds until the set changes. */
export function bannerKeyOf(nids: number[]): string | null {
  return nids.length > 0 ? nids.join('-') : null;
}
