// Function-room comparison: every room with its measures, the
// five seating layouts and prices; live filtering by layout and persons; no match shows exactly
// the locale files' message (its English counterpart on /en); without JavaScript every room shows.
// Far below the screen, the table waits unrendered in a box sized by its rows.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasChromium, launchBrowser, VIEWPORTS } from '../../helpers/browser';
import { functionRoomsOf, hydrateByUse, openTab, routePath, serveSite, VARIANTS, type SiteServer } from './harness';

const dist = inject('fixtureSite');
const NO_MATCH = { de: 'Kein Tagungsraum zur Verfügung Ihrer Wahl.', en: 'No function room available for your choice.' };
const HEADERS = {
  de: ['Fläche', 'Länge', 'Breite', 'Höhe', 'Theater', 'Parlament', 'U-Form', 'Block', 'Bankett', 'Lage', 'Preis pro Tag', 'Kurznutzung (max. 4,5 Std.)'],
  en: ['Area', 'Length', 'Width', 'Height', 'Theatre', 'Classroom', 'U-shape', 'Block', 'Banquet', 'Location', 'Price per day', 'Short use (max. 4.5 hrs)'],
};

const visibleRooms = (page: Page) =>
  page.locator('.room-table tbody tr').evaluateAll((rows) => rows.filter((row) => !(row as HTMLElement).hidden).map((row) => row.querySelector('th')!.textContent));

describe.skipIf(!hasChromium)('function-room comparison', () => {
  let browser: Browser;
  let server: SiteServer;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), serveSite(dist)]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  for (const variant of VARIANTS) {
    it(`${variant.name}: filters live by layout and persons; no match shows the no-match message; reset shows all`, async () => {
      const tab = await openTab(browser, { viewport: variant.viewport });
      try {
        const { page } = tab;
        await page.goto(server.url + routePath('meetingsandcelebrations', variant.locale));
        const table = page.locator('.room-table').first();
        await table.scrollIntoViewIfNeeded();
        await hydrateByUse(page, 'FunctionRoomComparison');
        const headers = (await table.locator('thead th').allTextContents()).map((text) => text.trim());
        for (const header of HEADERS[variant.locale]) expect(headers).toContain(header);

        const rooms = await functionRoomsOf(page);
        expect(rooms.length).toBeGreaterThan(1);
        expect(await visibleRooms(page)).toEqual(rooms.map((room) => room.title));

        // The largest theatre seating that not every room offers: only the rooms seating that many remain.
        const capacities = rooms.map((room) => room.seating.theatre ?? 0).sort((a, b) => a - b);
        const persons = capacities.find((capacity) => capacity > capacities[0]!)!;
        const filter = page.locator('.room-filter').first();
        await filter.locator('select').selectOption('theatre');
        await filter.locator('input[type="number"]').fill(String(persons));
        const expected = rooms.filter((room) => (room.seating.theatre ?? 0) >= persons).map((room) => room.title);
        expect(expected.length).toBeGreaterThan(0);
        expect(expected.length).toBeLessThan(rooms.length);
        await expect.poll(() => visibleRooms(page)).toEqual(expected);
        expect(await page.locator('.room-compare__status').first().textContent()).toBe('');

        await filter.locator('input[type="number"]').fill('100000');
        const status = page.locator('.room-compare__status').first();
        await expect.poll(() => status.textContent()).toBe(NO_MATCH[variant.locale]);
        expect(await status.isVisible()).toBe(true);
        expect(await table.isVisible()).toBe(false);

        await filter.locator('.room-filter__reset').click();
        await expect.poll(() => visibleRooms(page)).toEqual(rooms.map((room) => room.title));
        expect(await table.isVisible()).toBe(true);
        expect(tab.errors).toEqual([]);
      } finally {
        await tab.close();
      }
    });
  }

  it('is styled and laid out only near the screen, holding a place sized by its rows until then', async () => {
    const tab = await openTab(browser, { viewport: VIEWPORTS.mobile });
    try {
      const { page } = tab;
      // The list of offers puts the comparison several screens below the top of the page.
      await page.goto(server.url + routePath('meetingsandcelebrations', 'de'));
      const box = page.locator('.room-compare__scroll').first();
      const state = () =>
        box.evaluate((element) => ({
          rendered: element.querySelector('tbody td')!.checkVisibility({ contentVisibilityAuto: true }),
          height: element.getBoundingClientRect().height,
          rows: Number(element.getAttribute('data-rows')),
          rem: parseFloat(getComputedStyle(document.documentElement).fontSize),
        }));
      const far = await state();
      expect(far.rendered).toBe(false);
      expect(far.rows).toBe(await page.locator('.room-table tbody tr').count());
      // The stylesheet's estimate, rows of 3.5rem and 6rem for the caption and headings, inside a 1px border.
      expect(far.height).toBeCloseTo(far.rows * 3.5 * far.rem + 6 * far.rem + 2, 0);

      await box.scrollIntoViewIfNeeded();
      await expect.poll(async () => (await state()).rendered).toBe(true);
      const near = await state();
      expect(near.height).toBeGreaterThan(far.rows * 2 * near.rem);
      for (const row of await page.locator('.room-table tbody tr').all()) expect(await row.isVisible()).toBe(true);
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('without JavaScript every room shows and the filter is hidden', async () => {
    const tab = await openTab(browser, { javaScriptEnabled: false });
    try {
      await tab.page.goto(server.url + routePath('meetingsandcelebrations', 'de'));
      const rows = tab.page.locator('.room-table tbody tr');
      expect(await rows.count()).toBeGreaterThan(1);
      for (const row of await rows.all()) expect(await row.isVisible()).toBe(true);
      expect(await tab.page.locator('.room-filter').first().isVisible()).toBe(false);
    } finally {
      await tab.close();
    }
  });
});
