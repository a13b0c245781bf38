// Shared set-up of the widget tests: a static server for a built site with hooks (delay
// or fail a path — for the progress bar and chunk-reload tests), the language × width variants, a page that records console errors, failed local requests and any
// request leaving 127.0.0.1 (blocked: the tests never touch the network), and helpers to wait for
// the islands to hydrate (or wake them as a guest would).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import type { Locale } from '../../../site/model/content-types';
import { routeById } from '../../../site/model/route-table';
import { expect } from 'vitest';
import { LAYOUTS, type Layout } from '../../../templates/widgets/islands/FunctionRoomComparison';
import { VIEWPORTS } from '../../helpers/browser';

export const LOCALES: Locale[] = ['de', 'en'];
/**
 * Each language once and each width once (pairwise): a widget's behaviour depends on the language
 * (its strings, its routes) and on the width (the mobile layout), not on the two together. German
 * goes with the phone — its longer words are the layout's worst case. Every page template is still
 * loaded at both widths in both languages by the page sweep (tests/browser/pages/page-sweep.ts),
 * and the full 2 × 2 grid cost the suite about four minutes of browser time.
 */
export const VARIANTS = ([['de', 'mobile'], ['en', 'desktop']] as const).map(([locale, device]) => ({
  locale: locale as Locale, device, viewport: VIEWPORTS[device], name: `${locale} ${device}`,
}));
export type Variant = (typeof VARIANTS)[number];

/** Site-relative href of a fixed route ("/de/uebernachten/"). */
export function routePath(id: string, locale: Locale): string {
  const route = routeById(id);
  if (!route) throw new Error(`no route ${id}`);
  return `${route.paths[locale]}/`;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
  '.json': 'application/json',
  '.pdf': 'application/pdf',
};

export interface SiteServer {
  url: string;
  /** Paths served so far, in order (with query). */
  requests: string[];
  close(): Promise<void>;
}

export interface ServeHooks {
  /** Milliseconds to hold the response of a path before sending it. */
  delay?: (pathname: string) => number;
  /** Answer a path yourself (status and body); return false to serve the file. */
  respond?: (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean;
}

/** Serves a built site on 127.0.0.1 as a static host does (index.html for folders, 404.html). */
export async function serveSite(dir: string, hooks: ServeHooks = {}): Promise<SiteServer> {
  const root = resolve(dir);
  const requests: string[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const pathname = decodeURIComponent(url.pathname);
    requests.push(pathname + url.search);
    const wait = hooks.delay?.(pathname) ?? 0;
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
    if (hooks.respond?.(req, res, pathname)) return;
    let file = resolve(join(root, pathname));
    if (!file.startsWith(root + sep) && file !== root) return void res.writeHead(400).end();
    try {
      if ((await stat(file)).isDirectory()) {
        if (!pathname.endsWith('/')) return void res.writeHead(301, { location: `${pathname}/${url.search}` }).end();
        file = join(file, 'index.html');
      }
      await stat(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      createReadStream(file).pipe(res);
    } catch {
      const locale = pathname.startsWith('/en/') ? 'en' : 'de';
      res.writeHead(404, { 'content-type': TYPES['.html']! });
      createReadStream(join(root, locale, '404.html')).on('error', () => res.end()).pipe(res);
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** The analytics script URL prefix (gtag-style; site.config.ts analytics.id). */
export const ANALYTICS_HOST = 'https://www.googletagmanager.com/';

export interface Tab {
  context: BrowserContext;
  page: Page;
  /** console.error messages and uncaught page errors. */
  errors: string[];
  /** Requests to the local server that failed or answered >= 400. */
  failedLocal: string[];
  /** Requests to anything but 127.0.0.1 (all blocked, analytics answered by a stub). */
  external: string[];
  close(): Promise<void>;
}

export interface TabOptions {
  viewport?: { width: number; height: number };
  javaScriptEnabled?: boolean;
  /** localStorage entries to set before any page script runs. */
  localStorage?: Record<string, string>;
  /** Default 'reduce' (no waiting for animations); the progress bar test needs motion. */
  reducedMotion?: 'reduce' | 'no-preference';
}

/** A fresh browser context (a new visit) with a page that records what tests assert on. */
export async function openTab(browser: Browser, options: TabOptions = {}): Promise<Tab> {
  const context = await browser.newContext({
    viewport: options.viewport ?? VIEWPORTS.desktop,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    reducedMotion: options.reducedMotion ?? 'reduce',
  });
  const errors: string[] = [];
  const failedLocal: string[] = [];
  const external: string[] = [];
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => {
    const url = route.request().url();
    external.push(url);
    // A stand-in for the analytics library, so "analytics loaded" is observable offline.
    if (url.startsWith(ANALYTICS_HOST)) return route.fulfill({ contentType: 'text/javascript', body: 'window.__analyticsLoaded = (window.__analyticsLoaded || 0) + 1;' });
    return route.abort('blockedbyclient');
  });
  if (options.localStorage) {
    await context.addInitScript((entries) => {
      if (window.sessionStorage.getItem('__seeded')) return;
      window.sessionStorage.setItem('__seeded', '1');
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, options.localStorage);
  }
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() !== 'error' || /net::ERR_BLOCKED_BY_CLIENT/.test(message.text())) return;
    // A not-found page's own 404 status is its point, not an error of the page.
    if (message.location().url === page.url() && /status of 404/.test(message.text())) return;
    errors.push(`console: ${message.text()} ${message.location().url}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  const local = (request: Request) => request.url().startsWith('http://127.0.0.1');
  page.on('requestfailed', (request) => {
    if (local(request)) failedLocal.push(`${request.url()} (${request.failure()?.errorText})`);
  });
  page.on('response', (response) => {
    if (local(response.request()) && response.status() >= 400 && response.request().resourceType() !== 'document') failedLocal.push(`${response.url()} (${response.status()})`);
  });
  return { context, page, errors, failedLocal, external, close: () => context.close() };
}

/** A widget's controls: what a guest uses, what wakes an island on use (templates/client/main.ts). */
const CONTROLS = 'button, input, select, textarea, label, a[data-enhanced]';

/**
 * Brings every island that has not hydrated yet into view, one after another, puts the pointer on
 * one of its controls and waits for it: a guest who comes to a widget gets it working. Islands
 * without a control of their own (an empty function-room table) have nothing to use and are left
 * as they are; islands that never hydrate (broken) fail the call, named.
 */
export async function hydrateAll(page: Page, timeoutMs = 30_000): Promise<void> {
  const missing = await page.evaluate(
    async ([timeout, controls]) => {
      const controlOf = (island: HTMLElement) => [...island.querySelectorAll<HTMLElement>(controls)].find((control) => control.closest('[data-island]') === island);
      const pending = () => [...document.querySelectorAll<HTMLElement>('[data-island]')].filter((island) => !island.hasAttribute('data-hydrated') && controlOf(island));
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const deadline = Date.now() + timeout;
      for (let left = pending(); left.length > 0 && Date.now() < deadline; left = pending()) {
        // Each in view for a moment, in document order, then again until none is left. An island's
        // container is display: contents (no box): its first child is what shows.
        for (const island of left) {
          (island.firstElementChild ?? island).scrollIntoView({ block: 'center' });
          controlOf(island)?.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
          for (let waited = 0; waited < 1_000 && !island.hasAttribute('data-hydrated'); waited += 50) await sleep(50);
        }
      }
      window.scrollTo(0, 0);
      return pending().map((island) => island.dataset.island ?? '?');
    },
    [timeoutMs, CONTROLS] as const,
  );
  if (missing.length > 0) throw new Error(`${page.url()}: islands not hydrated within ${timeoutMs / 1000} s: ${missing.join(', ')}`);
}

/**
 * What a guest does before using a widget: the pointer comes to one of its controls. That wakes
 * the islands named (React widgets hydrate on use); then waits until they have hydrated.
 */
export async function hydrateByUse(page: Page, ...names: string[]): Promise<void> {
  await page.evaluate(
    ([wanted, controls]) => {
      for (const island of document.querySelectorAll<HTMLElement>('[data-island]')) {
        if (!wanted.includes(island.dataset.island!) || island.hasAttribute('data-hydrated')) continue;
        const control = [...island.querySelectorAll(controls)].find((candidate) => candidate.closest('[data-island]') === island);
        control?.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      }
    },
    [names, CONTROLS] as const,
  );
  await hydrated(page, ...names);
}

/** Waits until the islands named have hydrated (the layout's at once, when the entry runs). */
export async function hydrated(page: Page, ...names: string[]): Promise<void> {
  await page.waitForFunction(
    (wanted) => wanted.every((name) => [...document.querySelectorAll(`[data-island="${name}"]`)].every((island) => island.hasAttribute('data-hydrated'))),
    names,
  );
}

/**
 * Records the page's layout shifts (CLS-style: entries without recent input): their sum, and what
 * moved, for a failing assertion to name.
 */
export async function installShiftRecorder(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __shift: number; __shifted: string[] };
    w.__shift = 0;
    w.__shifted = [];
    const name = (node: Node | null) => (node instanceof Element ? `${node.localName}${node.className && typeof node.className === 'string' ? `.${node.className.split(' ')[0]}` : ''}` : String(node?.nodeName));
    const at = (rect: DOMRectReadOnly) => `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`;
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        w.__shift += entry.value;
        const moved = entry.sources.map((source) => `${name(source.node)} ${at(source.previousRect)} → ${at(source.currentRect)}`);
        w.__shifted.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Forgets the shifts recorded so far, to measure what follows alone. */
export const resetLayoutShift = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const w = window as unknown as { __shift: number; __shifted: string[] };
    w.__shift = 0;
    w.__shifted = [];
  });

/** What moved, for an assertion's message: one line per layout-shift entry. */
export const shiftSources = (page: Page): Promise<string> =>
  page.evaluate(() => `layout shifts: ${(window as unknown as { __shifted: string[] }).__shifted.join(' | ') || 'none'}`);

export const layoutShift = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { __shift: number }).__shift);

/**
 * The rooms of the page's first function-room comparison, in the table's order: each name from the
 * table, its seating from the island's props (the capacities its filter works with).
 */
export async function functionRoomsOf(page: Page): Promise<{ title: string; seating: Record<Layout, number | null> }[]> {
  const island = page.locator('[data-island="FunctionRoomComparison"]').first();
  const { seating } = JSON.parse((await island.getAttribute('data-props'))!) as { seating: (number | null)[][] };
  const titles = await island.locator('.room-table tbody tr > th').allTextContents();
  expect(titles.length).toBe(seating.length);
  return titles.map((title, index) => ({ title, seating: Object.fromEntries(LAYOUTS.map((layout, column) => [layout, seating[index]![column] ?? null])) as Record<Layout, number | null> }));
}

