// The widgets in the states a page load never shows (quality bar: axe finds no
// violations): the open menu with a topic open, the cookie bar collapsed and closed, the
// function-room filter with no match, the newsletter form with its messages.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from '../../helpers/axe';
import { hasChromium, launchBrowser } from '../../helpers/browser';
import { hydrateByUse, hydrated, openTab, routePath, serveSite, VARIANTS, type SiteServer } from './harness';

const dist = inject('fixtureSite');

async function violations(page: Page, state: string): Promise<string[]> {
  return (await axeViolations(page)).map((violation) => `${state}: ${violation.id} — ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
}

describe.skipIf(!hasChromium)('axe on the widgets in use', () => {
  let browser: Browser;
  let server: SiteServer;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), serveSite(dist)]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  for (const variant of VARIANTS) {
    it(`${variant.name}: open menu, cookie bar states, filters and form messages`, { timeout: 150_000 }, async () => {
      const tab = await openTab(browser, { viewport: variant.viewport });
      const found: string[] = [];
      try {
        const { page } = tab;
        await page.goto(`${server.url}/${variant.locale}/`);
        await hydrated(page, 'MenuOverlay', 'CookieBar');
        await page.locator('.menu-toggle').click();
        await page.locator('.menu-topic > summary').nth(3).click();
        found.push(...(await violations(page, 'menu open')));
        await page.keyboard.press('Escape');

        await page.locator('.cookie-bar__collapse').click();
        found.push(...(await violations(page, 'cookie tab')));
        await page.locator('.cookie-bar__tab').click();
        await page.locator('.cookie-bar__panel .button--secondary').click();
        found.push(...(await violations(page, 'cookie icon, scrolled header')));

        await page.goto(server.url + routePath('meetingsandcelebrations', variant.locale));
        await page.locator('.room-table').first().scrollIntoViewIfNeeded();
        await hydrateByUse(page, 'FunctionRoomComparison');
        await page.locator('.room-filter input[type="number"]').first().fill('100000');
        found.push(...(await violations(page, 'no function room')));

        await page.goto(server.url + routePath('newsletters', variant.locale));
        await hydrateByUse(page, 'NewsletterForm');
        await page.locator('.newsletter-form button[type="submit"]').click();
        found.push(...(await violations(page, 'newsletter messages')));
        expect(found).toEqual([]);
      } finally {
        await tab.close();
      }
    });
  }
});
