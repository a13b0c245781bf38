// Cookie consent: open on the first visit with no analytics request and
// no analytics cookie; Accept stores true and loads analytics; Deny stores false and erases the
// analytics cookies; the bar collapses into a tab; the Cookies icon reopens it; a stored true
// keeps the bar closed and enables analytics on load.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasChromium, launchBrowser } from '../../helpers/browser';
import { ANALYTICS_HOST, hydrated, openTab, serveSite, VARIANTS, type SiteServer } from './harness';

const dist = inject('fixtureSite');
const CONSENT = 'cookieConsent';

describe.skipIf(!hasChromium)('cookie bar', () => {
  let browser: Browser;
  let server: SiteServer;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), serveSite(dist)]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  const analyticsRequests = (external: string[]) => external.filter((url) => url.startsWith(ANALYTICS_HOST));

  for (const variant of VARIANTS) {
    describe(variant.name, () => {
      const home = `/${variant.locale}/`;

      it('is open on the first visit; nothing of analytics is requested or set before consent', async () => {
        const tab = await openTab(browser, { viewport: variant.viewport });
        try {
          await tab.page.goto(server.url + home);
          await hydrated(tab.page, 'CookieBar');
          const panel = tab.page.locator('.cookie-bar__panel');
          await expect.poll(() => panel.isVisible()).toBe(true);
          await expect(tab.page.locator('.cookie-bar__icon').isVisible()).resolves.toBe(false);
          // Walk to a second page: still nothing.
          await tab.page.click(`.topbar__brand`);
          await tab.page.waitForLoadState('load');
          expect(analyticsRequests(tab.external)).toEqual([]);
          expect((await tab.context.cookies()).filter((cookie) => cookie.name.startsWith('_ga'))).toEqual([]);
          expect(await tab.page.evaluate((key) => localStorage.getItem(key), CONSENT)).toBeNull();
          expect(tab.errors).toEqual([]);
        } finally {
          await tab.close();
        }
      });

      it('Accept stores true, loads analytics, closes the bar to its icon; a reload keeps it closed with analytics on', async () => {
        const tab = await openTab(browser, { viewport: variant.viewport });
        try {
          await tab.page.goto(server.url + home);
          await hydrated(tab.page, 'CookieBar');
          await tab.page.locator('.cookie-bar__panel .button--primary').click();
          expect(await tab.page.evaluate((key) => localStorage.getItem(key), CONSENT)).toBe('true');
          await expect.poll(() => analyticsRequests(tab.external).length).toBe(1);
          expect(analyticsRequests(tab.external)[0]).toMatch(/gtag\/js\?id=G-/);
          await expect.poll(() => tab.page.evaluate(() => (window as unknown as { __analyticsLoaded?: number }).__analyticsLoaded)).toBe(1);
          expect(await tab.page.locator('.cookie-bar__panel').isVisible()).toBe(false);
          expect(await tab.page.locator('.cookie-bar__icon').isVisible()).toBe(true);
          // Focus stays on the bar's control, not lost to <body>.
          expect(await tab.page.evaluate(() => document.activeElement?.className)).toContain('cookie-bar__icon');

          await tab.page.reload();
          // Closed from the first paint (head script), before the island hydrates.
          expect(await tab.page.locator('.cookie-bar__panel').isVisible()).toBe(false);
          await hydrated(tab.page, 'CookieBar');
          expect(await tab.page.locator('.cookie-bar__panel').isVisible()).toBe(false);
          expect(await tab.page.locator('.cookie-bar__icon').isVisible()).toBe(true);
          await expect.poll(() => analyticsRequests(tab.external).length).toBe(2);
          expect(tab.errors).toEqual([]);
        } finally {
          await tab.close();
        }
      });

      it('Deny stores false, erases the analytics cookies and loads nothing; the Cookies icon reopens the bar', async () => {
        const tab = await openTab(browser, { viewport: variant.viewport });
        try {
          const domain = new URL(server.url).hostname;
          await tab.context.addCookies([
            { name: '_ga', value: 'GA1.1.123.456', domain, path: '/' },
            { name: '_ga_ABC123', value: 'GS1.1.1', domain, path: '/' },
            { name: '_gid', value: 'GA1.1.789', domain, path: '/' },
            { name: 'other', value: 'kept', domain, path: '/' },
          ]);
          await tab.page.goto(server.url + home);
          await hydrated(tab.page, 'CookieBar');
          await tab.page.locator('.cookie-bar__panel .button--secondary').click();
          expect(await tab.page.evaluate((key) => localStorage.getItem(key), CONSENT)).toBe('false');
          expect((await tab.context.cookies()).map((cookie) => cookie.name)).toEqual(['other']);
          expect(await tab.page.locator('.cookie-bar__panel').isVisible()).toBe(false);

          await tab.page.locator('.cookie-bar__icon').click();
          expect(await tab.page.locator('.cookie-bar__panel').isVisible()).toBe(true);
          expect(await tab.page.evaluate(() => document.activeElement?.textContent)).toBe(await tab.page.locator('.cookie-bar__panel .button--primary').textContent());

          await tab.page.reload();
          await hydrated(tab.page, 'CookieBar');
          expect(await tab.page.locator('.cookie-bar__panel').isVisible()).toBe(false);
          expect(analyticsRequests(tab.external)).toEqual([]);
          expect(tab.errors).toEqual([]);
        } finally {
          await tab.close();
        }
      });

      it('collapses into a small tab that reopens it, for the rest of the visit', async () => {
        const tab = await openTab(browser, { viewport: variant.viewport });
        try {
          await tab.page.goto(server.url + home);
          await hydrated(tab.page, 'CookieBar');
          await tab.page.locator('.cookie-bar__collapse').click();
          const tabButton = tab.page.locator('.cookie-bar__tab');
          expect(await tabButton.isVisible()).toBe(true);
          expect(await tab.page.locator('.cookie-bar__panel').isVisible()).toBe(false);
          const box = await tabButton.boundingBox();
          expect(box!.height).toBeLessThan(60);
          expect(box!.width).toBeLessThan(200);
          // Collapsed on the next page too, from the first paint.
          await tab.page.reload();
          expect(await tab.page.locator('.cookie-bar__panel').isVisible()).toBe(false);
          expect(await tabButton.isVisible()).toBe(true);
          await hydrated(tab.page, 'CookieBar');
          await tabButton.click();
          expect(await tab.page.locator('.cookie-bar__panel').isVisible()).toBe(true);
          expect(await tab.page.evaluate((key) => localStorage.getItem(key), CONSENT)).toBeNull();
          expect(tab.errors).toEqual([]);
        } finally {
          await tab.close();
        }
      });
    });
  }
});
