// Links say where they go (Lighthouse SEO "Links have descriptive text", WCAG 2.4.4): one page of
// every template in both languages, at 1440 and 375 px, read as Lighthouse reads them — the
// link's rendered text (innerText, so what CSS hides at that width does not count), in the
// language of its element; links to the page itself, mailto:, javascript: and nofollow are
// skipped. A text is non-descriptive when it is a bare URL or a generic phrase, and two links on
// one page with the same text must lead to the same place ("Overview" eight times, to eight lists,
// tells a search engine and a screen-reader user nothing).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasChromium, launchBrowser, VIEWPORTS } from '../../helpers/browser';
import { openTab, serveSite, type SiteServer } from '../widgets/harness';
import { detailPages, fixedRoutePages } from './pages';

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

function problems(links: Link[]): string[] {
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

describe.skipIf(!hasChromium)('link text', () => {
  let browser: Browser;
  let server: SiteServer;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), serveSite(dist)]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    it(`${device}: every template in German and English has descriptive, unambiguous link text`, async () => {
      const tab = await openTab(browser, { viewport });
      try {
        const german = [...fixedRoutePages().filter((page) => page.path.startsWith('/de/')), ...detailPages(dist)];
        const found: string[] = [];
        let pages = 0;
        for (const { path } of german) {
          await tab.page.goto(server.url + path);
          // German-only pages have no English alternate: look it up without waiting for one.
          const english = await tab.page.evaluate(() => document.querySelector('link[rel="alternate"][hreflang="en"]')?.getAttribute('href') ?? null);
          for (const lang of ['de', 'en']) {
            if (lang === 'en') {
              if (!english) continue;
              await tab.page.goto(server.url + new URL(english).pathname);
            }
            pages++;
            for (const problem of problems(await linksOf(tab.page))) found.push(`${new URL(tab.page.url()).pathname}: ${problem}`);
          }
        }
        expect(pages).toBeGreaterThan(30);
        expect(found).toEqual([]);
      } finally {
        await tab.close();
      }
      // About 60 page loads: 40 s on an idle machine, several times that beside the other browser tests.
    }, 400_000);
  }
});
