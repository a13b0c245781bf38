// site/output/sitemap.ts: the sitemap lists the pages search engines should index, from the same
// route map the pages came from — not the not-found pages, not the menu page (docs/menu.md) — and
// writes them as the sitemap protocol wants: one urlset, or numbered ones under an index.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sitemapEntries, sitemapItems, writeSitemap, type WrittenUrlset } from '../../../site/output/sitemap';
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

describe('sitemapEntries', () => {
  const pagesOf = (title: string, changed: number) => {
    const de = { ...item(1, 'de', 'accommodation', '/de/uebernachten/turm'), title, changed };
    return buildRouteMap(byLocale([de, item(1, 'en', 'accommodation', '/en/accommodation/tower')]), ['de', 'en']).pages;
  };

  it('keeps its key when only what the pages show changed, and moves it with a URL, a lastmod or the site URL', () => {
    const { key, keys } = sitemapEntries(pagesOf('Turm', 1_700_000_000), SITE);
    expect(sitemapEntries(pagesOf('Turmzimmer', 1_700_000_000), SITE).key).toBe(key);
    const later = sitemapEntries(pagesOf('Turm', 1_800_000_000), SITE);
    expect(later.key).not.toBe(key);
    // Only the entries whose lastmod moved (the room's page, the list that shows it) have other keys.
    const moved = later.items.filter((_, index) => later.keys[index] !== keys[index]).map((entry) => entry.url);
    expect(moved).toContain(`${SITE}/de/uebernachten/turm/`);
    expect(moved.length).toBeLessThan(later.items.length / 2);
    expect(moved.filter((url) => !url.startsWith(`${SITE}/de/`))).toEqual([]);
    expect(sitemapEntries(pagesOf('Turm', 1_700_000_000), 'https://example.org').key).not.toBe(key);
    const renamed = buildRouteMap(byLocale([item(1, 'de', 'accommodation', '/de/uebernachten/turm-neu'), item(1, 'en', 'accommodation', '/en/accommodation/tower')]), ['de', 'en']).pages;
    expect(sitemapEntries(renamed, SITE).key).not.toBe(key);
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
      expect((await writeSitemap(dir, sitemapEntries(pages, SITE), SITE)).files).toEqual(['sitemap.xml']);
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
      expect((await writeSitemap(dir, sitemapEntries(pages, SITE), SITE)).files).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml']);
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
  describe('again, from the previous urlset', () => {
    const pagesOf = (items: ReturnType<typeof item>[]) => buildRouteMap(byLocale(items), ['de', 'en']).pages;
    const rooms = (count: number, changed: (i: number) => number) =>
      Array.from({ length: count }, (_, i) => ({ ...item(200 + i, 'de', 'accommodation', `/de/uebernachten/zimmer-${i}`), changed: changed(i) }));
    const base = rooms(6, () => 1_700_000_000);

    async function written(pages: ReturnType<typeof pagesOf>, previous: WrittenUrlset | null): Promise<{ xml: string; urlset: WrittenUrlset | null }> {
      const dir = await mkdtemp(join(tmpdir(), 'hotel-site-sitemap-'));
      try {
        const { urlset } = await writeSitemap(dir, sitemapEntries(pages, SITE), SITE, previous);
        return { xml: await readFile(join(dir, 'sitemap.xml'), 'utf8'), urlset };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }

    it('gives the very bytes of a write from scratch, whatever moved', async () => {
      const before = await written(pagesOf(base), null);
      expect(before.urlset?.xml).toBe(before.xml);
      const afters = [
        rooms(6, (i) => (i === 3 ? 1_800_000_000 : 1_700_000_000)),
        rooms(6, (i) => (i === 0 ? 1_800_000_000 : 1_700_000_000)),
        base.filter((_, i) => i !== 2),
        [...base, { ...item(299, 'de', 'accommodation', '/de/uebernachten/neu'), changed: 1_750_000_000 }],
        [...base].reverse(),
        rooms(6, () => 1_900_000_000),
      ];
      for (const after of afters) {
        const spliced = await written(pagesOf(after), before.urlset);
        expect(spliced.xml).toBe((await written(pagesOf(after), null)).xml);
      }
    });

    it('takes the elements of entries that did not move from the previous text, and writes the others', async () => {
      const before = await written(pagesOf(base), null);
      const marked = { xml: before.xml.replaceAll('<changefreq>', '<changefreq >'), keys: before.urlset!.keys };
      const after = await written(pagesOf(rooms(6, (i) => (i === 3 ? 1_800_000_000 : 1_700_000_000))), marked);
      const fromScratch = (await written(pagesOf(rooms(6, (i) => (i === 3 ? 1_800_000_000 : 1_700_000_000))), null)).xml;
      const freshElements = after.xml.split('</url>').filter((element) => element.includes('<changefreq>'));
      // Written again: the first element (it carries the urlset's head) and those whose lastmod moved.
      expect(freshElements.length).toBeGreaterThan(1);
      expect(freshElements.length).toBeLessThan(fromScratch.split('</url>').length / 2);
      expect(freshElements.some((element) => element.includes('/de/uebernachten/zimmer-3/'))).toBe(true);
      expect(after.xml.replaceAll('<changefreq >', '<changefreq>')).toBe(fromScratch);
    });

    it('does not use a previous text that does not hold one element per key', async () => {
      const before = await written(pagesOf(base), null);
      const after = pagesOf(rooms(6, (i) => (i === 3 ? 1_800_000_000 : 1_700_000_000)));
      const fromScratch = (await written(after, null)).xml;
      const damaged = [
        { xml: before.xml.replace('</url>', ''), keys: before.urlset!.keys },
        { xml: before.xml.slice(0, -20), keys: before.urlset!.keys },
        { xml: before.xml, keys: before.urlset!.keys.slice(1) },
        { xml: '', keys: before.urlset!.keys },
      ];
      for (const previous of damaged) expect((await written(after, previous)).xml).toBe(fromScratch);
    });
  });
});
