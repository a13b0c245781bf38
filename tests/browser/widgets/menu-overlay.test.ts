// Menu overlay (SPEC sections 2 and 4, issue 4): opens and closes, toggles the body state that
// blocks scrolling, one topic open at a time, Escape closes it, focus moves into it and back to the
// toggle, aria-expanded follows; the Wellness topic has the Wellness Booking entry.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasChromium, launchBrowser } from '../../helpers/browser';
import { hydrated, openTab, routePath, serveSite, VARIANTS, type SiteServer } from './harness';

const dist = inject('fixtureSite');

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

      it('keeps one topic open at a time; every topic has its overview link; Wellness has the Wellness Booking entry', async () => {
        const tab = await openTab(browser, { viewport: variant.viewport });
        try {
          const { page } = tab;
          await page.goto(`${server.url}/${variant.locale}/`);
          await hydrated(page, 'MenuOverlay');
          await page.locator('.menu-toggle').click();
          const summaries = page.locator('.menu-topic__summary');
          expect(await summaries.count()).toBe(8);
          for (let i = 0; i < 8; i++) {
            await summaries.nth(i).click();
            expect(await page.locator('details.menu-topic[open]').count()).toBe(1);
            expect(await page.locator('details.menu-topic').nth(i).getAttribute('open')).not.toBeNull();
            const overview = page.locator('details.menu-topic[open] .menu-topic__link--overview');
            expect(await overview.isVisible()).toBe(true);
          }
          const wellness = page.locator('details.menu-topic').filter({ has: page.locator(`a[href="${routePath('wellness', variant.locale)}"]`) });
          await wellness.locator('summary').click();
          const booking = wellness.locator('.menu-topic__link--booking');
          expect(await booking.count()).toBe(1);
          expect(await booking.textContent()).toBe(variant.locale === 'de' ? 'Wellness-Buchung' : 'Wellness Booking');
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
        } finally {
          await tab.close();
        }
      });
    });
  }
});
