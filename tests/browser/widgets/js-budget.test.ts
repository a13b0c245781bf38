// The JavaScript budget: no page loads more than site.config.ts's jsBudgetBytes
// (80 KiB) of gzipped JavaScript — entry, React and every island's chunks, with all islands
// hydrated. Measured in Chromium (what the page really requests) on one page of every distinct
// set of islands in the fixture build, and checked against measurePageJs, which the build uses.
// A first view (nothing used yet, the cookie bar showing) loads the entry alone: no React, no
// widget chunk; React comes when a guest uses a widget that needs it.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fg from 'fast-glob';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULTS } from '../../../site/config/resolve-config';
import { bundleClient, islandsInHtml, measurePageJs, type ClientBundle } from '../../../site/output/client-bundle';
import site from '../../../site.config';
import { hasChromium, launchBrowser, VIEWPORTS } from '../../helpers/browser';
import { hydrateAll, hydrated, openTab, routePath, serveSite, type SiteServer, type Tab } from './harness';

const dist = inject('fixtureSite');
const BUDGET = site.jsBudgetBytes ?? DEFAULTS.jsBudgetBytes;

/** One page (site path) per distinct set of islands, from every HTML file of the build. */
function pagesByIslandSet(): Map<string, { path: string; html: string }> {
  const sets = new Map<string, { path: string; html: string }>();
  for (const file of fg.sync('**/index.html', { cwd: dist })) {
    const html = readFileSync(join(dist, file), 'utf8');
    if (!html.includes('type="module"')) continue; // the root's redirect to /de/
    const key = islandsInHtml(html).sort().join(',');
    if (!sets.has(key)) sets.set(key, { path: `/${file.replace(/index\.html$/, '')}`, html });
  }
  return sets;
}

/** Paths of the local scripts a tab loads from now on. */
function recordScripts(tab: Tab, server: SiteServer): Set<string> {
  const scripts = new Set<string>();
  tab.page.on('request', (request) => {
    if (request.resourceType() === 'script' && request.url().startsWith(server.url)) scripts.add(new URL(request.url()).pathname);
  });
  return scripts;
}

/** A first view as a guest who only reads it: loaded, the network quiet, the browser idle. */
async function settle(tab: Tab): Promise<void> {
  await tab.page.waitForLoadState('networkidle');
  await tab.page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
  await tab.page.waitForTimeout(500);
}

describe.skipIf(!hasChromium)('JavaScript budget', () => {
  let browser: Browser;
  let server: SiteServer;
  let bundle: ClientBundle;
  let scratch: string;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'hotel-site-js-'));
    [browser, server, bundle] = await Promise.all([launchBrowser(), serveSite(dist), bundleClient({ outDir: scratch, minify: true })]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('every kind of page stays within the budget, as loaded in the browser and as the build measures it', { timeout: 180_000 }, async () => {
    const pages = pagesByIslandSet();
    expect(pages.size).toBeGreaterThan(3);
    const tab = await openTab(browser);
    const report: string[] = [];
    try {
      for (const [islands, { path, html }] of pages) {
        const scripts = new Set<string>();
        const listener = (response: { url(): string; request(): { resourceType(): string } }) => {
          if (response.request().resourceType() === 'script' && response.url().startsWith(server.url)) scripts.add(new URL(response.url()).pathname);
        };
        tab.page.on('response', listener);
        await tab.page.goto(server.url + path);
        await hydrateAll(tab.page);
        await tab.page.waitForLoadState('networkidle');
        tab.page.off('response', listener);
        const loaded = [...scripts].reduce((sum, script) => sum + gzipSync(readFileSync(join(dist, script))).length, 0);
        report.push(`${path} [${islands}]: ${loaded} B`);
        expect(loaded, `${path} [${islands}]`).toBeLessThanOrEqual(BUDGET);
        // The same client bundle as the build's (content hashes match), so the build's number is this one.
        if (html.includes(bundle.entry)) expect(measurePageJs(bundle, html), path).toBe(loaded);
      }
    } finally {
      await tab.close();
    }
    console.info(`JS per island set (budget ${BUDGET} B):\n  ${report.join('\n  ')}`);
  });

  it('the entry is small and never blocks rendering: one module script, with no React in it or in what it imports', () => {
    const home = readFileSync(join(dist, 'de/index.html'), 'utf8');
    const scripts = [...home.matchAll(/<script([^>]*)>/g)].map((match) => match[1]!);
    const external = scripts.filter((attributes) => /\ssrc=/.test(attributes));
    expect(external).toHaveLength(1);
    expect(external[0]).toMatch(/type="module"/);
    expect(external[0]).toContain(bundle.entry);
    const initial = [bundle.entry, ...bundle.preload].map((href) => bundle.files.find((file) => file.href === href)!);
    expect(initial.reduce((sum, file) => sum + file.gzipBytes, 0)).toBeLessThan(10 * 1024);
    expect(bundle.runtime.length).toBeGreaterThan(0);
    expect(bundle.preload).not.toEqual(expect.arrayContaining(bundle.runtime));
    // React's element symbols are in its every build: none of them in what a first view runs.
    for (const file of initial) expect(readFileSync(join(dist, file.href), 'utf8'), file.href).not.toContain('Symbol.for("react.');
  });

  it('a first view loads the entry alone, at phone and desktop width: no React until a guest uses a widget', { timeout: 180_000 }, async () => {
    const firstView = new Set([bundle.entry, ...bundle.preload]);
    const react = new Set([...bundle.runtime, ...Object.values(bundle.islands).flat()]);
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      for (const [islands, { path }] of pagesByIslandSet()) {
        // A new visit each time: empty storage, so the cookie bar shows.
        const tab = await openTab(browser, { viewport });
        try {
          const scripts = recordScripts(tab, server);
          await tab.page.goto(server.url + path);
          await settle(tab);
          const where = `${path} [${islands}] at ${viewport.width} px`;
          expect([...scripts].filter((script) => react.has(script)), where).toEqual([]);
          expect([...scripts].filter((script) => !firstView.has(script)), where).toEqual([]);
          expect(scripts.has(bundle.entry), where).toBe(true);
          expect(await tab.page.locator('.cookie-bar__panel').isVisible(), where).toBe(true);
          expect(tab.errors, where).toEqual([]);
        } finally {
          await tab.close();
        }
      }
    }
  });

  it('the layout islands work on a first view without React; using a booking button or a filter loads it', async () => {
    const tab = await openTab(browser, { viewport: VIEWPORTS.mobile });
    try {
      const { page } = tab;
      const scripts = recordScripts(tab, server);
      const reactLoaded = () => bundle.runtime.every((href) => scripts.has(href));
      await page.goto(`${server.url}/de/`);
      await hydrated(page, 'CookieBar', 'MenuOverlay', 'NotificationBanner');
      await settle(tab);
      // The menu opens and closes, the banner goes, the cookie choice is stored: all without React.
      await page.locator('.menu-toggle').click();
      await expect.poll(() => page.locator('#menu').isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('#menu').isVisible()).toBe(false);
      await page.locator('.banner__close').click();
      expect(await page.locator('.banner').count()).toBe(0);
      await page.locator('.cookie-bar__panel .button--secondary').click();
      expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('false');
      await settle(tab);
      expect([...scripts].filter((script) => bundle.runtime.includes(script))).toEqual([]);

      // A guest comes to "book now": React and the button's chunk load, and it hydrates.
      await page.locator('.topbar .book-button').focus();
      await page.locator('.topbar [data-island="BookingButton"][data-hydrated]').waitFor({ state: 'attached' });
      expect(reactLoaded()).toBe(true);
      for (const href of bundle.islands.BookingButton ?? []) expect(scripts.has(href), href).toBe(true);

      // Another page: a filter's chunk loads when the guest uses the filter, not before.
      scripts.clear();
      await page.goto(server.url + routePath('meetingsandcelebrations', 'de'));
      await settle(tab);
      expect([...scripts].filter((script) => script !== bundle.entry && !bundle.preload.includes(script))).toEqual([]);
      const filter = page.locator('[data-island="FunctionRoomComparison"]').first();
      await filter.locator('select').focus();
      await page.locator('[data-island="FunctionRoomComparison"][data-hydrated]').first().waitFor({ state: 'attached' });
      for (const href of [...bundle.runtime, ...(bundle.islands.FunctionRoomComparison ?? [])]) expect(scripts.has(href), href).toBe(true);
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  });
});
