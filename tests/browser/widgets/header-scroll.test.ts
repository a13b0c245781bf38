// Header: transparent over the hero, the white fixed bar after scrolling,
// without layout shift; the language switch is a plain link to the page in the other language.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasChromium, launchBrowser } from '../../helpers/browser';
import { hydrated, installShiftRecorder, layoutShift, openTab, resetLayoutShift, routePath, serveSite, shiftSources, VARIANTS, type SiteServer } from './harness';

const dist = inject('fixtureSite');

describe.skipIf(!hasChromium)('header', () => {
  let browser: Browser;
  let server: SiteServer;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), serveSite(dist)]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  for (const variant of VARIANTS) {
    it(`${variant.name}: becomes the white fixed bar after scrolling, with no layout shift`, async () => {
      const tab = await openTab(browser, { viewport: variant.viewport });
      await installShiftRecorder(tab.context);
      try {
        const { page } = tab;
        await page.goto(`${server.url}/${variant.locale}/`);
        const header = page.locator('.topbar');
        const background = () => header.evaluate((element) => getComputedStyle(element).backgroundColor);
        expect(await header.evaluate((element) => element.classList.contains('is-scrolled'))).toBe(false);
        expect(await background()).toBe('rgba(0, 0, 0, 0)');
        expect(await header.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(255, 255, 255)');
        const heroTop = await page.locator('main').evaluate((main) => main.getBoundingClientRect().top);
        // What scrolling does, alone: loading and hydrating the page have tests of their own.
        await hydrated(page, 'MenuOverlay', 'CookieBar');
        await resetLayoutShift(page);

        await page.mouse.wheel(0, 700);
        await expect.poll(() => header.evaluate((element) => element.classList.contains('is-scrolled'))).toBe(true);
        expect(await header.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
        await expect.poll(background).toBe('rgb(255, 255, 255)');
        const box = await header.boundingBox();
        expect(box!.y).toBe(0);
        // The content moved by exactly the scroll distance: the bar took no space from it.
        const scrolled = await page.evaluate(() => window.scrollY);
        expect(await page.locator('main').evaluate((main) => main.getBoundingClientRect().top)).toBeCloseTo(heroTop - scrolled, 0);

        await page.mouse.wheel(0, -700);
        await expect.poll(() => header.evaluate((element) => element.classList.contains('is-scrolled'))).toBe(false);
        expect(await layoutShift(page), await shiftSources(page)).toBe(0);
        expect(tab.errors).toEqual([]);
      } finally {
        await tab.close();
      }
    });

    it(`${variant.name}: the language switch goes to the same page in the other language`, async () => {
      const tab = await openTab(browser, { viewport: variant.viewport });
      try {
        const { page } = tab;
        const other = variant.locale === 'de' ? 'en' : 'de';
        await page.goto(server.url + routePath('restaurantsandbars', variant.locale));
        const link = page.locator('.topbar__lang');
        expect(await link.getAttribute('hreflang')).toBe(other);
        expect(await link.getAttribute('lang')).toBe(other);
        await link.click();
        await page.waitForURL(server.url + routePath('restaurantsandbars', other));
        expect(await page.locator('html').getAttribute('lang')).toBe(other);
        expect(tab.errors).toEqual([]);
      } finally {
        await tab.close();
      }
    });
  }
});
