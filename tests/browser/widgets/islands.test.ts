// The island mechanism in the browser: a React widget loads its code only when a guest uses it;
// the layout's islands work at once without React, even while React's DOM client is slow; a click
// on a widget's control before it has hydrated is replayed once it has; a plain link inside a
// not-yet-hydrated island navigates at once, without waiting for React.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasChromium, launchBrowser } from '../../helpers/browser';
import { hydrated, openTab, routePath, serveSite, type SiteServer } from './harness';

const dist = inject('fixtureSite');
const SLOW_RUNTIME_MS = 5000;
const runtimeRequests = (server: SiteServer) => server.requests.filter((path) => /^\/assets\/chunks\/hydrate\./.test(path)).length;

describe.skipIf(!hasChromium)('islands', () => {
  let browser: Browser;
  let server: SiteServer;
  let slow: SiteServer;

  beforeAll(async () => {
    [browser, server, slow] = await Promise.all([
      launchBrowser(),
      serveSite(dist),
      // React's DOM client arrives late: React widgets stay un-hydrated for five seconds after use.
      serveSite(dist, { delay: (path) => (/^\/assets\/chunks\/hydrate\./.test(path) ? SLOW_RUNTIME_MS : 0) }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close(), slow?.close()]);
  });

  it('loads a widget only when a guest uses it, not when it scrolls into view', async () => {
    const tab = await openTab(browser, { viewport: { width: 1440, height: 700 } });
    try {
      const { page } = tab;
      const chunk = () => server.requests.filter((path) => /^\/assets\/chunks\/FunctionRoomComparison\./.test(path)).length;
      const before = chunk();
      const runtime = runtimeRequests(server);
      await page.goto(server.url + routePath('meetingsandcelebrations', 'de'));
      await hydrated(page, 'MenuOverlay', 'CookieBar');
      const island = page.locator('[data-island="FunctionRoomComparison"]').first();
      await island.locator('.room-table').scrollIntoViewIfNeeded();
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
      expect(chunk()).toBe(before);
      expect(runtimeRequests(server)).toBe(runtime);
      expect(await island.getAttribute('data-hydrated')).toBeNull();
      await island.locator('select').focus();
      await expect.poll(() => island.getAttribute('data-hydrated')).not.toBeNull();
      expect(chunk()).toBe(before + 1);
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('opens the menu at once while React is slow: the layout islands need none', async () => {
    const tab = await openTab(browser);
    try {
      const { page } = tab;
      const runtime = runtimeRequests(slow);
      await page.goto(`${slow.url}/en/`, { waitUntil: 'domcontentloaded' });
      await hydrated(page, 'MenuOverlay');
      await page.locator('.menu-toggle').click();
      await expect.poll(() => page.locator('#menu').isVisible(), { timeout: 2000 }).toBe(true);
      expect(await page.locator('.menu-toggle').getAttribute('aria-expanded')).toBe('true');
      expect(new URL(page.url()).hash).toBe('');
      expect(runtimeRequests(slow)).toBe(runtime);
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('replays a click on a widget control made before the widget hydrated', async () => {
    const tab = await openTab(browser);
    try {
      const { page } = tab;
      await page.goto(slow.url + routePath('storchenkamera', 'en'), { waitUntil: 'domcontentloaded' });
      const facade = page.locator('[data-island="VideoFacade"]').first();
      expect(await facade.getAttribute('data-hydrated')).toBeNull();
      await facade.locator('.video-facade__poster').click();
      // Not a visit to the video's page: the click waits for the widget, which then plays.
      await expect.poll(() => facade.locator('iframe').count(), { timeout: SLOW_RUNTIME_MS + 3000 }).toBe(1);
      expect(await facade.getAttribute('data-hydrated')).not.toBeNull();
      expect(page.url()).toBe(slow.url + routePath('storchenkamera', 'en'));
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('follows a plain link inside a not-yet-hydrated island at once', async () => {
    const tab = await openTab(browser);
    try {
      const { page } = tab;
      await page.goto(slow.url + routePath('spatreatments', 'de'), { waitUntil: 'domcontentloaded' });
      const link = page.locator('[data-island="SpaTreatmentFilter"] [data-slot="grid"] a[href]').first();
      const href = (await link.getAttribute('href'))!;
      // Whether the link's island had hydrated when the page was left: the click must not have
      // waited for it (a wall-clock bound would be a race on a busy machine).
      await link.evaluate((anchor) => {
        addEventListener('pagehide', () => sessionStorage.setItem('hydratedAtLeave', String(anchor.closest('[data-island]')!.hasAttribute('data-hydrated'))));
      });
      await link.click();
      await page.waitForURL(new URL(href, slow.url).href);
      expect(await page.evaluate(() => sessionStorage.getItem('hydratedAtLeave'))).toBe('false');
    } finally {
      await tab.close();
    }
  });
});
