// templates/layout/head-script.ts: the inline script turns the visitor's stored choices into
// classes on <html> before first paint, and survives storage that throws.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { bannerKeyOf, headScript } from '../../../../templates/layout/head-script';

function run(script: string, local: Record<string, string>, session: Record<string, string>, throws = false): string[] {
  const classes = new Set<string>();
  const storage = (entries: Record<string, string>) => ({
    getItem: (key: string) => {
      if (throws) throw new Error('SecurityError');
      return key in entries ? entries[key] : null;
    },
  });
  runInNewContext(script, {
    document: { documentElement: { classList: { add: (name: string) => classes.add(name) } } },
    localStorage: storage(local),
    sessionStorage: storage(session),
  });
  return [...classes].sort();
}

describe('headScript', () => {
  const script = headScript('720-721');

  it('marks scripting, stored consent, a collapsed bar and a dismissed banner', () => {
    expect(run(script, {}, {})).toEqual(['js']);
    expect(run(script, { cookieConsent: 'true' }, {})).toEqual(['consent-true', 'js']);
    expect(run(script, { cookieConsent: 'false' }, { cookieBarCollapsed: '1' })).toEqual(['consent-false', 'js']);
    expect(run(script, {}, { cookieBarCollapsed: '1' })).toEqual(['cookie-bar-collapsed', 'js']);
    expect(run(script, {}, { notificationDismissed: '720-721' })).toEqual(['banner-dismissed', 'js']);
  });

  it('shows a banner again when its notifications changed since the dismissal', () => {
    expect(run(script, {}, { notificationDismissed: '720' })).toEqual(['js']);
  });

  it('still marks scripting when storage is blocked', () => {
    expect(run(script, {}, {}, true)).toEqual(['js']);
  });

  it('has nothing to check for a page without notifications, and no "<" to end its <script>', () => {
    expect(headScript(null)).not.toContain('notificationDismissed');
    expect(headScript('a</script>')).not.toContain('<');
  });
});

describe('bannerKeyOf', () => {
  it('names a set of notifications by their nids; none: no key', () => {
    expect(bannerKeyOf([720, 721])).toBe('720-721');
    expect(bannerKeyOf([])).toBeNull();
  });
});
