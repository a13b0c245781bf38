// The preview's draft view as an editor sees it (docs/drafts.md): the notice bar at both widths,
// readable and covering nothing, accessible, its way out working, and no page of it indexable.
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../../site/project-root';
import { axeViolations } from '../../helpers/axe';
import { hasChromium, launchBrowser, VIEWPORTS } from '../../helpers/browser';
import { startCliServer, type CliServer } from '../../helpers/cli-server';

const SHOTS = projectPath('tests/.screenshots');
let browser: Browser;
let server: CliServer;
let link: string;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startCliServer(['preview', '--drafts', '--port', '0'], { timeoutMs: 120_000 })]);
  link = /Drafts:\s+(http:\/\/\S+)/.exec(server.stdout())![1]!;
  await mkdir(SHOTS, { recursive: true });
}, 150_000);

/** Opens the drafts link; it leads to the root page, which sends the browser on to /de/. */
async function enter(page: Page): Promise<void> {
  await page.goto(link);
  await page.waitForURL(new URL('/de/', server.url).href);
}

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.skipIf(!hasChromium)('draft view in a browser', () => {
  for (const viewport of Object.values(VIEWPORTS)) {
    it(`shows the notice bar above the page at ${viewport.width} px, accessible, hiding nothing`, async () => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await enter(page);
      await page.goto(new URL('/de/uebernachten/kaminsuite/', server.url).href);
      const notice = page.locator('.draft-notice');
      await expect(notice.textContent()).resolves.toContain('Vorschau mit Entwürfen');
      await expect(notice.textContent()).resolves.toContain('Entwurf — nicht veröffentlicht');
      await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex, nofollow');
      // Nothing lies over the notice, and the top bar starts below it.
      const [bar, top] = await Promise.all([notice.boundingBox(), page.locator('.topbar').boundingBox()]);
      expect(bar!.y).toBe(0);
      expect(top!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height - 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/draft-view-${viewport.width}.png` });
      expect((await axeViolations(page)).map((violation) => violation.id)).toEqual([]);
      await context.close();
    });
  }

  it('leaves draft view through its link: the published page, no notice', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await enter(page);
    await page.goto(new URL('/de/uebernachten/kaminsuite/', server.url).href);
    await page.locator('.draft-notice__bar a').click();
    // The leave link goes to the root page, which sends the browser on to /de/.
    await page.waitForURL(new URL('/de/', server.url).href);
    await page.goto(new URL('/de/uebernachten/kaminsuite/', server.url).href);
    expect(await page.locator('.draft-notice').count()).toBe(0);
    expect(await page.title()).toMatch(/^Kaminsuite \|/);
    await context.close();
  });
});
