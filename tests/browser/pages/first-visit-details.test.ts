// A first visit on a desktop and a phone: compact notices (also as editors write them), the room
// table's fixed column and scroll cue, room kept for the cookie bar, texts in the page's language.
// Screenshots go to the git-ignored tests/.screenshots/ for a person to look at.
import { mkdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { projectPath } from '../../../site/project-root';
import { errorPageHtml } from '../../../site/serve/error-pages';
import site from '../../../site.config';
import { formatCountry } from '../../../templates/format';
import { hasChromium, launchBrowser, VIEWPORTS } from '../../helpers/browser';
import { configExtending, runCli } from '../../helpers/cli';
import { node, startHostileCms, type HostileCms } from '../../helpers/hostile-cms';
import { hydrated, installShiftRecorder, layoutShift, openTab, routePath, serveSite, shiftSources, type SiteServer } from '../widgets/harness';
import { firstDetailOf } from './pages';

const dist = inject('fixtureSite');
const OUT = projectPath('tests/.screenshots');
const CONSENT = { cookieConsent: 'false' };

/** Upper bounds of the whole notification bar (the white box) with two notices. */
const BANNER_MAX = { desktop: 110, mobile: 220 } as const;

/** Lets the top bar take its scrolled look and lazy images load before a screenshot. */
const settle = (page: Page) =>
  page.evaluate(async () => {
    const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
    // A lazy image out of view never loads: wait for the others, a bounded time.
    await Promise.race([Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))), sleep(2_000)]);
    await sleep(300);
  });

const pageScrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** What a first visit sees of the notices: their boxes and whether any text is cut. */
function readBanner(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element | null) => element?.getBoundingClientRect() ?? null;
    const items = [...document.querySelectorAll('.banner__item')].map((item) => {
      const title = item.querySelector<HTMLElement>('.banner__title')!;
      const summary = item.querySelector<HTMLElement>('.banner__summary')!;
      const lineHeight = Number.parseFloat(getComputedStyle(title).lineHeight);
      return {
        title: title.textContent,
        titleCut: title.scrollWidth > title.clientWidth + 1 || getComputedStyle(title).textOverflow === 'ellipsis',
        summaryHeight: summary.getBoundingClientRect().height,
        lineHeight,
      };
    });
    return {
      banner: box(document.querySelector('.banner')),
      heroTop: box(document.querySelector('main > :first-child'))!.top,
      items,
      headings: document.querySelectorAll('.banner h1, .banner h2, .banner h3, .banner h4, .banner h5, .banner h6').length,
    };
  });
}

describe.skipIf(!hasChromium)('a first visit at 1440 and 375 px', () => {
  let browser: Browser;
  let server: SiteServer;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    [browser, server] = await Promise.all([launchBrowser(), serveSite(dist)]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  for (const [device, viewport] of Object.entries(VIEWPORTS) as [keyof typeof VIEWPORTS, (typeof VIEWPORTS)[keyof typeof VIEWPORTS]][]) {
    describe(`${viewport.width} px`, () => {
      it('shows two notices as one compact bar, one line each on a desktop, titles whole on a phone; the full text is one click away', async () => {
        const tab = await openTab(browser, { viewport });
        await installShiftRecorder(tab.context);
        try {
          const { page } = tab;
          await page.goto(`${server.url}/de/`);
          await hydrated(page, 'NotificationBanner', 'CookieBar');
          await page.screenshot({ path: `${OUT}/home-two-notices-${viewport.width}.png` });
          const seen = await readBanner(page);
          expect(seen.items.length).toBeGreaterThanOrEqual(2);
          expect(seen.banner!.height, 'the bar').toBeLessThanOrEqual(BANNER_MAX[device]);
          expect(seen.headings).toBe(0);
          for (const item of seen.items) {
            expect(item.titleCut, `${item.title}: cut`).toBe(false);
            // A desktop has room for the title and short text on one line; a phone wraps the title.
            if (device === 'desktop') expect(item.summaryHeight, item.title!).toBeLessThanOrEqual(item.lineHeight + 26);
          }
          expect(await page.locator('.banner__short').first().isVisible()).toBe(device === 'desktop');
          expect(await pageScrollsSideways(page)).toBe(false);
          expect(await layoutShift(page), await shiftSources(page)).toBe(0);

          // One click: the full text and its link.
          const first = page.locator('.banner__item').first();
          expect(await first.locator('.banner__full').isVisible()).toBe(false);
          await first.locator('.banner__summary').click();
          expect(await first.locator('.banner__full').isVisible()).toBe(true);
          expect(await first.locator('.banner__link').isVisible()).toBe(true);
          await page.screenshot({ path: `${OUT}/home-notice-open-${viewport.width}.png` });
          await first.locator('.banner__summary').click();
          expect(await first.locator('.banner__full').isVisible()).toBe(false);

          // The bar's close button still dismisses all of it.
          await page.locator('.banner__close').click();
          expect(await page.locator('.banner').count()).toBe(0);
          expect(tab.errors).toEqual([]);
        } finally {
          await tab.close();
        }
      });

      it('keeps the room column of the function-room table fixed and shows that the table scrolls, where it does', async () => {
        const tab = await openTab(browser, { viewport, localStorage: CONSENT });
        try {
          const { page } = tab;
          await page.goto(server.url + routePath('meetingsandcelebrations', 'de'));
          const scroller = page.locator('.room-compare__scroll').first();
          await scroller.scrollIntoViewIfNeeded();
          // The table's rows are laid out only once it is near the viewport (content-visibility):
          // measured after a frame has rendered it.
          await scroller.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          const overflows = await scroller.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
          expect(overflows).toBe(device === 'mobile');
          expect(await page.locator('.room-compare__hint').first().isVisible()).toBe(overflows);
          expect(await pageScrollsSideways(page)).toBe(false);
          if (overflows) {
            await scroller.evaluate((element) => element.scrollTo({ left: 300 }));
            await page.waitForFunction(() => document.querySelector('.room-compare__scroll')!.scrollLeft >= 290);
            const geometry = await scroller.evaluate((element) => {
              const row = element.querySelector('tbody tr')!;
              const room = row.querySelector('th')!.getBoundingClientRect();
              const passing = [...row.querySelectorAll('td')].map((cell) => cell.getBoundingClientRect()).find((cell) => cell.left < room.right && cell.right > room.left);
              return { scrollerLeft: element.getBoundingClientRect().left + element.clientLeft, roomLeft: room.left, roomBackground: getComputedStyle(row.querySelector('th')!).backgroundColor, passesUnder: Boolean(passing) };
            });
            expect(Math.abs(geometry.roomLeft - geometry.scrollerLeft), 'room column stays at the left edge').toBeLessThanOrEqual(1);
            expect(geometry.passesUnder, 'a scrolled column passes under the room column').toBe(true);
            expect(geometry.roomBackground).toBe('rgb(255, 255, 255)');
            await settle(page);
            await page.screenshot({ path: `${OUT}/meetings-function-rooms-scrolled-${viewport.width}.png` });
          } else {
            await settle(page);
            await page.screenshot({ path: `${OUT}/meetings-function-rooms-table-${viewport.width}.png` });
          }
          expect(tab.errors).toEqual([]);
        } finally {
          await tab.close();
        }
      });

      it('reserves the open cookie bar at the end of an event page: nothing interactive stays under it', async () => {
        const tab = await openTab(browser, { viewport });
        await installShiftRecorder(tab.context);
        try {
          const { page } = tab;
          const events = routePath('events', 'de');
          await page.goto(server.url + (firstDetailOf(dist, events) ?? events));
          await hydrated(page, 'CookieBar');
          const panel = page.locator('.cookie-bar__panel');
          expect(await panel.isVisible()).toBe(true);
          await page.screenshot({ path: `${OUT}/event-cookie-bar-${viewport.width}.png` });

          // The event's date box can be scrolled clear of the bar.
          const facts = page.locator('main dl').first();
          await facts.scrollIntoViewIfNeeded();
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          const clear = await page.evaluate(() => {
            const bar = document.querySelector('.cookie-bar__panel')!.getBoundingClientRect();
            const controls = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary')].filter(
              (element) => !element.closest('.cookie-bar') && element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden',
            );
            const last = controls.at(-1)!;
            const box = last.getBoundingClientRect();
            const overlaps = (rect: DOMRect) => rect.bottom > bar.top && rect.top < bar.bottom && rect.right > bar.left && rect.left < bar.right;
            return { last: `${last.localName} ${last.textContent?.trim()}`, bottom: box.bottom, barTop: bar.top, under: controls.filter((element) => overlaps(element.getBoundingClientRect())).map((element) => element.textContent?.trim()) };
          });
          expect(clear.bottom, `${clear.last} ends under the bar`).toBeLessThanOrEqual(clear.barTop);
          expect(clear.under, 'controls under the bar at the end of the page').toEqual([]);
          await settle(page);
          await page.screenshot({ path: `${OUT}/event-cookie-bar-end-${viewport.width}.png` });
          expect(await pageScrollsSideways(page)).toBe(false);
          expect(await layoutShift(page), await shiftSources(page)).toBe(0);
          expect(tab.errors).toEqual([]);
        } finally {
          await tab.close();
        }
      });
    });
  }

  it('speaks the page language: 404 and server error pages, the footer country and the rating badge', async () => {
    const tab = await openTab(browser, { localStorage: CONSENT });
    try {
      const { page } = tab;
      const expected = {
        de: { notFound: 'Diese Seite konnte nicht gefunden werden', server: 'Serverfehler.', other: 'Ein unbekannter Fehler ist aufgetreten.', rating: /^Gästebewertung \d+,\d von 10$/ },
        en: { notFound: 'This page could not be found', server: 'Server error.', other: 'An unknown error has occurred.', rating: /^Guest rating \d+\.\d out of 10$/ },
      } as const;
      for (const locale of ['de', 'en'] as const) {
        const texts = expected[locale];
        await page.goto(`${server.url}/${locale}/gibt-es-nicht/`);
        expect(await page.title()).toMatch(new RegExp(`^${texts.notFound}`));
        expect(await page.locator('h1').textContent()).toBe(texts.notFound);
        expect(await page.locator('footer address').textContent()).toContain(formatCountry(locale, site.hotel.address.country));
        expect(await page.locator('.footer__badge--rating img').getAttribute('alt')).toMatch(texts.rating);

        for (const [status, title] of [[500, texts.server], [503, texts.other]] as const) {
          await page.setContent(errorPageHtml({ locale, status }));
          expect(await page.title()).toBe(title);
          expect(await page.locator('h1').textContent()).toBe(title);
          expect(await page.locator('html').getAttribute('lang')).toBe(locale);
        }
      }
      expect(await page.evaluate(() => document.body.textContent)).not.toMatch(/unkown/);
    } finally {
      await tab.close();
    }
  });
});

describe.skipIf(!hasChromium)('notices as an editor writes them', () => {
  const LONG_DE =
    '<h2>Bauarbeiten am Torhaus</h2><p>Seit dem 14. Oktober erneuern wir das Torhaus und die Brücke über den Wassergraben. Bis zum Frühjahr erreichen Sie das Schloss über die Zufahrt am Wirtschaftshof; Parkplätze und Gepäckservice finden Sie dort wie gewohnt.</p><h2>Was sich für Sie ändert</h2><p>Der Shuttle vom Bahnhof hält am Wirtschaftshof.</p>';
  let browser: Browser;
  let cms: HostileCms;
  let server: SiteServer;
  let dir: string;

  beforeAll(async () => {
    cms = await startHostileCms({
      nodes: [
        node(9001, 'notifications', 'de', { title: 'Bauarbeiten am Torhaus', weight: 0, fields: { body: { processed: LONG_DE }, fieldLink: null, fieldTeaser: null } }),
        node(9002, 'notifications', 'de', { title: 'Sauna vom 1. bis 14. März geschlossen', weight: 1, fields: { body: { processed: '<p>Pool und Salzgrotte bleiben geöffnet.</p>' }, fieldLink: null, fieldTeaser: null } }),
        node(9003, 'notifications', 'en', { title: 'Building works at the gatehouse', weight: 0, fields: { body: { processed: '<p>Use the farmyard entrance.</p>' }, fieldLink: null, fieldTeaser: null } }),
      ],
    });
    dir = await mkdtemp(join(tmpdir(), 'notices-'));
    const config = join(dir, 'test.config.ts');
    await writeFile(config, configExtending({ content: { retries: 1, timeoutMs: 5000 } }));
    await mkdir(join(dir, 'dist'));
    const result = await runCli(['build', '--config', config, '--endpoint', cms.endpoint, '--out', join(dir, 'dist'), '--cache-dir', join(dir, 'cache'), '--quiet'], { timeoutMs: 120_000 });
    expect(result.code, result.stderr).toBe(0);
    [browser, server] = await Promise.all([launchBrowser(), serveSite(join(dir, 'dist'))]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close(), cms?.close()]);
    if (dir) await rm(dir, { recursive: true, force: true, maxRetries: 10 });
  });

  for (const [device, viewport] of Object.entries(VIEWPORTS) as [keyof typeof VIEWPORTS, (typeof VIEWPORTS)[keyof typeof VIEWPORTS]][]) {
    it(`${viewport.width} px: the title once, no heading in the bar, bounded height, the full text flattened one click away`, async () => {
      const tab = await openTab(browser, { viewport, localStorage: CONSENT });
      await installShiftRecorder(tab.context);
      try {
        const { page } = tab;
        await page.goto(`${server.url}/de/`);
        await hydrated(page, 'NotificationBanner');
        await page.screenshot({ path: `${OUT}/home-editor-notices-${viewport.width}.png` });
        const seen = await readBanner(page);
        expect(seen.items.map((item) => item.title)).toEqual(['Bauarbeiten am Torhaus', 'Sauna vom 1. bis 14. März geschlossen']);
        expect(seen.banner!.height).toBeLessThanOrEqual(BANNER_MAX[device]);
        expect(seen.headings).toBe(0);
        for (const item of seen.items) expect(item.titleCut, item.title!).toBe(false);
        const text = await page.locator('.banner').textContent();
        expect(text!.split('Bauarbeiten am Torhaus').length - 1, 'the title once').toBe(1);
        if (device === 'desktop') expect(await page.locator('.banner__short').first().textContent()).toMatch(/^Seit dem 14\. Oktober erneuern wir/);
        await page.locator('.banner__summary').first().click();
        expect(await page.locator('.banner__body strong', { hasText: 'Was sich für Sie ändert' }).isVisible()).toBe(true);
        await page.screenshot({ path: `${OUT}/home-editor-notice-open-${viewport.width}.png` });
        expect(await pageScrollsSideways(page)).toBe(false);
        expect(await layoutShift(page), await shiftSources(page)).toBe(0);
        expect(tab.errors).toEqual([]);
      } finally {
        await tab.close();
      }
    });
  }
});
