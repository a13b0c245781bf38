// templates/layout/head-script.ts: the inline script turns the visitor's stored choices into
// classes on <html> before first paint, and survives storage that throws.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { bannerKeyOf, HEAD_SCRIPT } from '../../../../templates/layout/head-script';

function run(bannerKey: string | null, local: Record<string, string>, session: Record<string, string>, throws = false): string[] {
  const classes = new Set<string>();
  const storage = (entries: Record<string, string>) => ({
    getItem: (key: string) => {
      if (throws) throw new Error('SecurityError');
      return key in entries ? entries[key] : null;
    },
  });
  runInNewContext(HEAD_SCRIPT, {
    document: {
      documentElement: { classList: { add: (name: string) => classes.add(name) } },
      currentScript: { getAttribute: (name: string) => (name === 'data-banner' ? bannerKey : null) },
    },
    localStorage: storage(local),
    sessionStorage: storage(session),
  });
  return [...classes].sort();
}

describe('HEAD_SCRIPT', () => {
  const key = '720-721';

  it('marks scripting, stored consent, a collapsed bar and a dismissed banner', () => {
    expect(run(key, {}, {})).toEqual(['js']);
    expect(run(key, { cookieConsent: 'true' }, {})).toEqual(['consent-true', 'js']);
    expect(run(key, { cookieConsent: 'false' }, { cookieBarCollapsed: '1' })).toEqual(['consent-false', 'js']);
    expect(run(key, {}, { cookieBarCollapsed: '1' })).toEqual(['cookie-bar-collapsed', 'js']);
    expect(run(key, {}, { notificationDismissed: '720-721' })).toEqual(['banner-dismissed', 'js']);
  });

  it('shows a banner again when its notifications changed since the dismissal', () => {
    expect(run(key, {}, { notificationDismissed: '720' })).toEqual(['js']);
  });

  it('still marks scripting when storage is blocked', () => {
    expect(run(key, {}, {}, true)).toEqual(['js']);
  });

  it('has nothing to check for a page without notifications, and no "<" to end its <script>', () => {
    expect(run(null, {}, { notificationDismissed: '' })).toEqual(['js']);
    expect(HEAD_SCRIPT).not.toContain('<');
  });
});

describe('bannerKeyOf', () => {
  it('names a set of notifications by their nids; none: no key', () => {
    expect(bannerKeyOf([720, 721])).toBe('720-721');
    expect(bannerKeyOf([])).toBeNull();
  });
});
