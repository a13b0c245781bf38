// One pass over one page of every template, in German and its English counterpart, at desktop
// (1440 px) and mobile (375 px) width, one test file per width (page-sweep-desktop.test.ts,
// page-sweep-mobile.test.ts) so the two run side by side. Each page is loaded once and checked for
// everything a page of any template must get right:
// - it hydrates without a console error (hydration mismatches included), an uncaught error or a
//   failed request for a local asset, and the layout's islands work on it;
// - its links say where they go (Lighthouse SEO "Links have descriptive text", WCAG 2.4.4): read
//   as Lighthouse reads them — the rendered text (innerText, so what CSS hides at that width does
//   not count), in the language of its element, skipping links to the page itself, mailto:,
//   javascript: and nofollow. A bare URL or a generic phrase fails, and so do two links with the
//   same text that lead to different places ("Overview" eight times, to eight lists, tells a
//   search engine and a screen-reader user nothing);
// - axe-core finds no violations (contrast, landmarks, headings, names, alt text) on the German
//   page of every template, the English home and the English 404 page;
// - under the site's Content-Security-Policy (served by `preview --static` with the headers the
//   build writes to `_headers`), its head script runs and the browser reports no violation.
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from '../../helpers/axe';
import { hasChromium, launchBrowser, VIEWPORTS } from '../../helpers/browser';
import { loadConfig } from '../../../site/config/load-config';
import { resolveConfig } from '../../../site/config/resolve-config';
import { projectPath } from '../../../site/project-root';
import { startPreview, type Preview } from '../../../site/serve/preview/start-preview';
import { hydrateAll, openTab } from '../widgets/harness';
import { detailPages, fixedRoutePages, notFoundPages } from './pages';

const dist = inject('fixtureSite');

/** Phrases that name no destination: Lighthouse's own per-language lists and their close kin. */
const GENERIC: Record<string, Set<string>> = {
  en: new Set(['click here', 'click this', 'go', 'here', 'information', 'learn more', 'more', 'more info', 'more information', 'right here', 'read more', 'see more', 'start', 'this', 'overview', 'to the overview', 'details', 'continue']),
  de: new Set(['klicke hier', 'hier klicken', 'hier', 'mehr', 'siehe', 'dies', 'das', 'weiterlesen', 'mehr erfahren', 'mehr infos', 'übersicht', 'zur übersicht', 'details', 'weiter']),
};

interface Link {
  href: string;
  text: string;
  lang: string;
}

async function linksOf(page: Page): Promise<Link[]> {
  return page.$$eval('a[href]', (anchors) =>
    anchors
      .map((anchor) => anchor as HTMLAnchorElement)
      .filter((anchor) => {
        const href = anchor.href.toLowerCase();
        const samePage = anchor.href.split('#')[0] === location.href.split('#')[0];
        return !anchor.rel.includes('nofollow') && !href.startsWith('javascript:') && !href.startsWith('mailto:') && !samePage;
      })
      .map((anchor) => ({ href: anchor.href, text: anchor.innerText.replace(/\s+/g, ' ').trim(), lang: (anchor.closest('[lang]') as HTMLElement | null)?.lang.split('-')[0] ?? '' })),
  );
}

function linkTextProblems(links: Link[]): string[] {
  const found: string[] = [];
  const targets = new Map<string, Set<string>>();
  for (const link of links) {
    if (!link.text) continue;
    const text = link.text.toLowerCase();
    if (/^https?:\/\//.test(text)) found.push(`URL as text: "${link.text}"`);
    if (GENERIC[link.lang]?.has(text)) found.push(`generic text "${link.text}" → ${link.href}`);
    targets.set(link.text, (targets.get(link.text) ?? new Set()).add(link.href.replace(/[?#].*$/, '')));
  }
  for (const [text, hrefs] of targets) if (hrefs.size > 1) found.push(`"${text}" leads to ${hrefs.size} places: ${[...hrefs].slice(0, 3).join(', ')}`);
  return found;
}

async function axeProblems(page: Page): Promise<string[]> {
  return (await axeViolations(page)).map((violation) => {
    const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ');
    return `axe ${violation.id} (${violation.impact}) ${violation.help} — ${targets}`;
  });
}

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

/**
 * The sweep at one width, as a test file of its own per width (page-sweep-*.test.ts), so the two
 * widths run side by side on the test workers.
 */
export function sweepPages(device: keyof typeof VIEWPORTS): void {
  describe.skipIf(!hasChromium)(`every page template, loaded once at ${device} width`, () => {
    let browser: Browser;
    let preview: Preview;
    /** The preview's origin, without the slash its URL ends in. */
    const server = { url: '' };
    const pages = [...fixedRoutePages(), ...detailPages(dist), ...notFoundPages()];
    const axeTargets = new Set(pages.map((page) => page.path));

    beforeAll(async () => {
      const config = resolveConfig((await loadConfig({ configFile: projectPath('site.config.ts') })).config, {}, {});
      [browser, preview] = await Promise.all([launchBrowser(), startPreview({ config, host: '127.0.0.1', port: 0, staticDir: dist, log: () => {} })]);
      server.url = preview.url.replace(/\/$/, '');
    });
    afterAll(async () => {
      await Promise.all([browser?.close(), preview?.close()]);
    });

    it('covers home, every list, text page and detail type, and the 404 page', () => {
      expect(pages.filter((page) => page.name.startsWith('Detail')).length).toBeGreaterThanOrEqual(8);
    });

    const viewport = VIEWPORTS[device];
    it(`${device}: hydrates without errors under the CSP, has descriptive link text and no axe violation`, { timeout: 600_000 }, async () => {
      // The page itself and its English version (its hreflang alternate), when it has one.
      const targets = new Map<string, string>();
      for (const { name, path } of pages) {
        const html = await (await fetch(server.url + path)).text();
        const english = /<link rel="alternate" hreflang="en" href="([^"]+)"/i.exec(html)?.[1];
        for (const target of english ? [path, new URL(english).pathname] : [path]) if (!targets.has(target)) targets.set(target, name);
      }
      const queue = [...targets];
      const problems: string[] = [];
      // A few tabs at once: each page mostly waits on the browser (hydration, axe).
      const worker = async () => {
        const tab = await openTab(browser, { viewport });
        await tab.context.addInitScript(() => {
          document.addEventListener('securitypolicyviolation', (event) => {
            const w = window as unknown as { __violations?: string[] };
            (w.__violations ??= []).push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
          });
        });
        const pending = new Set<Request>();
        tab.page.on('request', (request) => pending.add(request));
        tab.page.on('requestfinished', (request) => pending.delete(request));
        tab.page.on('requestfailed', (request) => pending.delete(request));
        try {
          for (let next = queue.shift(); next; next = queue.shift()) {
            const [target, name] = next;
            const found: string[] = [];
            tab.errors.length = 0;
            tab.failedLocal.length = 0;
            await withinMs(150_000, target, async () => {
              await tab.page.goto(server.url + target);
              await hydrateAll(tab.page);
              if (!(await tab.page.evaluate(() => document.documentElement.classList.contains('js')))) found.push('the head script did not run');
              found.push(...linkTextProblems(await linksOf(tab.page)));
              if (axeTargets.has(target)) found.push(...(await axeProblems(tab.page)));
              // Use the layout's islands once: they must work on every page.
              await tab.page.locator('.menu-toggle').click();
              await tab.page.keyboard.press('Escape');
              // Leave only once what the scroll started (lazy images) has loaded or failed: leaving
              // earlier cancels it (net::ERR_ABORTED), which is the test's doing, not the page's.
              await expect.poll(() => pending.size, { timeout: 15_000 }).toBe(0);
              const violations = await tab.page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []);
              found.push(...violations.map((violation) => `CSP violation: ${violation}`));
            });
            for (const problem of [...found, ...tab.errors, ...tab.failedLocal]) problems.push(`${name} ${target}: ${problem}`);
          }
        } finally {
          await tab.close();
        }
      };
      await Promise.all([worker(), worker(), worker()]);
      expect(targets.size).toBeGreaterThan(pages.length + 20);
      expect(problems.sort()).toEqual([]);
    });
  });
}
