// `hotel-site preview --drafts` through the real bin, on the embedded backend's fixture drafts
// (site/cms/README.md): who sees draft view, what it shows, its headers, Drupal's node paths, and
// that everyone else gets exactly what `build` writes.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runCli } from '../helpers/cli';
import { startCliServer, type CliServer } from '../helpers/cli-server';

let server: CliServer;
let cookie: string;

const get = (path: string, withCookie = true) => fetch(new URL(path, server.url), { headers: withCookie ? { cookie } : {}, redirect: 'manual' });
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

beforeAll(async () => {
  server = await startCliServer(['preview', '--drafts', '--port', '0'], { timeoutMs: 120_000 });
  const link = /Drafts:\s+(http:\/\/\S+)/.exec(server.stdout())?.[1];
  expect(link).toMatch(/\/__drafts\?key=[\w-]{32,}$/);
  const entered = await fetch(link!, { redirect: 'manual' });
  expect(entered.status).toBe(303);
  expect(entered.headers.get('location')).toBe('/');
  const setCookie = entered.headers.get('set-cookie')!;
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Lax/);
  cookie = setCookie.split(';')[0]!;
}, 150_000);

afterAll(async () => {
  await server?.stop();
});

describe('preview --drafts', () => {
  it('a wrong key sets no cookie and shows no drafts', async () => {
    const wrong = await get('/__drafts?key=not-the-key', false);
    expect(wrong.status).toBe(403);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('without the cookie serves exactly what build writes', async () => {
    const site = inject('fixtureSite');
    for (const path of ['de/uebernachten/kaminsuite/', 'en/', 'de/veranstaltungen/weihnachtsmarkt-im-schlosshof/']) {
      const served = Buffer.from(await (await get(`/${path}`, false)).arrayBuffer());
      expect(served.equals(await readFile(join(site, path, 'index.html'))), path).toBe(true);
    }
    expect((await get('/de/spezialangebot/lesewochenende/', false)).status).toBe(404);
  });

  it('shows a pending draft in both languages with its notice, never indexable nor cached', async () => {
    const response = await get('/de/uebernachten/kaminsuite/');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await response.text();
    expect(titleOf(html)).toMatch(/^Kaminsuite mit Parkblick/);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).not.toContain('rel="canonical"');
    expect(html).toContain('Vorschau mit Entwürfen');
    expect(html).toContain('Entwurf — nicht veröffentlicht');
    expect(html).toMatch(/Geändert gegenüber der veröffentlichten Fassung: Titel, Text, Preis/);
    expect(html).toMatch(/\/node\/101\/edit/);
    expect(html).toContain('href="/__drafts/leave?to=%2Fde%2Fuebernachten%2Fkaminsuite%2F"');
    expect(titleOf(await (await get('/en/accommodation/fireplace-suite/')).text())).toMatch(/^Fireplace Suite with Park View/);
  });

  it('a draft of one language leaves the other as published', async () => {
    expect(titleOf(await (await get('/de/veranstaltungen/weihnachtsmarkt-im-schlosshof/')).text())).toMatch(/mit Eisstockschießen/);
    const english = await (await get('/en/')).text();
    expect(english).toContain('Preview with drafts');
    expect(english).not.toContain('Draft — not published');
  });

  it('shows a never-published item at its alias, in its list and the menu; an archived one stays off', async () => {
    const offer = await (await get('/de/spezialangebot/lesewochenende/')).text();
    expect(offer).toContain('Diese Seite wurde noch nie veröffentlicht.');
    expect(offer).not.toContain('Veröffentlichte Fassung ansehen');
    expect(await (await get('/de/spezialangebot/')).text()).toContain('/de/spezialangebot/lesewochenende/');
    expect((await get('/de/sonntagsbrunch/')).status).toBe(404);
    expect(await (await get('/de/navigation/')).text()).toContain('href="/de/spezialangebot/lesewochenende/"');
    expect(await (await get('/de/navigation/', false)).text()).not.toContain('lesewochenende');
  });

  it("leads Drupal's node paths to the item's page", async () => {
    const latest = await get('/node/101/latest');
    expect(latest.status).toBe(303);
    expect(new URL(latest.headers.get('location')!, server.url).pathname).toBe('/de/uebernachten/kaminsuite/');
    expect(new URL((await get('/en/node/548')).headers.get('location')!, server.url).pathname).toBe('/en/specialoffers/reading-weekend/');
    expect((await get('/node/101/revisions/1101/view')).status).toBe(303);
    // An older revision than draft view shows: that revision's page, at the revision's address.
    const older = await get('/node/101/revisions/101/view');
    expect(older.status).toBe(200);
    expect(titleOf(await older.text())).toMatch(/^Kaminsuite \|/);
    expect((await get('/node/101/revisions/102/view')).status).toBe(404);
    expect((await get('/node/424242')).status).toBe(404);
  });

  it('leaving clears the cookie and goes to the published page', async () => {
    const left = await get('/__drafts/leave?to=%2Fde%2Fuebernachten%2Fkaminsuite%2F');
    expect(left.status).toBe(303);
    expect(left.headers.get('location')).toBe('/de/uebernachten/kaminsuite/');
    expect(left.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect((await get('/__drafts/leave?to=https%3A%2F%2Fevil.example%2F')).headers.get('location')).toBe('/');
  });
});

describe('preview --drafts refusals', () => {
  it('is refused with --static, and without a token for a configured CMS', async () => {
    const withStatic = await runCli(['preview', '--drafts', '--static']);
    expect(withStatic.code).toBe(2);
    expect(withStatic.stderr).toMatch(/--drafts cannot be used with --static/);
    const noToken = await runCli(['preview', '--drafts', '--endpoint', 'http://127.0.0.1:9/graphql']);
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toMatch(/HOTEL_SITE_CMS_TOKEN/);
  });
});
