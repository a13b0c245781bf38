// Booking sidebar: "book now", the menu's Wellness Booking entry
// and booking call-to-action paragraphs load the provider script (URL from site.config.ts with the
// locale filled in) and make the global open call; the button is busy while the script loads and
// falls back to the configured booking page when it cannot load.
//
// The fixture site is built once more here with a test config whose provider is a stub served by
// this test on 127.0.0.1: it records each open call with the locale its script URL carried.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../../site/project-root';
import { hasChromium, launchBrowser } from '../../helpers/browser';
import { hydrated, openTab, serveSite, VARIANTS, type SiteServer } from './harness';

const run = promisify(execFile);
const SCRIPT_DELAY_MS = 800;

/** The stand-in provider: script /provider.js?lang=<locale> defining TestBooking.open. */
const PROVIDER_SCRIPT = `(function () {
  var locale = new URL(document.currentScript.src).searchParams.get('lang');
  window.TestBooking = {
    open: function () {
      (window.__bookingCalls = window.__bookingCalls || []).push({ locale: locale, thisIsProvider: this === window.TestBooking });
    },
  };
})();`;

interface Provider {
  url: string;
  scriptRequests: string[];
  failing: boolean;
  server: Server;
}

async function startProvider(): Promise<Provider> {
  const provider = { url: '', scriptRequests: [] as string[], failing: false } as Provider;
  provider.server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/provider.js') {
      provider.scriptRequests.push(url.search);
      setTimeout(() => {
        if (provider.failing) return void res.writeHead(503).end();
        res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(PROVIDER_SCRIPT);
      }, SCRIPT_DELAY_MS);
      return;
    }
    if (url.pathname.startsWith('/fallback/')) return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Booking page</title><h1>Booking page</h1>');
    res.writeHead(404).end();
  });
  await new Promise<void>((done) => provider.server.listen(0, '127.0.0.1', done));
  provider.url = `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}`;
  return provider;
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as { __bookingCalls?: { locale: string; thisIsProvider: boolean }[] }).__bookingCalls ?? []);

describe.skipIf(!hasChromium)('booking sidebar', () => {
  let browser: Browser;
  let provider: Provider;
  let site: SiteServer;
  let root: string;

  beforeAll(async () => {
    provider = await startProvider();
    root = await mkdtemp(join(tmpdir(), 'hotel-site-booking-'));
    const config = join(root, 'booking.config.ts');
    await writeFile(
      config,
      `import base from ${JSON.stringify(projectPath('site.config.ts'))};
export default {
  ...base,
  booking: {
    scriptUrl: '${provider.url}/provider.js?lang={locale}',
    openFunction: 'TestBooking.open',
    fallbackUrl: { de: '${provider.url}/fallback/de', en: '${provider.url}/fallback/en' },
  },
};
`,
    );
    await run(process.execPath, ['cli/hotel-site.mjs', 'build', '--out', join(root, 'dist'), '--config', config, '--quiet'], {
      cwd: projectPath(),
      env: { ...process.env, HOTEL_SITE_ENDPOINT: '' },
    });
    [browser, site] = await Promise.all([launchBrowser(), serveSite(join(root, 'dist'))]);
  });

  afterAll(async () => {
    await Promise.all([browser?.close(), site?.close(), new Promise((done) => provider?.server.close(done))]);
    if (root) await rm(root, { recursive: true, force: true });
  });

  for (const variant of VARIANTS) {
    describe(variant.name, () => {
      it('"book now" shows busy while the provider script loads, then opens the sidebar with the page locale', async () => {
        provider.failing = false;
        const tab = await openTab(browser, { viewport: variant.viewport });
        try {
          const { page } = tab;
          const before = provider.scriptRequests.length;
          await page.goto(`${site.url}/${variant.locale}/`);
          const button = page.locator('.topbar .book-button');
          expect(await button.getAttribute('href')).toBe(`${provider.url}/fallback/${variant.locale}`);
          await button.click();
          await expect.poll(() => button.getAttribute('aria-busy')).toBe('true');
          await expect.poll(() => calls(page), { timeout: 5000 }).toEqual([{ locale: variant.locale, thisIsProvider: true }]);
          expect(await button.getAttribute('aria-busy')).toBeNull();
          expect(page.url()).toBe(`${site.url}/${variant.locale}/`);
          // One script for the page, whatever intent triggered it first.
          expect(provider.scriptRequests.slice(before)).toEqual([`?lang=${variant.locale}`]);
          expect(tab.errors).toEqual([]);
        } finally {
          await tab.close();
        }
      });

      it('requests nothing from the provider until a guest shows intent; hovering or focusing the button loads it', async () => {
        provider.failing = false;
        const tab = await openTab(browser, { viewport: variant.viewport });
        try {
          const { page } = tab;
          const before = provider.scriptRequests.length;
          await page.goto(`${site.url}/${variant.locale}/`);
          await hydrated(page, 'BookingButton', 'MenuOverlay', 'CookieBar');
          // Idle time passes (every island is live) and the page is scrolled: still nothing.
          await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
          await page.mouse.wheel(0, 800);
          expect(provider.scriptRequests.slice(before)).toEqual([]);
          await page.locator('.topbar .book-button').focus();
          await expect.poll(() => provider.scriptRequests.slice(before)).toEqual([`?lang=${variant.locale}`]);
          expect(await calls(page)).toEqual([]);
          expect(tab.errors).toEqual([]);
        } finally {
          await tab.close();
        }
      });

      it('the Wellness Booking entry of the menu and a booking call to action open it too', async () => {
        provider.failing = false;
        const tab = await openTab(browser, { viewport: variant.viewport });
        try {
          const { page } = tab;
          await page.goto(`${site.url}/${variant.locale}/`);
          await hydrated(page, 'MenuOverlay', 'BookingButton');
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
        const tab = await openTab(browser, { viewport: variant.viewport });
        try {
          const { page } = tab;
          await page.goto(`${site.url}/${variant.locale}/`);
          await page.locator('.topbar .book-button').click();
          await page.waitForURL(`${provider.url}/fallback/${variant.locale}`, { timeout: 10_000 });
          expect(await page.locator('h1').textContent()).toBe('Booking page');
        } finally {
          provider.failing = false;
          await tab.close();
        }
      });
    });
  }

  it('without JavaScript every booking button is a link to the booking page of its language', async () => {
    const tab = await openTab(browser, { javaScriptEnabled: false });
    try {
      await tab.page.goto(`${site.url}/en/`);
      const hrefs = await tab.page.locator('.book-button').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(hrefs.length).toBeGreaterThanOrEqual(2);
      expect(new Set(hrefs)).toEqual(new Set([`${provider.url}/fallback/en`]));
      await tab.page.locator('.topbar .book-button').click();
      await tab.page.waitForURL(`${provider.url}/fallback/en`);
      expect(provider.scriptRequests.length).toBeGreaterThan(0);
    } finally {
      await tab.close();
    }
  });
});
