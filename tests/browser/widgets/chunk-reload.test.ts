// Chunk-load failure: a missing hashed file (as after a deploy) reloads
// the page — at most once per 60 s, the guard kept in sessionStorage.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasChromium, launchBrowser } from '../../helpers/browser';
import { openTab, routePath, serveSite, type SiteServer } from './harness';

const dist = inject('fixtureSite');
const GUARD_KEY = 'chunkReloadAt';
// Where the footer's newsletter field sends guests: the form hydrates at once to fill it in.
const PAGE = `${routePath('newsletters', 'de')}?email=guest%40example.com`;

describe.skipIf(!hasChromium)('chunk-load failure', () => {
  let browser: Browser;
  let server: SiteServer;

  beforeAll(async () => {
    [browser, server] = await Promise.all([
      launchBrowser(),
      // React's DOM client is "gone": every React widget fails to load its code.
      serveSite(dist, {
        respond: (_req, res, path) => {
          if (!/^\/assets\/chunks\/hydrate\./.test(path)) return false;
          res.writeHead(404).end();
          return true;
        },
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  it('reloads once, not again within 60 s, and again once the 60 s have passed', async () => {
    const tab = await openTab(browser);
    try {
      const { page } = tab;
      const loads = () => server.requests.filter((path) => path === PAGE).length;
      // A failure the guard lets pass is logged as a warning; noted with the number of the document
      // it came from (the main frame's navigations so far), so a late one of a document on its way
      // out is not taken for the next one's.
      let documents = 0;
      const warnedIn: number[] = [];
      page.on('framenavigated', (frame) => void (frame === page.mainFrame() && documents++));
      page.on('console', (message) => void (message.type() === 'warning' && warnedIn.push(documents)));
      const before = loads();
      await page.goto(server.url + PAGE);
      // First failure: one reload.
      await expect.poll(loads, { timeout: 10_000 }).toBe(before + 2);
      // Second failure within 60 s: the page stays.
      await expect.poll(() => warnedIn.includes(2), { timeout: 10_000 }).toBe(true);
      expect(loads()).toBe(before + 2);
      const guard = Number(await page.evaluate((key) => sessionStorage.getItem(key), GUARD_KEY));
      expect(Date.now() - guard).toBeLessThan(10_000);

      // 61 s later (guard moved back): the next failure reloads again, once.
      await page.evaluate((key) => sessionStorage.setItem(key, String(Date.now() - 61_000)), GUARD_KEY);
      await page.reload();
      await expect.poll(loads, { timeout: 10_000 }).toBe(before + 4);
      await expect.poll(() => warnedIn.includes(4), { timeout: 10_000 }).toBe(true);
      expect(loads()).toBe(before + 4);
    } finally {
      await tab.close();
    }
  });
});
