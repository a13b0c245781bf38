// `hotel-site watch` on a copy of the project (this test edits templates, locales, fixtures and the
// config; the real tree is never touched): the rebuilt page reaches an HTTP client, the tabs hear
// about it, errors are reported and recovered from, and bursts of saves are coalesced.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWatch, type RebuildReport, type WatchSession } from '../../site/serve/watch/start-watch';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';
import { sourceHash } from '../../site/output/security-headers';
import { LIVE_RELOAD_SCRIPT } from '../../site/serve/live-reload/client-script';
import { HEAD_SCRIPT } from '../../templates/layout/head-script';
import { rawRequest } from '../helpers/raw-http';
import { getWithHost } from '../helpers/raw-socket';
import { openEvents } from '../helpers/sse-client';

let copy: ProjectCopy;
let session: WatchSession;
const logs: string[] = [];

beforeAll(async () => {
  copy = await copyProject();
  session = await startWatch({
    root: copy.root, outDir: copy.path('dist'), configFile: copy.path('site.config.ts'), overrides: {}, host: '127.0.0.1', port: 0, log: (line) => logs.push(line),
  });
}, 180_000);

afterAll(async () => {
  await session?.close();
  await copy?.remove();
});

/** Edits a file of the copy and waits for the rebuild it causes. */
async function edit(file: string, change: (text: string) => string): Promise<RebuildReport> {
  const path = copy.path(file);
  const text = await readFile(path, 'utf8');
  const next = change(text);
  expect(next, `${file} unchanged by the edit`).not.toBe(text);
  const rebuilt = nextRebuild(file);
  await writeFile(path, next);
  return rebuilt;
}

/**
 * The next rebuild that includes `file`. A late rebuild of an earlier test's save (one write can
 * reach the watcher as two change events on a busy machine) is not this edit's.
 */
function nextRebuild(file: string): Promise<RebuildReport> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no rebuild of ${file} within 30 s; the log says:\n${logs.slice(-6).join('\n')}`)), 30_000);
    const stop = session.onRebuild((report) => {
      if (!report.files.includes(file)) return;
      clearTimeout(timer);
      stop();
      resolve(report);
    });
  });
}

const page = async (path: string) => (await rawRequest(session.url, path)).text;

describe('watch', () => {
  it('serves the first build, with the live-reload snippet only in responses', async () => {
    const response = await rawRequest(session.url, '/de/');
    expect(response.status).toBe(200);
    expect(response.text).toContain('data-hotel-site-watch');
    await session.written();
    const written = await readFile(copy.path('dist/de/index.html'), 'utf8');
    expect(written).not.toContain('hotel-site-watch');
    expect(written).not.toContain('__hotel-site');
    expect(response.text.replace(/<script data-hotel-site-watch[^>]*>[\s\S]*?<\/script>/, '')).toBe(written);
  });

  it('shows a saved template change to an HTTP client, and tells open tabs to reload', async () => {
    const events = await openEvents(session.url);
    try {
      const report = await edit('templates/Layout.tsx', (text) => text.replace("{t('skipLink.label')}", "{t('skipLink.label') + ' (edited)'}"));
      expect(report.ok).toBe(true);
      expect(report.kinds).toContain('render');
      expect(report.kinds).not.toContain('pipeline');
      expect(await events.next('reload')).toBeTruthy();
      expect(await page('/de/')).toContain('Zum Inhalt springen (edited)');
      expect(await page('/en/wellness/')).toContain('Skip to content (edited)');
      // The output folder follows.
      await session.written();
      expect(await readFile(copy.path('dist/en/wellness/index.html'), 'utf8')).toContain('Skip to content (edited)');
    } finally {
      events.close();
    }
  });

  it('re-renders a locale change without fetching the content again', async () => {
    const report = await edit('locales/en.json', (text) => text.replace('"Continue to the homepage"', '"Back to the castle"'));
    expect(report.ok).toBe(true);
    expect(report.steps.join()).not.toContain('content');
    const notFound = await rawRequest(session.url, '/en/missing-page/');
    expect(notFound.status).toBe(404);
    expect(notFound.text).toContain('Back to the castle');
  });

  it('fetches a fixture edit and shows it on its page', async () => {
    const report = await edit('site/cms/fixtures/stay-rooms.ts', (text) => text.replace('im zweiten Stock des Westturms', 'im dritten Stock des Westturms'));
    expect(report.ok).toBe(true);
    expect(report.kinds).toEqual(['fixtures']);
    expect(await page('/de/uebernachten/turmzimmer/')).toContain('im dritten Stock des Westturms');
  });

  it("shows an item's new title on its page and in the menu page, and rewrites no page that does not show it", async () => {
    await session.written();
    const faq = await stat(copy.path('dist/de/faq/index.html'));
    expect(await page('/de/navigation/')).toMatch(/href="\/de\/uebernachten\/turmzimmer\/">Turmzimmer</);
    const report = await edit('site/cms/fixtures/stay-rooms.ts', (text) => text.replace("title: 'Turmzimmer',", "title: 'Turmzimmer im Westturm',"));
    expect(report.ok).toBe(true);
    expect(await page('/de/uebernachten/turmzimmer/')).toContain('<h1 class="hero__title">Turmzimmer im Westturm</h1>');
    expect(await page('/de/navigation/')).toMatch(/href="\/de\/uebernachten\/turmzimmer\/">Turmzimmer im Westturm</);
    // The menus of other pages hold no item, so the title is no reason to write them again.
    await session.written();
    expect(await readFile(copy.path('dist/de/navigation/index.html'), 'utf8')).toContain('>Turmzimmer im Westturm</a>');
    expect((await stat(copy.path('dist/de/faq/index.html'))).mtimeMs).toBe(faq.mtimeMs);
  });

  it('keeps the media for the session, and publishes an edited media file of the embedded backend under its new content hash', async () => {
    // The session's media cache (docs/media.md): one folder of this process, a new generation of
    // it once a media file changed behind its URL.
    const sessions = copy.path('node_modules/.cache/hotel-site/sessions');
    const folder = (await readdir(sessions)).find((name) => name.startsWith(`watch-${process.pid}-`));
    expect(folder).toBeDefined();
    expect(await readdir(join(sessions, folder!))).toEqual(['0']);
    const manifest = JSON.parse(await readFile(join(sessions, folder!, '0', 'media', 'manifest.json'), 'utf8')) as { entries: Record<string, unknown> };
    expect(Object.keys(manifest.entries).length).toBeGreaterThan(20);
    const before = /src="(\/media\/stay-tower-room\.[0-9a-f]+\.svg)"/.exec(await page('/de/uebernachten/turmzimmer/'))?.[1];
    expect(before).toBeDefined();
    const report = await edit('site/cms/media/stay-tower-room.svg', (text) => text.replace('</svg>', '<rect width="1" height="1" fill="#b08a3e"/></svg>'));
    expect(report.ok).toBe(true);
    expect(report.kinds).toEqual(['media']);
    expect(await readdir(join(sessions, folder!))).toEqual(['1']);
    const after = /src="(\/media\/stay-tower-room\.[0-9a-f]+\.svg)"/.exec(await page('/de/uebernachten/turmzimmer/'))?.[1];
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect(await page(after!)).toContain('fill="#b08a3e"/></svg>');
  });

  it('swaps the stylesheet for a CSS change (no reload)', async () => {
    const events = await openEvents(session.url);
    try {
      const report = await edit('templates/styles/base.css', (text) => `${text}\n.watch-test-marker { color: rebeccapurple; }\n`);
      expect(report.ok).toBe(true);
      const css = JSON.parse(await events.next('css')) as { href: string };
      expect(css.href).toMatch(/^\/assets\/site\.\w+\.css$/);
      const stylesheet = await rawRequest(session.url, css.href);
      expect(stylesheet.status).toBe(200);
      expect(stylesheet.text).toContain('.watch-test-marker{color:#639}');
      expect(await page('/de/')).toContain(css.href);
    } finally {
      events.close();
    }
  });

  it('reports a template syntax error, keeps serving the last good page, and recovers', async () => {
    const events = await openEvents(session.url);
    try {
      const broken = await edit('templates/pages/NotFoundPage.tsx', (text) => text.replace('<Hero title=', '<Hero title={{ '));
      expect(broken.ok).toBe(false);
      expect(broken.error?.message).toMatch(/templates\/pages\/NotFoundPage\.tsx:\d+:\d+/);
      expect(logs.join('\n')).toMatch(/templates failed[\s\S]*NotFoundPage\.tsx:\d+:\d+/);
      expect(JSON.parse(await events.next('build-error'))).toMatchObject({ stage: 'templates' });
      const stillServed = await rawRequest(session.url, '/de/nicht-da/');
      expect(stillServed.status).toBe(404);
      expect(stillServed.text).toContain('Diese Seite konnte nicht gefunden werden');
      // A tab opened now learns about the error at once.
      const late = await openEvents(session.url);
      expect(await late.next('build-error')).toContain('NotFoundPage.tsx');
      late.close();

      const fixed = await edit('templates/pages/NotFoundPage.tsx', (text) => text.replace('<Hero title={{ ', '<Hero title=').replace("t('errors.notFound.title')} />", "t('errors.notFound.title') + ' !'} />"));
      expect(fixed.ok).toBe(true);
      expect(await events.next('reload')).toBeTruthy();
      expect(await page('/de/nicht-da/')).toContain('Diese Seite konnte nicht gefunden werden !');
    } finally {
      events.close();
    }
  });

  it("shows the 500 page with the error when a template throws, until it is fixed", async () => {
    const throwing = await edit('templates/pages/FaqPage.tsx', (text) => text.replace(/export function FaqPage\(\) \{/, "export function FaqPage() {\n  if (Date.now() > 0) throw new Error('FAQ template broke');"));
    expect(throwing.ok).toBe(true);
    const response = await rawRequest(session.url, '/en/faq/');
    expect(response.status).toBe(500);
    expect(response.text).toContain('Server error.');
    expect(response.text).toContain('FAQ template broke');
    expect(response.text).toContain('data-hotel-site-watch');
    // The overlay names files by their place in the project, not on the machine.
    expect(response.text).toContain('Rendering /en/faq/ (page, nid ');
    expect(response.text).not.toContain(copy.root);
    await edit('templates/pages/FaqPage.tsx', (text) => text.replace("\n  if (Date.now() > 0) throw new Error('FAQ template broke');", ''));
    expect((await rawRequest(session.url, '/en/faq/')).status).toBe(200);
  });

  it('sends the site\'s security headers allowing its live-reload script, and refuses a rebound Host', async () => {
    const { port } = new URL(session.url);
    const page = await getWithHost(Number(port), '/de/', `localhost:${port}`);
    expect(page.status).toBe(200);
    const csp = page.headers['content-security-policy']!;
    expect(csp).toContain(sourceHash(LIVE_RELOAD_SCRIPT));
    expect(csp).toContain(sourceHash(HEAD_SCRIPT));
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers).toMatchObject({ 'x-frame-options': 'DENY', 'referrer-policy': 'strict-origin-when-cross-origin', 'x-content-type-options': 'nosniff' });
    expect((await getWithHost(Number(port), '/de/', `attacker.example:${port}`)).status).toBe(403);
    expect((await getWithHost(Number(port), '/_headers', `localhost:${port}`)).status).toBe(404);
  });

  it('reloads site.config.ts, reports a broken one, and recovers', async () => {
    const changed = await edit('site.config.ts', (text) => text.replace("siteUrl: 'https://www.schloss-storchenau.de'", "siteUrl: 'https://preview.schloss-storchenau.de'"));
    expect(changed.ok).toBe(true);
    expect(changed.kinds).toContain('config');
    expect(await page('/de/')).toContain('<link rel="canonical" href="https://preview.schloss-storchenau.de/de/"');
    const broken = await edit('site.config.ts', (text) => text.replace('siteUrl:', 'siteURL:'));
    expect(broken.ok).toBe(false);
    expect(broken.error?.message).toContain('siteURL');
    expect(await page('/de/')).toContain('https://preview.schloss-storchenau.de/de/');
    const fixed = await edit('site.config.ts', (text) => text.replace('siteURL:', 'siteUrl:'));
    expect(fixed.ok).toBe(true);
  });

  it('turns ten saves in a second into at most two rebuilds', async () => {
    // Only rebuilds of this burst's file count: a late rebuild of an earlier test's save is not one.
    let burstRebuilds = 0;
    const settled = new Promise<void>((resolve) => {
      const stop = session.onRebuild((report) => {
        if (!report.files.includes('locales/de.json')) return;
        burstRebuilds++;
        if (!lastWritten) return;
        void page('/de/').then((html) => {
          if (html.includes('Zum Inhalt springen #9')) {
            stop();
            resolve();
          }
        });
      });
    });
    let lastWritten = false;
    const path = copy.path('locales/de.json');
    const original = await readFile(path, 'utf8');
    const started = performance.now();
    let previousSave = started;
    let longGaps = 0;
    for (let save = 0; save < 10; save++) {
      await writeFile(path, original.replace('"Zum Inhalt springen"', `"Zum Inhalt springen #${save}"`));
      const now = performance.now();
      // A gap the queue may take as quiet (200 ms, less the watcher's own delay): on a loaded
      // machine the 90 ms pause can stretch that far, and a save after quiet rebuilds at once.
      if (now - previousSave >= 150) longGaps++;
      previousSave = now;
      lastWritten = save === 9;
      await new Promise((resolve) => setTimeout(resolve, 90));
    }
    const burstMs = performance.now() - started;
    await settled;
    // The first save at once, the last after the burst; a burst that never goes quiet also
    // rebuilds once a second (rebuild-queue.ts). The policy itself is unit-tested (rebuild-queue.test.ts).
    expect(burstRebuilds).toBeLessThanOrEqual(2 + longGaps + Math.floor(burstMs / 1000));
    expect(burstRebuilds).toBeLessThan(10);
    expect(await page('/de/')).toContain('Zum Inhalt springen #9');
  });
});
