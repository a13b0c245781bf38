// Every page type, hydrated: no console error (hydration mismatches included), no
// uncaught error, and no failed request for a local asset — at desktop and mobile width, in both
// languages.
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasChromium, launchBrowser, VIEWPORTS } from '../../helpers/browser';
import { detailPages, fixedRoutePages, notFoundPages } from '../pages/pages';
import { hydrateAll, openTab, serveSite, type SiteServer } from './harness';

const dist = inject('fixtureSite');

/** `work`, failing with the page's name if it hangs (a stuck page must not hold the test for minutes). */
async function withinMs(ms: number, target: string, work: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${target}: no result within ${ms / 1000} s`)), ms);
  });
  try {
    await Promise.race([work(), limit]);
  } finally {
    clearTimeout(timer);
  }
}

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
    it(`${device}: every page type in German and its English counterpart hydrates without errors`, { timeout: 600_000 }, async () => {
      // The page itself and its English version (its hreflang alternate), when it has one.
      const targets = new Map<string, string>();
      for (const { name, path } of pages) {
        const html = await (await fetch(server.url + path)).text();
        const english = /<link rel="alternate" hreflang="en" href="([^"]+)"/i.exec(html)?.[1];
        for (const target of english ? [path, new URL(english).pathname] : [path]) if (!targets.has(target)) targets.set(target, name);
      }
      const queue = [...targets];
      const problems: string[] = [];
      // A few tabs at once: each page mostly waits on the browser (hydration on idle and on scroll).
      const worker = async () => {
        const tab = await openTab(browser, { viewport });
        const pending = new Set<Request>();
        tab.page.on('request', (request) => pending.add(request));
        tab.page.on('requestfinished', (request) => pending.delete(request));
        tab.page.on('requestfailed', (request) => pending.delete(request));
        try {
          for (let next = queue.shift(); next; next = queue.shift()) {
            const [target, name] = next;
            tab.errors.length = 0;
            tab.failedLocal.length = 0;
            await withinMs(120_000, target, async () => {
              await tab.page.goto(server.url + target);
              await hydrateAll(tab.page);
              // Use the layout's islands once: they must work on every page.
              await tab.page.locator('.menu-toggle').click();
              await tab.page.keyboard.press('Escape');
              // Leave only once what the scroll started (lazy images) has loaded or failed: leaving
              // earlier cancels it (net::ERR_ABORTED), which is the test's doing, not the page's.
              await expect.poll(() => pending.size, { timeout: 15_000 }).toBe(0);
            });
            for (const problem of [...tab.errors, ...tab.failedLocal]) problems.push(`${name} ${target}: ${problem}`);
          }
        } finally {
          await tab.close();
        }
      };
      await Promise.all([worker(), worker(), worker()]);
      expect(targets.size).toBeGreaterThan(pages.length);
      expect(problems.sort()).toEqual([]);
    });
  }
});
