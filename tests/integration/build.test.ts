// The fixture site, built once by tests/helpers/global-setup.ts through the real bin.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, inject, it } from 'vitest';
import { FIXED_ROUTES, MENU_ROUTE } from '../../site/model/route-table';

const dist = inject('fixtureSite');
const read = (path: string) => readFileSync(join(dist, path), 'utf8');
const pages = fg.sync('**/index.html', { cwd: dist }).filter((file) => file !== 'index.html');
/** The menu pages (docs/menu.md): noindex, so neither canonical nor in the sitemap. */
const MENU_PAGES = Object.values(MENU_ROUTE.paths).map((path) => `${path.slice(1)}/index.html`);
const indexed = pages.filter((file) => !MENU_PAGES.includes(file));

describe('fixture build', () => {
  it('writes every fixed route in both languages', () => {
    for (const route of FIXED_ROUTES) {
      for (const path of Object.values(route.paths)) expect(existsSync(join(dist, path, 'index.html')), path).toBe(true);
    }
  });

  it('writes detail pages at their aliases, e.g. the tower room in both languages', () => {
    const de = read('de/uebernachten/turmzimmer/index.html');
    const en = read('en/accommodation/tower-room/index.html');
    expect(de).toMatch(/<html lang="de"/);
    expect(en).toMatch(/<html lang="en"/);
    // HTML attribute names are case-insensitive; React writes hrefLang.
    expect(de).toMatch(/<link rel="alternate" hreflang="en" href="https:\/\/www\.schloss-storchenau\.de\/en\/accommodation\/tower-room\/"\/>/i);
    expect(de).toMatch(/<a [^>]*href="\/en\/accommodation\/tower-room\/"[^>]*hreflang="en"/i);
  });

  it('gives every page a title, description, canonical URL on siteUrl and Open Graph tags', () => {
    for (const file of indexed) {
      const html = read(file);
      expect(html, file).toMatch(/<title>[^<]+<\/title>/);
      expect(html, file).toMatch(/<meta name="description" content="[^"]+"/);
      expect(html, file).toMatch(/<link rel="canonical" href="https:\/\/www\.schloss-storchenau\.de\//);
      expect(html, file).toMatch(/<meta property="og:title"/);
    }
  });

  it('paints no page before its top bar is parsed whole (docs/architecture.md)', () => {
    const all = [...pages, ...fg.sync('*/404.html', { cwd: dist })];
    expect(all.length).toBeGreaterThan(100);
    for (const file of all) {
      const html = read(file);
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, file).toContain('<link rel="expect" href="#footer" blocking="render"/>');
      expect(html.match(/ id="top"/g), file).toHaveLength(1);
    }
  });

  it('writes the menu page of each language with every menu entry, noindex and without canonical', () => {
    expect(MENU_PAGES).toEqual(['de/navigation/index.html', 'en/navigation/index.html']);
    for (const file of MENU_PAGES) {
      const html = read(file);
      expect(html, file).toMatch(/<title>(Menü|Menu) \| Schloss Storchenau/);
      expect(html, file).toContain('<meta name="robots" content="noindex"/>');
      expect(html, file).not.toContain('rel="canonical"');
      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
      expect(main.match(/data-menu-topic=/g), file).toHaveLength(8);
    }
    // The tower room is in the accommodation topic of the menu page, and in no other page's menu.
    const menu = read('de/navigation/index.html');
    expect(menu).toMatch(/<li data-menu-item=""><a class="menu-topic__link" href="\/de\/uebernachten\/turmzimmer\/">/);
    const home = read('de/index.html');
    expect(home).not.toContain('data-menu-item');
    expect(home).toMatch(/<a class="menu-toggle" href="\/de\/navigation\/"/);
  });

  it('publishes no unpublished item and never links the CMS host', () => {
    for (const file of pages) {
      const html = read(file);
      expect(html, file).not.toMatch(/127\.0\.0\.1/);
    }
  });

  it('lists every page exactly once in the sitemap, with absolute URLs and alternates', () => {
    const xml = read('sitemap.xml');
    const entries = new Map([...xml.matchAll(/<url>(.*?)<\/url>/gs)].map((match) => [/<loc>([^<]+)<\/loc>/.exec(match[1]!)![1]!, match[1]!]));
    expect(entries.size).toBe([...xml.matchAll(/<url>/g)].length);
    expect(entries.size).toBe(indexed.length);
    expect([...entries.keys()].filter((url) => url.includes('/navigation/'))).toEqual([]);
    expect([...entries.keys()].every((url) => url.startsWith('https://www.schloss-storchenau.de/'))).toBe(true);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const site = 'https://www.schloss-storchenau.de';
    expect(entries.get(`${site}/de/uebernachten/turmzimmer/`)).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${site}/en/accommodation/tower-room/"/>`);
    expect(entries.get(`${site}/de/veranstaltungen/`)).toContain('<changefreq>daily</changefreq>');
    expect(entries.get(`${site}/de/uebernachten/`)).toContain('<changefreq>weekly</changefreq>');
    expect(entries.get(`${site}/en/wellness/spatreatments/`)).toContain('<changefreq>daily</changefreq>');
  });

  it('points robots.txt to the sitemap and sends the root to /de/', () => {
    expect(read('robots.txt')).toContain('Sitemap: https://www.schloss-storchenau.de/sitemap.xml');
    expect(read('index.html')).toContain('url=/de/');
  });

  it('writes the not-found pages with their exact texts', () => {
    for (const file of ['404.html', 'de/404.html']) {
      const html = read(file);
      expect(html).toContain('Diese Seite konnte nicht gefunden werden');
      expect(html).toContain('Weiter zur Startseite');
      expect(html).toContain('404');
    }
    expect(read('en/404.html')).toContain('This page could not be found');
  });

  it('copies media into the site with content-hashed names and sizes on every image', () => {
    const media = fg.sync('media/*', { cwd: dist });
    expect(media.length).toBeGreaterThan(10);
    expect(media.every((file) => /\.[0-9a-f]{10}\.\w+$/.test(file))).toBe(true);
    const room = read('de/uebernachten/turmzimmer/index.html');
    for (const img of room.match(/<img [^>]*>/g) ?? []) {
      expect(img).toMatch(/width="\d+"/);
      expect(img).toMatch(/height="\d+"/);
    }
  });
});
