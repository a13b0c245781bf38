// site/output/sitemap.ts: the sitemap lists the pages search engines should index, from the same
// route map the pages came from — not the not-found pages, not the menu page (docs/menu.md) — and
// writes them as the sitemap protocol wants: one urlset, or numbered ones under an index.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sitemapItems, sitemapKey, writeSitemap } from '../../../site/output/sitemap';
import { buildRouteMap } from '../../../site/routes/route-map';
import { FIXED_ROUTES } from '../../../site/model/route-table';
import { byLocale, item } from '../../helpers/items';

const SITE = 'https://www.example.com';

describe('sitemapItems', () => {
  const { pages } = buildRouteMap(byLocale([item(1, 'de', 'accommodation', '/de/uebernachten/turm'), item(1, 'en', 'accommodation', '/en/accommodation/tower')]), ['de', 'en']);
  const urls = sitemapItems(pages, SITE).map((entry) => entry.url);

  it('lists every fixed route and detail page once, as absolute URLs', () => {
    expect(urls).toHaveLength(2 * FIXED_ROUTES.length + 2);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toContain(`${SITE}/de/uebernachten/turm/`);
    expect(urls).toContain(`${SITE}/en/accommodation/`);
  });

  it('leaves out the menu pages and the not-found pages', () => {
    expect(urls.filter((url) => /\/navigation\/|404\.html/.test(url))).toEqual([]);
  });
});

describe('sitemapKey', () => {
  const pagesOf = (title: string, changed: number) => {
    const de = { ...item(1, 'de', 'accommodation', '/de/uebernachten/turm'), title, changed };
    return buildRouteMap(byLocale([de, item(1, 'en', 'accommodation', '/en/accommodation/tower')]), ['de', 'en']).pages;
  };

  it('stays when only what the pages show changed, and moves with a URL, a lastmod or the site URL', () => {
    const key = sitemapKey(sitemapItems(pagesOf('Turm', 1_700_000_000), SITE));
    expect(sitemapKey(sitemapItems(pagesOf('Turmzimmer', 1_700_000_000), SITE))).toBe(key);
    expect(sitemapKey(sitemapItems(pagesOf('Turm', 1_800_000_000), SITE))).not.toBe(key);
    expect(sitemapKey(sitemapItems(pagesOf('Turm', 1_700_000_000), 'https://example.org'))).not.toBe(key);
    const moved = buildRouteMap(byLocale([item(1, 'de', 'accommodation', '/de/uebernachten/turm-neu'), item(1, 'en', 'accommodation', '/en/accommodation/tower')]), ['de', 'en']).pages;
    expect(sitemapKey(sitemapItems(moved, SITE))).not.toBe(key);
  });
});

describe('writeSitemap', () => {
  const detailPages = (count: number) => {
    const items = Array.from({ length: count }, (_, i) => item(100_000 + i, 'de', 'accommodation', `/de/uebernachten/zimmer-${i}`));
    return buildRouteMap(byLocale(items), ['de', 'en']).pages;
  };
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

  it('writes one urlset with every indexable page, its lastmod and its alternates', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hotel-site-sitemap-'));
    try {
      const pages = detailPages(3);
      expect(await writeSitemap(dir, sitemapItems(pages, SITE), SITE)).toEqual(['sitemap.xml']);
      const xml = await readFile(join(dir, 'sitemap.xml'), 'utf8');
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><urlset /);
      expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
      expect(locs(xml)).toEqual(sitemapItems(pages, SITE).map((entry) => entry.url));
      expect(xml).toContain(`<loc>${SITE}/de/uebernachten/zimmer-2/</loc>`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('splits more than 45,000 URLs into numbered sitemaps under an index', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hotel-site-sitemap-'));
    try {
      const pages = detailPages(45_001);
      const expected = sitemapItems(pages, SITE).map((entry) => entry.url);
      expect(await writeSitemap(dir, sitemapItems(pages, SITE), SITE)).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml']);
      const index = await readFile(join(dir, 'sitemap.xml'), 'utf8');
      expect(index).toContain('<sitemapindex');
      expect(locs(index)).toEqual([`${SITE}/sitemap-1.xml`, `${SITE}/sitemap-2.xml`]);
      const first = locs(await readFile(join(dir, 'sitemap-1.xml'), 'utf8'));
      const second = locs(await readFile(join(dir, 'sitemap-2.xml'), 'utf8'));
      expect(first).toHaveLength(45_000);
      expect([...first, ...second]).toEqual(expected);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
