// The JavaScript budget: no page loads more than site.config.ts's jsBudgetBytes
// (80 KiB) of gzipped JavaScript — entry, React and every island's chunks, with all islands
// hydrated. Measured in Chromium (what the page really requests) on one page of every distinct
// set of islands in the fixture build, and checked against measurePageJs, which the build uses.
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
import { hasChromium, launchBrowser } from '../../helpers/browser';
import { hydrateAll, openTab, serveSite, type SiteServer } from './harness';

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

  it('the entry is small and never blocks rendering: one module script, React only with the islands', () => {
    const home = readFileSync(join(dist, 'de/index.html'), 'utf8');
    const scripts = [...home.matchAll(/<script([^>]*)>/g)].map((match) => match[1]!);
    const external = scripts.filter((attributes) => /\ssrc=/.test(attributes));
    expect(external).toHaveLength(1);
    expect(external[0]).toMatch(/type="module"/);
    expect(external[0]).toContain(bundle.entry);
    const entry = bundle.files.find((file) => file.href === bundle.entry)!;
    expect(entry.gzipBytes).toBeLessThan(10 * 1024);
    expect(bundle.runtime.length).toBeGreaterThan(0);
    expect(bundle.preload).not.toEqual(expect.arrayContaining(bundle.runtime));
  });
});
