// Without JavaScript the site stays fully usable: the menu button leads to the menu page
// (docs/menu.md), whose topics open (<details>) with every entry; a page's own menu still opens for
// /page#menu (:target) with the topics' overview links; every page is reached through the menu and
// the links of the pages, and the language switch goes to the other language.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FIXED_ROUTES, MENU_ROUTE } from '../../../site/model/route-table';
import { hasChromium, launchBrowser } from '../../helpers/browser';
import { LOCALES, openTab, routePath, serveSite, VARIANTS, type SiteServer } from './harness';

const dist = inject('fixtureSite');
/** Every page the sitemap lists, as a site path. */
const sitemapPaths = () => [...readFileSync(join(dist, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);

describe.skipIf(!hasChromium)('without JavaScript', () => {
  let browser: Browser;
  let server: SiteServer;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), serveSite(dist)]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  for (const variant of VARIANTS) {
    it(`${variant.name}: the menu button leads to the menu page, every topic's overview and items load, and the language switch works`, { timeout: 120_000 }, async () => {
      const tab = await openTab(browser, { viewport: variant.viewport, javaScriptEnabled: false });
      try {
        const { page } = tab;
        await page.goto(`${server.url}/${variant.locale}/`);
        expect(await page.locator('#menu').isVisible()).toBe(false);
        await page.locator('.menu-toggle').click();
        await page.waitForURL(server.url + routePath('menu', variant.locale));
        expect(await page.locator('h1').textContent()).toBe(variant.locale === 'de' ? 'Menü' : 'Menu');
        const topics = page.locator('main details.menu-topic');
        const count = await topics.count();
        expect(count).toBe(8);
        const targets = new Set<string>();
        let entries = 0;
        for (let i = 0; i < count; i++) {
          await topics.nth(i).locator('summary').click();
          // One topic open at a time (<details name>).
          expect(await page.locator('main details.menu-topic[open]').count()).toBe(1);
          const links = topics.nth(i).locator('a');
          for (const link of await links.all()) {
            expect(await link.isVisible()).toBe(true);
            targets.add((await link.getAttribute('href'))!);
          }
          entries += await topics.nth(i).locator('[data-menu-item]').count();
        }
        expect(entries).toBeGreaterThan(30);

        // A page's own menu, reached as /page#menu: the topics with their overview links.
        await page.goto(`${server.url}/${variant.locale}/#menu`);
        expect(await page.locator('#menu').isVisible()).toBe(true);
        const overlayTopics = page.locator('#menu details.menu-topic');
        expect(await overlayTopics.count()).toBe(8);
        await overlayTopics.first().locator('summary').click();
        expect(await overlayTopics.first().locator(':scope > ul > li:first-child > a').isVisible()).toBe(true);
        // The close link hides it again.
        await page.locator('.menu-overlay__close').click();
        expect(await page.locator('#menu').isVisible()).toBe(false);

        // Where the links go does not depend on the viewport: the desktop run follows them. Without
        // JavaScript a page is its HTML, so fetching it is what the browser would show.
        for (const href of variant.device === 'desktop' ? targets : []) {
          const url = new URL(href, server.url);
          if (url.origin !== server.url) continue; // the Wellness Booking entry: the provider's booking page
          const response = await fetch(url);
          expect(response.status, href).toBe(200);
          expect((await response.text()).match(/<h1[\s>]/g)?.length, href).toBe(1);
        }

        await page.goto(`${server.url}/${variant.locale}/`);
        await page.locator('.topbar__lang').click();
        const other = variant.locale === 'de' ? 'en' : 'de';
        await page.waitForURL(`${server.url}/${other}/`);
        expect(await page.locator('html').getAttribute('lang')).toBe(other);
        expect(tab.errors).toEqual([]);
      } finally {
        await tab.close();
      }
    });
  }

  it('reaches every page of both languages that the menu, the lists and the layout link to, by following links from the home pages', { timeout: 240_000 }, async () => {
    // Without JavaScript a page's links are exactly its <a href>s: follow them over HTTP.
    const seen = new Set<string>();
    const queue = ['/de/', '/en/'];
    while (queue.length > 0) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const response = await fetch(server.url + path);
      if (response.status !== 200) continue;
      const html = await response.text();
      for (const [, href] of html.matchAll(/<a [^>]*href="([^"]+)"/g)) {
        const url = new URL(href!.replace(/&amp;/g, '&'), server.url + path);
        if (url.origin !== server.url || url.pathname.match(/\.\w+$/)) continue;
        if (!seen.has(url.pathname)) queue.push(url.pathname);
      }
    }
    // Every fixed route in both languages (but the payment page, where the payment provider
    // sends guests back to), the menu pages and everything they and the list pages link to.
    const wanted = new Set(
      FIXED_ROUTES.filter((route) => route.id !== 'paymentsuccess').flatMap((route) => LOCALES.map((locale) => `${route.paths[locale]}/`)),
    );
    for (const locale of LOCALES) {
      const html = readFileSync(join(dist, MENU_ROUTE.paths[locale], 'index.html'), 'utf8');
      const menu = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
      for (const match of menu.matchAll(/href="(\/[^"?#]*)"/g)) wanted.add(match[1]!);
      wanted.add(`${MENU_ROUTE.paths[locale]}/`);
    }
    for (const route of FIXED_ROUTES.filter((candidate) => candidate.kind === 'list')) {
      for (const locale of LOCALES) {
        const html = readFileSync(join(dist, route.paths[locale], 'index.html'), 'utf8');
        const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
        for (const match of main.matchAll(/href="(\/[^"?#]*)"/g)) wanted.add(match[1]!);
      }
    }
    expect(wanted.size).toBeGreaterThan(80);
    expect([...wanted].filter((path) => !seen.has(path))).toEqual([]);
    const unlinked = sitemapPaths().filter((path) => !seen.has(path));
    if (unlinked.length > 0) console.info(`Pages of the sitemap no page links to (${unlinked.length}):\n  ${unlinked.join('\n  ')}`);
  });
});
