// Click-to-load facades: the stork camera and remote video paragraphs show a
// poster and load nothing from the video host before the click; the click swaps in the player.
// Without JavaScript the facade is a link to the video's page.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasChromium, launchBrowser } from '../../helpers/browser';
import { hydrateByUse, openTab, routePath, serveSite, VARIANTS, type SiteServer } from './harness';

const dist = inject('fixtureSite');

describe.skipIf(!hasChromium)('video facade', () => {
  let browser: Browser;
  let server: SiteServer;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), serveSite(dist)]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  for (const variant of VARIANTS) {
    it(`${variant.name}: the stork camera requests nothing from the video host until the click, then plays`, async () => {
      const tab = await openTab(browser, { viewport: variant.viewport });
      try {
        const { page } = tab;
        await page.goto(server.url + routePath('storchenkamera', variant.locale));
        const facade = page.locator('.video-facade').first();
        await facade.scrollIntoViewIfNeeded();
        await hydrateByUse(page, 'VideoFacade');
        const { embedUrl, title } = JSON.parse((await page.locator('[data-island="VideoFacade"]').first().getAttribute('data-props'))!) as { embedUrl: string; title: string };
        const host = new URL(embedUrl).hostname;
        expect(tab.external.filter((url) => new URL(url).hostname === host)).toEqual([]);
        expect(await facade.locator('iframe').count()).toBe(0);

        await facade.locator('.video-facade__poster').click();
        const frame = facade.locator('iframe');
        expect(await frame.getAttribute('title')).toBe(title);
        expect(new URL((await frame.getAttribute('src'))!).hostname).toBe(host);
        await expect.poll(() => tab.external.some((url) => new URL(url).hostname === host)).toBe(true);
        expect(tab.errors).toEqual([]);
      } finally {
        await tab.close();
      }
    });
  }

  it('without JavaScript the facade links to the video and nothing is embedded', async () => {
    const tab = await openTab(browser, { javaScriptEnabled: false });
    try {
      await tab.page.goto(server.url + routePath('storchenkamera', 'de'));
      const { url } = JSON.parse((await tab.page.locator('[data-island="VideoFacade"]').first().getAttribute('data-props'))!) as { url: string };
      expect(await tab.page.locator('.video-facade__poster').first().getAttribute('href')).toBe(url);
      expect(await tab.page.locator('iframe').count()).toBe(0);
      expect(tab.external).toEqual([]);
    } finally {
      await tab.close();
    }
  });
});
