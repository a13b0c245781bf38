// Issue 3, quality bar: axe-core finds no violations on one page of every template, in Chromium,
// at desktop (1440 px) and mobile (375 px) width — contrast, landmarks, headings, names, alt text.
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasChromium, launchBrowser, VIEWPORTS } from '../../helpers/browser';
import { serveDir, type StaticServer } from '../../helpers/static-server';
import { detailPages, fixedRoutePages, notFoundPages } from './pages';

const dist = inject('fixtureSite');
const pages = [...fixedRoutePages(), ...detailPages(dist), ...notFoundPages()];

describe.skipIf(!hasChromium)('axe on every page template', () => {
  let browser: Browser;
  let server: StaticServer;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), serveDir(dist)]);
  });

  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  it('covers home, every list, text page and detail type, and the 404 page', () => {
    expect(pages.filter((page) => page.name.startsWith('Detail')).length).toBeGreaterThanOrEqual(8);
  });

  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    it(`reports no violations at ${viewport.width} px (${viewportName})`, { timeout: 360_000 }, async () => {
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      const failures: string[] = [];
      const queue = [...pages];
      // A few tabs at once: axe on a full page takes seconds, mostly waiting on the browser.
      const worker = async () => {
        const tab = await context.newPage();
        for (let next = queue.shift(); next; next = queue.shift()) {
          await tab.goto(server.url + next.path, { waitUntil: 'load' });
          // Legacy mode runs axe in the page itself instead of opening a blank page per analysis to
          // merge the frames' results (a second apiece); the site has no cross-origin frames.
          const { violations } = await new AxeBuilder({ page: tab }).setLegacyMode(true).analyze();
          for (const violation of violations) {
            const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ');
            failures.push(`${next.name} ${next.path}: ${violation.id} (${violation.impact}) ${violation.help} — ${targets}`);
          }
        }
      };
      try {
        await Promise.all([worker(), worker(), worker(), worker()]);
      } finally {
        await context.close();
      }
      expect(failures.sort()).toEqual([]);
    });
  }
});
