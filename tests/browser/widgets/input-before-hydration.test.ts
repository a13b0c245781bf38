// Input made while an island's chunk is still on its way (a phone on a slow network) is what the
// widget works with once it hydrates (templates/widgets/README.md): the chunk is held back on
// purpose by route interception, the guest uses the controls, then the chunk arrives.
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import site from '../../../site.config';
import { hasChromium, launchBrowser } from '../../helpers/browser';
import { functionRoomsOf, hydrated, openTab, routePath, serveSite, type SiteServer, type Tab } from './harness';

const dist = inject('fixtureSite');

/** Holds every request for the island's chunk until release() is called. */
async function holdChunk(tab: Tab, island: string): Promise<{ requested: Promise<void>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requestedResolve!: () => void;
  const requested = new Promise<void>((resolve) => (requestedResolve = resolve));
  await tab.page.route(new RegExp(`/assets/chunks/${island}\\.[^/]+\\.js$`), async (route: Route) => {
    requestedResolve();
    await released;
    await route.continue();
  });
  return { requested, release };
}

const notHydrated = (page: Page, island: string) => page.locator(`[data-island="${island}"]`).first().evaluate((element) => !element.hasAttribute('data-hydrated'));

describe.skipIf(!hasChromium)('controls used before their island hydrates', () => {
  let browser: Browser;
  let server: SiteServer;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), serveSite(dist)]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  it('function-room filter: the layout and persons chosen before hydration filter the table, and stay chosen', async () => {
    const tab = await openTab(browser);
    try {
      const { page } = tab;
      const chunk = await holdChunk(tab, 'FunctionRoomComparison');
      await page.goto(server.url + routePath('meetingsandcelebrations', 'de'));
      const island = page.locator('[data-island="FunctionRoomComparison"]').first();
      const rooms = await functionRoomsOf(page);
      const capacities = rooms.map((room) => room.seating.theatre ?? 0).sort((a, b) => a - b);
      const persons = capacities.find((capacity) => capacity > capacities[0]!)!;
      const expected = rooms.filter((room) => (room.seating.theatre ?? 0) >= persons).map((room) => room.title);
      expect(expected.length).toBeLessThan(rooms.length);

      await page.waitForFunction(() => document.documentElement.classList.contains('js'));
      await island.locator('select').selectOption('theatre');
      await island.locator('input[type="number"]').fill(String(persons));
      await chunk.requested;
      expect(await notHydrated(page, 'FunctionRoomComparison')).toBe(true);
      chunk.release();
      await hydrated(page, 'FunctionRoomComparison');

      const visible = () =>
        island.locator('.room-table tbody tr').evaluateAll((rows) => rows.filter((row) => !(row as HTMLElement).hidden).map((row) => row.querySelector('th')!.textContent));
      await expect.poll(visible).toEqual(expected);
      // The next change works from the guest's choice, not from the server's empty one.
      await island.locator('input[type="number"]').fill('100000');
      await expect.poll(() => island.locator('.room-compare__status').textContent()).toBe('Kein Tagungsraum zur Verfügung Ihrer Wahl.');
      expect(await island.locator('select').inputValue()).toBe('theatre');
      await island.locator('input[type="number"]').fill(String(persons));
      await expect.poll(visible).toEqual(expected);
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('spa-treatment filter: a category chosen before hydration narrows the cards', async () => {
    const tab = await openTab(browser, { viewport: { width: 375, height: 812 } });
    try {
      const { page } = tab;
      const chunk = await holdChunk(tab, 'SpaTreatmentFilter');
      await page.goto(server.url + routePath('spatreatments', 'en'));
      const island = page.locator('[data-island="SpaTreatmentFilter"]');
      const props = JSON.parse((await island.getAttribute('data-props'))!) as { categories: { tid: number; name: string }[]; treatments: { categories: number[] }[] };
      const category = props.categories.find((candidate) => props.treatments.some((treatment) => !treatment.categories.includes(candidate.tid)))!;
      const expected = props.treatments.flatMap((treatment, index) => (treatment.categories.includes(category.tid) ? [index] : []));

      await page.waitForFunction(() => document.documentElement.classList.contains('js'));
      await island.getByRole('button', { name: category.name, exact: true }).click();
      await chunk.requested;
      expect(await notHydrated(page, 'SpaTreatmentFilter')).toBe(true);
      chunk.release();
      await hydrated(page, 'SpaTreatmentFilter');

      const shown = () => island.locator('[data-slot="grid"] > ul > li').evaluateAll((items) => items.flatMap((item, index) => ((item as HTMLElement).hidden ? [] : [index])));
      await expect.poll(shown).toEqual(expected);
      expect(await island.getByRole('button', { name: category.name, exact: true }).getAttribute('aria-pressed')).toBe('true');
      expect(new URL(page.url()).searchParams.get('category')).toBe(String(category.tid));
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('newsletter form: what was typed and ticked before hydration is validated and sent', async () => {
    const tab = await openTab(browser);
    const posted: string[] = [];
    await tab.context.route(`${site.newsletter!.actionUrl}**`, (route) => {
      posted.push(route.request().postData() ?? '');
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Thanks</title><h1>Thanks</h1>' });
    });
    try {
      const { page } = tab;
      const chunk = await holdChunk(tab, 'NewsletterForm');
      await page.goto(`${server.url}${routePath('newsletters', 'de')}?email=footer%40example.com`);
      const form = page.locator('.newsletter-form');
      await page.waitForFunction(() => document.documentElement.classList.contains('js'));
      await form.locator('input[name="firstName"]').fill('Ada');
      await form.locator('input[name="email"]').fill('ada@example.com');
      await form.locator('input[name="consent"]').check();
      await chunk.requested;
      expect(await notHydrated(page, 'NewsletterForm')).toBe(true);
      chunk.release();
      await hydrated(page, 'NewsletterForm');

      // The address typed by hand wins over the one the footer passed in the URL.
      expect(await form.locator('input[name="email"]').inputValue()).toBe('ada@example.com');
      expect(await form.locator('input[name="consent"]').isChecked()).toBe(true);
      await form.locator('button[type="submit"]').click();
      await page.waitForURL(`${site.newsletter!.actionUrl}**`);
      expect(posted).toHaveLength(1);
      const body = new URLSearchParams(posted[0]);
      expect([body.get('firstName'), body.get('email'), body.get('consent')]).toEqual(['Ada', 'ada@example.com', 'yes']);
    } finally {
      await tab.close();
    }
  });
});
