// "Look at it": screenshots of the home page, a list, a detail page, the meetings page
// with the function-room table, the menu page (a topic open) and the 404 page at 1440 and 375 px, written to the git-ignored
// tests/.screenshots/ for a person to look at; the test asserts what a guest would notice first:
// the page rendered, nothing scrolls sideways on a phone, and the hero image loaded. Full pages are
// taken as a returning guest sees them (cookie choice made, banner dismissed); the home page is also
// taken once as a first visit sees it, banner and cookie bar over the hero.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { projectPath } from '../../../site/project-root';
import { routeById } from '../../../site/model/route-table';
import { hasChromium, launchBrowser, VIEWPORTS } from '../../helpers/browser';
import { serveDir, type StaticServer } from '../../helpers/static-server';
import { firstDetailOf } from './pages';

const dist = inject('fixtureSite');
const OUT = projectPath('tests/.screenshots');
const accommodation = `${routeById('accommodation')!.paths.de}/`;
const SHOTS = [
  { name: 'home', path: '/de/', hero: true },
  { name: 'list-accommodation', path: accommodation, hero: false },
  { name: 'detail-room', path: firstDetailOf(dist, accommodation) ?? accommodation, hero: true },
  { name: 'meetings-function-rooms', path: `${routeById('meetingsandcelebrations')!.paths.de}/`, hero: false },
  { name: 'menu', path: `${routeById('menu')!.paths.de}/`, hero: false },
  { name: '404', path: '/de/diese-seite-gibt-es-nicht/', hero: false },
];

/** Scrolls through the page so lazy images load, then waits until every image has settled. */
async function loadAllImages(tab: Page): Promise<void> {
  await tab.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise(requestAnimationFrame);
    }
    window.scrollTo(0, 0);
    await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
  });
}

describe.skipIf(!hasChromium)('screenshots of the key pages', () => {
  let browser: Browser;
  let server: StaticServer;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    [browser, server] = await Promise.all([launchBrowser(), serveDir(dist)]);
  });

  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows the home page of a first visit at ${viewport.width} px`, async () => {
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      try {
        const tab = await context.newPage();
        await tab.goto(`${server.url}/de/`, { waitUntil: 'load' });
        await tab.screenshot({ path: `${OUT}/home-first-visit-${viewport.width}.png` });
        expect(await tab.locator('h1').count()).toBe(1);
      } finally {
        await context.close();
      }
    });

    it(`shows the menu overlay open over a detail page, its topic's entries loaded, at ${viewport.width} px`, async () => {
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      await context.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
      try {
        const tab = await context.newPage();
        await tab.goto(server.url + (firstDetailOf(dist, accommodation) ?? accommodation), { waitUntil: 'load' });
        await tab.locator('[data-island="MenuOverlay"][data-hydrated]').waitFor();
        await tab.locator('.menu-toggle').click();
        const current = tab.locator('#menu details[open] a[aria-current="page"]');
        await current.waitFor();
        await tab.mouse.move(0, 0);
        await tab.screenshot({ path: `${OUT}/menu-overlay-${viewport.width}.png` });
        expect(await current.isVisible()).toBe(true);
        expect(await tab.locator('#menu details[open] [data-menu-item]').count()).toBeGreaterThan(1);
      } finally {
        await context.close();
      }
    });

    it(`renders home, list, detail, function rooms, menu and 404 at ${viewport.width} px`, { timeout: 120_000 }, async () => {
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      // A returning guest: analytics declined earlier (the cookie bar stays closed).
      await context.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
      const tab = await context.newPage();
      try {
        for (const shot of SHOTS) {
          const response = await tab.goto(server.url + shot.path, { waitUntil: 'load' });
          expect(response?.status(), shot.path).toBe(shot.name === '404' ? 404 : 200);
          const close = tab.locator('.banner__close');
          if (await close.isVisible()) {
            // The close button works once the banner island has hydrated.
            await tab.locator('[data-island="NotificationBanner"][data-hydrated]').waitFor();
            await close.click({ timeout: 5_000 });
            await close.waitFor({ state: 'hidden' });
          }
          await loadAllImages(tab);
          if (shot.name === 'menu') await tab.locator('main .menu-topic > summary').first().click();
          await tab.screenshot({ path: `${OUT}/${shot.name}-${viewport.width}.png`, fullPage: true });

          await expect.poll(() => tab.locator('h1').count(), { message: `${shot.path}: one h1` }).toBe(1);
          expect(await tab.locator('h1').isVisible(), `${shot.path}: h1 visible`).toBe(true);
          if (viewportName === 'mobile') {
            const overflow = await tab.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
            expect(overflow, `${shot.path}: no horizontal scrolling at ${viewport.width} px`).toBeLessThanOrEqual(0);
          }
          if (shot.hero) {
            const hero = await tab.locator('.hero__image').evaluate((img: HTMLImageElement) => ({ complete: img.complete, width: img.naturalWidth }));
            expect(hero.complete && hero.width > 0, `${shot.path}: hero image loaded`).toBe(true);
          }
          if (shot.name === 'meetings-function-rooms') expect(await tab.locator('main table').count(), 'function-room table').toBeGreaterThan(0);
          if (shot.name === '404') expect(await tab.locator('main').innerText()).toContain('404');
          if (shot.name === 'menu') expect(await tab.locator('main details[open] [data-menu-item] a').first().isVisible(), 'menu page entries').toBe(true);
        }
      } finally {
        await context.close();
      }
    });
  }
});
