// site/output/sitemap.ts: the sitemap lists the pages search engines should index, from the same
// route map the pages came from — not the not-found pages, not the menu page (docs/menu.md).
import { describe, expect, it } from 'vitest';
import { sitemapItems } from '../../../site/output/sitemap';
import { buildRouteMap } from '../../../site/routes/route-map';
import { FIXED_ROUTES } from '../../../site/routes/route-table';
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
