// `hotel-site watch` in Chromium, on a copy of the project: an open tab shows an edited locale
// text by itself, takes a CSS change without reloading, and shows a build error as an overlay
// until the fix is saved, saying what is under it.
import { readFile, writeFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWatch, type WatchSession } from '../../site/serve/watch/start-watch';
import { hasChromium, launchBrowser } from '../helpers/browser';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';

describe.skipIf(!hasChromium)('watch in the browser', () => {
  let copy: ProjectCopy;
  let session: WatchSession;
  let browser: Browser;
  let tab: Page;
  const violations: string[] = [];

  beforeAll(async () => {
    copy = await copyProject();
    [session, browser] = await Promise.all([
      startWatch({ root: copy.root, outDir: copy.path('dist'), configFile: copy.path('site.config.ts'), overrides: {}, host: '127.0.0.1', port: 0, log: () => {} }),
      launchBrowser(),
    ]);
    tab = await browser.newPage();
    // Watch's Content-Security-Policy must let its own script and overlay run (docs/hardening.md).
    tab.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await session?.close();
    await copy?.remove();
  });

  async function edit(file: string, change: (text: string) => string): Promise<void> {
    const path = copy.path(file);
    const text = await readFile(path, 'utf8');
    const next = change(text);
    expect(next, `${file} unchanged by the edit`).not.toBe(text);
    await writeFile(path, next);
  }

  /** Survives only as long as the document does: gone after a reload. */
  const markDocument = () => tab.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const sameDocument = () => tab.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

  it('shows an edited locale text without reloading by hand', async () => {
    await tab.goto(`${session.url}de/`, { waitUntil: 'load' });
    // The live-reload channel is open before the edit.
    await tab.waitForFunction(() => (window as unknown as { __hotelSiteWatch?: { connected: boolean } }).__hotelSiteWatch?.connected === true);
    expect(await tab.textContent('#footer-contact')).toBe('Kontakt');
    await markDocument();
    await edit('locales/de.json', (text) => text.replace('"contact": "Kontakt"', '"contact": "Kontakt & Anreise"'));
    await tab.waitForFunction(() => document.querySelector('#footer-contact')?.textContent === 'Kontakt & Anreise', undefined, { timeout: 20_000 });
    expect(await sameDocument()).toBe(false);
  });

  it('swaps the stylesheet after a CSS change, without a reload', async () => {
    await tab.waitForLoadState('load');
    await markDocument();
    await edit('templates/styles/base.css', (text) => `${text}\nbody { outline: 3px solid rgb(1, 2, 3); }\n`);
    await tab.waitForFunction(() => getComputedStyle(document.body).outlineColor === 'rgb(1, 2, 3)', undefined, { timeout: 20_000 });
    expect(await sameDocument()).toBe(true);
    expect(await tab.locator('link[rel="stylesheet"]').count()).toBe(1);
  });

  it('overlays a build error over the last good page, and recovers when it is fixed', async () => {
    await markDocument();
    await edit('templates/layout/Footer.tsx', (text) => text.replace('<footer', '<footer {{'));
    const overlay = tab.locator('hotel-site-error-overlay');
    await overlay.waitFor({ timeout: 20_000 });
    expect(await overlay.locator('pre').textContent()).toMatch(/templates\/layout\/Footer\.tsx:\d+:\d+/);
    expect(await overlay.locator('p').textContent()).toContain('The last good version of the site is still being served.');
    // Styled by its own (hashed) style: the dialog box has its dark background.
    expect(await overlay.locator('.box').evaluate((box) => getComputedStyle(box).backgroundColor)).toBe('rgb(29, 31, 33)');
    expect(await sameDocument()).toBe(true);
    await edit('templates/layout/Footer.tsx', (text) => text.replace('<footer {{', '<footer'));
    await tab.waitForFunction(() => !document.querySelector('hotel-site-error-overlay') && !(window as unknown as { sameDocument?: boolean }).sameDocument, undefined, { timeout: 20_000 });
    expect(await tab.textContent('#footer-contact')).toBe('Kontakt & Anreise');
    expect(violations).toEqual([]);
  });

  it('says so when a page that throws has no good version to show under the overlay', async () => {
    const template = 'templates/pages/FaqPage.tsx';
    await tab.goto(`${session.url}de/`, { waitUntil: 'load' });
    await tab.waitForFunction(() => (window as unknown as { __hotelSiteWatch?: { connected: boolean } }).__hotelSiteWatch?.connected === true);
    await markDocument();
    await edit(template, (text) => text.replace('  const item = page.item;\n', "  const item = page.item;\n  if (item) throw new Error('the FAQ broke');\n"));
    // The open tab reloads once the rebuild is done; a page asked for before would have a good version.
    await tab.waitForFunction(() => !(window as unknown as { sameDocument?: boolean }).sameDocument, undefined, { timeout: 20_000 });
    expect((await tab.goto(`${session.url}en/faq/`, { waitUntil: 'load' }))?.status()).toBe(500);
    const overlay = tab.locator('hotel-site-error-overlay');
    await overlay.waitFor({ timeout: 20_000 });
    expect(await overlay.locator('pre').textContent()).toContain('the FAQ broke');
    expect(await overlay.locator('p').textContent()).toContain('there is no good version of it to show yet');
    expect(await overlay.locator('p').textContent()).not.toContain('still being served');
    await edit(template, (text) => text.replace("  if (item) throw new Error('the FAQ broke');\n", ''));
    await expect.poll(async () => (await fetch(`${session.url}en/faq/`)).status, { timeout: 30_000 }).toBe(200);
    expect(violations).toEqual([]);
  });
});
