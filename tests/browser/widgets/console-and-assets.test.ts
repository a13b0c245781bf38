// Every page type, hydrated (issue 4): no console error (hydration mismatches included), no
// uncaught error, and no failed request for a local asset — at desktop and mobile width, in both
// languages.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasChromium, launchBrowser, VIEWPORTS } from '../../helpers/browser';
import { detailPages, fixedRoutePages, notFoundPages } from '../pages/pages';
import { hydrateAll, openTab, serveSite, type SiteServer } from './harness';

const dist = inject('fixtureSite');

describe.skipIf(!hasChromium)('console and local assets on every page type', () => {
  let browser: Browser;
  let server: SiteServer;
  const pages = [...fixedRoutePages(), ...detailPages(dist), ...notFoundPages()];

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), serveSite(dist)]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    it(`${device}: every page type in German and its English counterpart hydrates without errors`, { timeout: 300_000 }, async () => {
      const tab = await openTab(browser, { viewport });
      const problems: string[] = [];
      try {
        const { page } = tab;
        const visited = new Set<string>();
        for (const { name, path } of pages) {
          // The page itself and its English version (its hreflang alternate), when it has one.
          const html = await (await fetch(server.url + path)).text();
          const english = /<link rel="alternate" hreflang="en" href="([^"]+)"/i.exec(html)?.[1];
          for (const target of english ? [path, new URL(english).pathname] : [path]) {
            if (visited.has(target)) continue;
            visited.add(target);
            tab.errors.length = 0;
            tab.failedLocal.length = 0;
            await page.goto(server.url + target);
            await hydrateAll(page);
            // Use the layout's islands once: they must work on every page.
            await page.locator('.menu-toggle').click();
            await page.keyboard.press('Escape');
            for (const problem of [...tab.errors, ...tab.failedLocal]) problems.push(`${name} ${target}: ${problem}`);
          }
        }
        expect(visited.size).toBeGreaterThan(pages.length);
        expect(problems).toEqual([]);
      } finally {
        await tab.close();
      }
    });
  }
});
