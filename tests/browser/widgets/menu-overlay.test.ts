// Menu overlay: opens and closes, toggles the body state that
// blocks scrolling, one topic open at a time, Escape closes it, focus moves into it and back to the
// toggle, aria-expanded follows; the Wellness topic has the Wellness Booking entry. The entries of
// each topic come from the menu page (docs/menu.md): loaded when the browser is idle or on intent,
// and when that fails the overlay still offers every topic's overview link.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locale } from '../../../site/model/content-types';
import { hasChromium, launchBrowser, VIEWPORTS } from '../../helpers/browser';
import { hydrated, openTab, routePath, serveSite, VARIANTS, type ServeHooks, type SiteServer } from './harness';

const dist = inject('fixtureSite');

/** The entries' hrefs per topic of a built menu page, in order. */
function menuPageEntries(locale: Locale): string[][] {
  const html = readFileSync(join(dist, routePath('menu', locale).slice(1), 'index.html'), 'utf8');
  const main = html.slice(html.indexOf('<main'));
  return main
    .split('data-menu-topic=')
    .slice(1)
    .map((topic) => [...topic.slice(0, topic.indexOf('</details>')).matchAll(/<li data-menu-item=""><a class="menu-topic__link" href="([^"]+)"/g)].map((match) => match[1]!));
}

/** The entries' hrefs per topic of the overlay as the browser has it now. */
const overlayEntries = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('#menu [data-menu-topic]')].map((topic) => [...topic.querySelectorAll('[data-menu-item] a')].map((link) => link.getAttribute('href')!)));

/** Stands in for a visitor who turned on Save-Data: nothing is fetched before they ask. */
async function saveData(page: Page): Promise<void> {
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
}

describe.skipIf(!hasChromium)('menu overlay', () => {
  let browser: Browser;
  let server: SiteServer;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), serveSite(dist)]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  for (const variant of VARIANTS) {
    describe(variant.name, () => {
      it('opens and closes with the toggle, Escape and the backdrop; locks scrolling; moves focus in and back', async () => {
        const tab = await openTab(browser, { viewport: variant.viewport });
        try {
          const { page } = tab;
          await page.goto(`${server.url}/${variant.locale}/`);
          await hydrated(page, 'MenuOverlay');
          const toggle = page.locator('.menu-toggle');
          const overlay = page.locator('#menu');
          expect(await toggle.getAttribute('aria-expanded')).toBe('false');
          expect(await overlay.isVisible()).toBe(false);

          await toggle.click();
          await expect.poll(() => overlay.isVisible()).toBe(true);
          expect(await toggle.getAttribute('aria-expanded')).toBe('true');
          expect(await page.evaluate(() => document.body.classList.contains('menu-open'))).toBe(true);
          expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
          expect(await page.evaluate(() => !!document.activeElement?.closest('#menu'))).toBe(true);
          // The page behind does not scroll while it is open.
          await page.mouse.wheel(0, 600);
          expect(await page.evaluate(() => window.scrollY)).toBe(0);

          await page.keyboard.press('Escape');
          expect(await overlay.isVisible()).toBe(false);
          // The dialog's close event (queued by the browser) updates the rest.
          await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
          await expect.poll(() => page.evaluate(() => document.body.classList.contains('menu-open'))).toBe(false);
          expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-toggle'))).toBe(true);

          // Keyboard: Enter on the toggle opens; the close button closes.
          await page.keyboard.press('Enter');
          await expect.poll(() => overlay.isVisible()).toBe(true);
          await page.locator('.menu-overlay__close').click();
          await expect.poll(() => overlay.isVisible()).toBe(false);
          await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('menu-toggle'))).toBe(true);

          // A click beside the panel (on the dimmed page) closes it — where there is room beside it.
          await toggle.click();
          // Measure the panel where it comes to rest: mid slide-in it is still shifted right, and
          // on a phone it then fills the width (nothing beside it to click).
          const panelLocator = page.locator('.menu-overlay__panel');
          await panelLocator.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
          const panel = await panelLocator.boundingBox();
          if (panel && panel.x > 20) {
            await page.mouse.click(5, variant.viewport.height / 2);
            await expect.poll(() => overlay.isVisible()).toBe(false);
          }
          expect(tab.errors).toEqual([]);
        } finally {
          await tab.close();
        }
      });

      it("shows the menu page's entries under their topics; keeps one topic open at a time; Wellness has the Wellness Booking entry", async () => {
        const tab = await openTab(browser, { viewport: variant.viewport });
        try {
          const { page } = tab;
          await page.goto(`${server.url}/${variant.locale}/`);
          await hydrated(page, 'MenuOverlay');
          await page.locator('.menu-toggle').click();
          // Every entry of the menu page, in its topic and order.
          const entries = menuPageEntries(variant.locale);
          expect(entries.flat().length).toBeGreaterThan(30);
          await expect.poll(() => overlayEntries(page)).toEqual(entries);
          const summaries = page.locator('.menu-topic > summary');
          expect(await summaries.count()).toBe(8);
          for (let i = 0; i < 8; i++) {
            await summaries.nth(i).click();
            expect(await page.locator('details.menu-topic[open]').count()).toBe(1);
            expect(await page.locator('details.menu-topic').nth(i).getAttribute('open')).not.toBeNull();
            const overview = page.locator('details.menu-topic[open] > ul > li:first-child > a');
            expect(await overview.isVisible()).toBe(true);
            for (const link of await page.locator('details.menu-topic[open] [data-menu-item] a').all()) expect(await link.isVisible()).toBe(true);
          }
          const wellness = page.locator('details.menu-topic').filter({ has: page.locator(`a[href="${routePath('wellness', variant.locale)}"]`) });
          await wellness.locator('summary').click();
          const booking = wellness.locator('.menu-topic__link--booking');
          expect(await booking.count()).toBe(1);
          expect(await booking.textContent()).toBe(variant.locale === 'de' ? 'Wellness-Buchung' : 'Wellness Booking');
          // After the topic's entries, as on the menu page.
          expect(await wellness.locator(':scope > ul > li').last().locator('.menu-topic__link--booking').count()).toBe(1);
          // Closing a topic leaves none open.
          await wellness.locator('summary').click();
          expect(await page.locator('details.menu-topic[open]').count()).toBe(0);
          expect(tab.errors).toEqual([]);
        } finally {
          await tab.close();
        }
      });

      it('marks and opens the topic of the page being shown', async () => {
        const tab = await openTab(browser, { viewport: variant.viewport });
        try {
          const { page } = tab;
          const list = routePath('accommodation', variant.locale);
          await page.goto(server.url + list);
          await hydrated(page, 'MenuOverlay');
          await page.locator('.menu-toggle').click();
          const open = page.locator('details.menu-topic[open]');
          expect(await open.count()).toBe(1);
          expect(await open.locator('a[aria-current="page"]').getAttribute('href')).toBe(list);

          // A detail page: its own entry, which came from the menu page, is the one marked.
          const detail = menuPageEntries(variant.locale)[0]![0]!;
          await page.goto(server.url + detail);
          await hydrated(page, 'MenuOverlay');
          await page.locator('.menu-toggle').click();
          await expect.poll(() => page.locator('#menu a[aria-current="page"]').getAttribute('href')).toBe(detail);
          expect(await page.locator('details.menu-topic[open] a[aria-current="page"]').count()).toBe(1);
        } finally {
          await tab.close();
        }
      });
    });
  }

  describe('loading the entries', () => {
    it('waits for intent when the visitor saves data: pointer over the toggle loads them, once', async () => {
      const tab = await openTab(browser, { viewport: VIEWPORTS.desktop });
      try {
        const { page } = tab;
        await saveData(page);
        const menuPage = routePath('menu', 'de');
        const loads = () => server.requests.filter((path) => path === menuPage).length;
        const before = loads();
        await page.goto(`${server.url}/de/`);
        await hydrated(page, 'MenuOverlay');
        await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
        expect(loads()).toBe(before);
        await page.locator('.menu-toggle').hover();
        await expect.poll(loads).toBe(before + 1);
        await page.locator('.menu-toggle').click();
        await expect.poll(async () => (await overlayEntries(page)).flat().length).toBe(menuPageEntries('de').flat().length);
        expect(loads()).toBe(before + 1);
        expect(tab.errors).toEqual([]);
      } finally {
        await tab.close();
      }
    });

    it('on the menu page itself, takes them from the page instead of loading it again', async () => {
      const tab = await openTab(browser, { viewport: VIEWPORTS.desktop });
      try {
        const { page } = tab;
        const menuPage = routePath('menu', 'en');
        await page.goto(server.url + menuPage);
        await hydrated(page, 'MenuOverlay');
        const loads = server.requests.filter((path) => path === menuPage).length;
        await page.locator('.menu-toggle').click();
        await expect.poll(() => overlayEntries(page)).toEqual(menuPageEntries('en'));
        expect(server.requests.filter((path) => path === menuPage).length).toBe(loads);
        expect(tab.errors).toEqual([]);
      } finally {
        await tab.close();
      }
    });
  });
});

describe.skipIf(!hasChromium)('menu overlay when the menu page cannot be loaded', () => {
  let browser: Browser;
  let server: SiteServer;
  const menuPage = routePath('menu', 'de');

  beforeAll(async () => {
    const respond: ServeHooks['respond'] = (_req, res, pathname) => {
      if (pathname !== menuPage) return false;
      res.writeHead(503).end();
      return true;
    };
    [browser, server] = await Promise.all([launchBrowser(), serveSite(dist, { respond })]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  it('opens with every topic and its overview link, says nothing of it, and tries again on the next intent', async () => {
    const tab = await openTab(browser, { viewport: VIEWPORTS.desktop });
    try {
      const { page } = tab;
      const tries = () => server.requests.filter((path) => path === menuPage).length;
      // The overlay notes a failed load for developers (console.warn), and only then forgets it.
      const failed = page.waitForEvent('console', { predicate: (message) => message.type() === 'warning' && message.text().includes(menuPage) });
      await page.goto(`${server.url}/de/`);
      await hydrated(page, 'MenuOverlay');
      // The load when the browser was idle failed; the pointer on the toggle asks again.
      await failed;
      expect(tries()).toBe(1);
      await page.locator('.menu-toggle').hover();
      await expect.poll(tries).toBe(2);

      await page.locator('.menu-toggle').click();
      await expect.poll(() => page.locator('#menu').isVisible()).toBe(true);
      expect(await page.evaluate(() => document.body.classList.contains('menu-open'))).toBe(true);
      const topics = page.locator('#menu details.menu-topic');
      expect(await topics.count()).toBe(8);
      expect(await page.locator('#menu [data-menu-item]').count()).toBe(0);
      // The panel shows the menu and nothing about the failure.
      expect(await page.locator('#menu').innerText()).not.toMatch(/fehler|error|nicht geladen|failed/i);
      const accommodation = topics.filter({ has: page.locator(`a[href="${routePath('accommodation', 'de')}"]`) });
      await accommodation.locator('summary').click();
      await accommodation.locator(':scope > ul > li:first-child > a').click();
      await page.waitForURL(server.url + routePath('accommodation', 'de'));
      expect(await page.locator('h1').count()).toBe(1);
      // What the console holds is the browser's own note of the failed requests, nothing thrown.
      expect(tab.errors.filter((error) => !error.includes('503'))).toEqual([]);
    } finally {
      await tab.close();
    }
  });
});
