// The site under its own Content-Security-Policy (docs/hardening.md), served by `preview --static`
// with the headers the build also writes to `_headers`: analytics loads after consent and the
// booking provider's script is asked for, with no violation of the policy reported. That every
// page type runs its head script and hydrates under the policy is checked by the page sweep
// (page-sweep.ts), at both widths.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../../site/config/load-config';
import { resolveConfig } from '../../../site/config/resolve-config';
import { headersFile } from '../../../site/output/security-headers';
import { projectPath } from '../../../site/project-root';
import { startPreview, type Preview } from '../../../site/serve/preview/start-preview';
import { hasChromium, launchBrowser } from '../../helpers/browser';
import { ANALYTICS_HOST, hydrateAll, openTab } from '../widgets/harness';

const dist = inject('fixtureSite');

describe.skipIf(!hasChromium)('Content-Security-Policy', () => {
  let browser: Browser;
  let preview: Preview;
  let config: Awaited<ReturnType<typeof resolveConfig>>;

  beforeAll(async () => {
    config = resolveConfig((await loadConfig({ configFile: projectPath('site.config.ts') })).config, {}, {});
    [browser, preview] = await Promise.all([launchBrowser(), startPreview({ config, host: '127.0.0.1', port: 0, staticDir: dist, log: () => {} })]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), preview?.close()]);
  });

  it('is what the build wrote to _headers', () => {
    expect(readFileSync(join(dist, '_headers'), 'utf8')).toBe(headersFile(config));
  });

  it('lets analytics load after consent and the booking provider after intent, with no violation reported', { timeout: 120_000 }, async () => {
    const tab = await openTab(browser);
    const violations: string[] = [];
    await tab.context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const w = window as unknown as { __violations?: string[] };
        (w.__violations ??= []).push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
      });
    });
    try {
      // Consent loads analytics; the booking button asks for the provider's script.
      await tab.page.goto(`${preview.url}de/`);
      await hydrateAll(tab.page);
      await tab.page.locator('.cookie-bar__panel .button--primary').click();
      await expect.poll(() => tab.external.some((url) => url.startsWith(ANALYTICS_HOST))).toBe(true);
      await tab.page.locator('.topbar .book-button').hover();
      await expect.poll(() => tab.external.some((url) => url.startsWith(new URL(config.booking.scriptUrl.replace('{locale}', 'de')).origin))).toBe(true);
      for (const found of await tab.page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])) violations.push(`home after consent: ${found}`);
      expect(violations).toEqual([]);
      expect(tab.errors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);
    } finally {
      await tab.close();
    }
  });
});
