// Booking sidebar: "book now", the menu's Wellness Booking entry
// and booking call-to-action paragraphs load the provider script (URL from site.config.ts with the
// locale filled in) and make the global open call; the button is busy while the script loads and
// falls back to the configured booking page when it cannot load.
//
// The provider is the one site.config.ts names, answered inside the browser by a stand-in that
// records each open call with the locale its script URL carried; the pages are the fixture build.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import site from '../../../site.config';
import type { Locale } from '../../../site/model/content-types';
import { hasChromium, launchBrowser } from '../../helpers/browser';
import { hydrated, openTab, serveSite, VARIANTS, type SiteServer, type Tab, type TabOptions } from './harness';

const dist = inject('fixtureSite');
const SCRIPT_DELAY_MS = 800;
const { scriptUrl, openFunction, fallbackUrl } = site.booking;
const fallback = (locale: Locale): string => {
  const url = fallbackUrl[locale];
  if (!url) throw new Error(`site.config.ts has no booking page for ${locale}`);
  return url;
};
/** What the script request of a page in `locale` carries after the path ("?lang=de"). */
const scriptQuery = (locale: Locale) => new URL(scriptUrl.replace('{locale}', locale)).search;

/** The stand-in provider script: defines the configured open function, recording each call. */
function providerScript(locale: string): string {
  const [object, method] = openFunction.split('.');
  return `(function () {
  var provider = {};
  provider[${JSON.stringify(method)}] = function () {
    (window.__bookingCalls = window.__bookingCalls || []).push({ locale: ${JSON.stringify(locale)}, thisIsProvider: this === window[${JSON.stringify(object)}] });
  };
  window[${JSON.stringify(object)}] = provider;
})();`;
}

interface Provider {
  scriptRequests: string[];
  failing: boolean;
}

/** A tab whose requests to the provider's origin are answered by the stand-in (scripts late, as a real one is). */
async function openBookingTab(browser: Browser, provider: Provider, options: TabOptions = {}): Promise<Tab> {
  const tab = await openTab(browser, options);
  await tab.context.route(`${new URL(scriptUrl).origin}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === new URL(scriptUrl).pathname) {
      provider.scriptRequests.push(url.search);
      await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
      if (provider.failing) return route.fulfill({ status: 503 });
      return route.fulfill({ contentType: 'text/javascript', headers: { 'cache-control': 'no-store' }, body: providerScript(url.searchParams.get('lang') ?? '') });
    }
    if (Object.values(fallbackUrl).includes(url.href)) return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Booking page</title><h1>Booking page</h1>' });
    return route.fulfill({ status: 404 });
  });
  return tab;
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as { __bookingCalls?: { locale: string; thisIsProvider: boolean }[] }).__bookingCalls ?? []);

describe.skipIf(!hasChromium)('booking sidebar', () => {
  let browser: Browser;
  const provider: Provider = { scriptRequests: [], failing: false };
  let site: SiteServer;

  beforeAll(async () => {
    [browser, site] = await Promise.all([launchBrowser(), serveSite(dist)]);
  });

  afterAll(async () => {
    await Promise.all([browser?.close(), site?.close()]);
  });

  for (const variant of VARIANTS) {
    describe(variant.name, () => {
      it('"book now" shows busy while the provider script loads, then opens the sidebar with the page locale', async () => {
        provider.failing = false;
        const tab = await openBookingTab(browser, provider, { viewport: variant.viewport });
        try {
          const { page } = tab;
          const before = provider.scriptRequests.length;
          await page.goto(`${site.url}/${variant.locale}/`);
          const button = page.locator('.topbar .book-button');
          expect(await button.getAttribute('href')).toBe(fallback(variant.locale));
          await button.click();
          await expect.poll(() => button.getAttribute('aria-busy')).toBe('true');
          await expect.poll(() => calls(page), { timeout: 5000 }).toEqual([{ locale: variant.locale, thisIsProvider: true }]);
          expect(await button.getAttribute('aria-busy')).toBeNull();
          expect(page.url()).toBe(`${site.url}/${variant.locale}/`);
          // One script for the page, whatever intent triggered it first.
          expect(provider.scriptRequests.slice(before)).toEqual([scriptQuery(variant.locale)]);
          expect(tab.errors).toEqual([]);
        } finally {
          await tab.close();
        }
      });

      it('requests nothing from the provider until a guest shows intent; hovering or focusing the button loads it', async () => {
        provider.failing = false;
        const tab = await openBookingTab(browser, provider, { viewport: variant.viewport });
        try {
          const { page } = tab;
          const before = provider.scriptRequests.length;
          await page.goto(`${site.url}/${variant.locale}/`);
          await hydrated(page, 'MenuOverlay', 'CookieBar');
          // Idle time passes and the page is scrolled: still nothing.
          // (The button hydrates when a guest comes to it; the focus that wakes it asks for the script.)
          await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
          await page.mouse.wheel(0, 800);
          expect(provider.scriptRequests.slice(before)).toEqual([]);
          await page.locator('.topbar .book-button').focus();
          await expect.poll(() => provider.scriptRequests.slice(before)).toEqual([scriptQuery(variant.locale)]);
          expect(await calls(page)).toEqual([]);
          expect(tab.errors).toEqual([]);
        } finally {
          await tab.close();
        }
      });

      it('the Wellness Booking entry of the menu and a booking call to action open it too', async () => {
        provider.failing = false;
        const tab = await openBookingTab(browser, provider, { viewport: variant.viewport });
        try {
          const { page } = tab;
          await page.goto(`${site.url}/${variant.locale}/`);
          await hydrated(page, 'MenuOverlay');
          await page.locator('.menu-toggle').click();
          const entry = page.locator('.menu-topic__link--booking');
          await page.locator('details.menu-topic').filter({ has: page.locator('.menu-topic__link--booking') }).locator('summary').click();
          await entry.click();
          await expect.poll(() => calls(page), { timeout: 5000 }).toHaveLength(1);
          // The menu gives way to the sidebar.
          await expect.poll(() => page.locator('#menu').isVisible()).toBe(false);

          const cta = page.locator('.cta__action .book-button').first();
          await cta.scrollIntoViewIfNeeded();
          await cta.click();
          await expect.poll(() => calls(page)).toHaveLength(2);
          expect((await calls(page)).every((call) => call.locale === variant.locale)).toBe(true);
          expect(tab.errors).toEqual([]);
        } finally {
          await tab.close();
        }
      });

      it('falls back to the configured booking page when the provider script cannot load', async () => {
        provider.failing = true;
        const tab = await openBookingTab(browser, provider, { viewport: variant.viewport });
        try {
          const { page } = tab;
          await page.goto(`${site.url}/${variant.locale}/`);
          await page.locator('.topbar .book-button').click();
          await page.waitForURL(fallback(variant.locale), { timeout: 10_000 });
          expect(await page.locator('h1').textContent()).toBe('Booking page');
        } finally {
          provider.failing = false;
          await tab.close();
        }
      });
    });
  }

  it('without JavaScript every booking button is a link to the booking page of its language', async () => {
    const tab = await openBookingTab(browser, provider, { javaScriptEnabled: false });
    try {
      await tab.page.goto(`${site.url}/en/`);
      const hrefs = await tab.page.locator('.book-button').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(hrefs.length).toBeGreaterThanOrEqual(2);
      expect(new Set(hrefs)).toEqual(new Set([fallback('en')]));
      await tab.page.locator('.topbar .book-button').click();
      await tab.page.waitForURL(fallback('en'));
      expect(provider.scriptRequests.length).toBeGreaterThan(0);
    } finally {
      await tab.close();
    }
  });
});
