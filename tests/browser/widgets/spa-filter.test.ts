// Spa treatments list: narrowed by category, preselected from ?category=<tid>
// (links from wellness items carry it); without JavaScript every treatment shows.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasChromium, launchBrowser } from '../../helpers/browser';
import { hydrateByUse, hydrated, openTab, routePath, serveSite, VARIANTS, type SiteServer } from './harness';

const dist = inject('fixtureSite');

interface FilterProps {
  categories: { tid: number; name: string }[];
  treatments: { nid: number; categories: number[] }[];
}

const propsOf = async (page: Page): Promise<FilterProps> => JSON.parse((await page.locator('[data-island="SpaTreatmentFilter"]').getAttribute('data-props'))!);
/** Indexes of the cards shown. */
const shown = (page: Page) =>
  page.locator('.spa-filter [data-slot="grid"] > ul > li').evaluateAll((items) => items.flatMap((item, index) => ((item as HTMLElement).hidden ? [] : [index])));
const expectedFor = (props: FilterProps, tid: number) => props.treatments.flatMap((treatment, index) => (treatment.categories.includes(tid) ? [index] : []));

describe.skipIf(!hasChromium)('spa treatment filter', () => {
  let browser: Browser;
  let server: SiteServer;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), serveSite(dist)]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  for (const variant of VARIANTS) {
    it(`${variant.name}: narrows the cards by category and keeps the choice in the address`, async () => {
      const tab = await openTab(browser, { viewport: variant.viewport });
      try {
        const { page } = tab;
        const list = routePath('spatreatments', variant.locale);
        await page.goto(server.url + list);
        await hydrateByUse(page, 'SpaTreatmentFilter');
        const props = await propsOf(page);
        expect(props.categories.length).toBeGreaterThan(1);
        expect(await shown(page)).toEqual(props.treatments.map((_, index) => index));

        const category = props.categories[1]!;
        await page.getByRole('button', { name: category.name, exact: true }).click();
        expect(await page.getByRole('button', { name: category.name, exact: true }).getAttribute('aria-pressed')).toBe('true');
        await expect.poll(() => shown(page)).toEqual(expectedFor(props, category.tid));
        expect(new URL(page.url()).searchParams.get('category')).toBe(String(category.tid));

        await page.locator('.spa-filter .chip').first().click();
        await expect.poll(() => shown(page)).toEqual(props.treatments.map((_, index) => index));
        expect(new URL(page.url()).searchParams.has('category')).toBe(false);
        expect(tab.errors).toEqual([]);
      } finally {
        await tab.close();
      }
    });

    it(`${variant.name}: a link with ?category=<tid> arrives preselected`, async () => {
      const tab = await openTab(browser, { viewport: variant.viewport });
      try {
        const { page } = tab;
        const list = routePath('spatreatments', variant.locale);
        await page.goto(server.url + list);
        const props = await propsOf(page);
        const category = props.categories[0]!;
        await page.goto(`${server.url}${list}?category=${category.tid}`);
        await hydrated(page, 'SpaTreatmentFilter');
        expect(await page.getByRole('button', { name: category.name, exact: true }).getAttribute('aria-pressed')).toBe('true');
        expect(await shown(page)).toEqual(expectedFor(props, category.tid));
        // An unknown category is ignored: everything shows.
        await page.goto(`${server.url}${list}?category=999999`);
        await hydrated(page, 'SpaTreatmentFilter');
        expect(await shown(page)).toEqual(props.treatments.map((_, index) => index));
        expect(tab.errors).toEqual([]);
      } finally {
        await tab.close();
      }
    });
  }

  it('reached from a wellness item in the menu, its category is preselected', async () => {
    const tab = await openTab(browser);
    try {
      const { page } = tab;
      await page.goto(`${server.url}/de/`);
      await hydrated(page, 'MenuOverlay');
      await page.locator('.menu-toggle').click();
      const topic = page.locator('details.menu-topic').filter({ has: page.locator('a[href*="?category="]') }).first();
      const link = topic.locator('a[href*="?category="]').first();
      const tid = Number(new URL((await link.getAttribute('href'))!, server.url).searchParams.get('category'));
      await topic.locator('summary').click();
      await link.click();
      await page.waitForURL(/category=/);
      await hydrated(page, 'SpaTreatmentFilter');
      const props = await propsOf(page);
      const name = props.categories.find((category) => category.tid === tid)!.name;
      expect(await page.getByRole('button', { name, exact: true }).getAttribute('aria-pressed')).toBe('true');
      expect(await shown(page)).toEqual(expectedFor(props, tid));
    } finally {
      await tab.close();
    }
  });

  it('without JavaScript every treatment shows and the category buttons are hidden', async () => {
    const tab = await openTab(browser, { javaScriptEnabled: false });
    try {
      await tab.page.goto(server.url + routePath('spatreatments', 'de') + '?category=1');
      const items = tab.page.locator('.spa-filter [data-slot="grid"] > ul > li');
      expect(await items.count()).toBeGreaterThan(1);
      for (const item of await items.all()) expect(await item.isVisible()).toBe(true);
      expect(await tab.page.locator('.spa-filter__controls').isVisible()).toBe(false);
    } finally {
      await tab.close();
    }
  });
});
