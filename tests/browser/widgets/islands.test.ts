// The island mechanism in the browser: a `visible` island loads its code only when it
// comes into view; a click on a widget's control before it has hydrated is replayed once it has;
// a plain link inside a not-yet-hydrated island navigates at once, without waiting for React.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasChromium, launchBrowser } from '../../helpers/browser';
import { hydrated, openTab, routePath, serveSite, type SiteServer } from './harness';

const dist = inject('fixtureSite');
const SLOW_RUNTIME_MS = 5000;

describe.skipIf(!hasChromium)('islands', () => {
  let browser: Browser;
  let server: SiteServer;
  let slow: SiteServer;

  beforeAll(async () => {
    [browser, server, slow] = await Promise.all([
      launchBrowser(),
      serveSite(dist),
      // React's DOM client arrives late: the islands stay un-hydrated for five seconds.
      serveSite(dist, { delay: (path) => (/^\/assets\/chunks\/hydrate\./.test(path) ? SLOW_RUNTIME_MS : 0) }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close(), slow?.close()]);
  });

  it('loads a visible-triggered widget only when it scrolls into view', async () => {
    const tab = await openTab(browser, { viewport: { width: 1440, height: 700 } });
    try {
      const { page } = tab;
      const chunk = () => server.requests.filter((path) => /^\/assets\/chunks\/FunctionRoomComparison\./.test(path)).length;
      const before = chunk();
      await page.goto(server.url + routePath('meetingsandcelebrations', 'de'));
      await hydrated(page, 'MenuOverlay', 'CookieBar');
      const table = page.locator('.room-table').first();
      expect(await table.evaluate((element) => element.getBoundingClientRect().top > window.innerHeight + 200)).toBe(true);
      expect(chunk()).toBe(before);
      expect(await page.locator('[data-island="FunctionRoomComparison"]').getAttribute('data-hydrated')).toBeNull();
      await table.scrollIntoViewIfNeeded();
      await hydrated(page, 'FunctionRoomComparison');
      expect(chunk()).toBe(before + 1);
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('replays a click on a widget control made before the widget hydrated', async () => {
    const tab = await openTab(browser);
    try {
      const { page } = tab;
      await page.goto(`${slow.url}/en/`, { waitUntil: 'domcontentloaded' });
      expect(await page.locator('[data-island="MenuOverlay"]').getAttribute('data-hydrated')).toBeNull();
      await page.locator('.menu-toggle').click();
      // Not a jump to #menu: the click waits for the widget, which then opens the dialog.
      await expect.poll(() => page.locator('#menu').isVisible(), { timeout: SLOW_RUNTIME_MS + 3000 }).toBe(true);
      expect(await page.locator('.menu-toggle').getAttribute('aria-expanded')).toBe('true');
      expect(new URL(page.url()).hash).toBe('');
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('follows a plain link inside a not-yet-hydrated island at once', async () => {
    const tab = await openTab(browser);
    try {
      const { page } = tab;
      await page.goto(`${slow.url}/de/`, { waitUntil: 'domcontentloaded' });
      // The notice's link is in its full text, one click on its summary away (a native <details>).
      await page.locator('.banner__summary').first().click();
      const link = page.locator('.banner__link').first();
      const href = (await link.getAttribute('href'))!;
      // Whether the link's island had hydrated when the page was left: the click must not have
      // waited for it (a wall-clock bound would be a race on a busy machine).
      await link.evaluate((anchor) => {
        addEventListener('pagehide', () => sessionStorage.setItem('hydratedAtLeave', String(anchor.closest('[data-island]')!.hasAttribute('data-hydrated'))));
      });
      await link.click();
      await page.waitForURL(slow.url + href);
      expect(await page.evaluate(() => sessionStorage.getItem('hydratedAtLeave'))).toBe('false');
    } finally {
      await tab.close();
    }
  });
});
