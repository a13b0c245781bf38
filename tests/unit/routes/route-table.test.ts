import { describe, expect, it } from 'vitest';
import { FIXED_ROUTES, MENU_ROUTE, MENU_TOPICS, changefreqOf, listRouteOf, routeById, routeForSublist } from '../../../site/model/route-table';

describe('route table', () => {
  it('holds the 22 fixed routes, each under its language prefix', () => {
    expect(FIXED_ROUTES).toHaveLength(22);
    for (const route of FIXED_ROUTES) {
      expect(route.paths.de === '/de' || route.paths.de.startsWith('/de/')).toBe(true);
      expect(route.paths.en === '/en' || route.paths.en.startsWith('/en/')).toBe(true);
    }
    expect(new Set(FIXED_ROUTES.map((route) => route.paths.de.toLowerCase())).size).toBe(22);
  });

  it('keeps the published paths exactly, including /de/Pressemeldungen', () => {
    expect(listRouteOf('press_releases')?.paths).toEqual({ de: '/de/Pressemeldungen', en: '/en/pressreleases' });
    expect(listRouteOf('spa_treatments')?.paths).toEqual({ de: '/de/wellness/spabehandlung', en: '/en/wellness/spatreatments' });
    expect(listRouteOf('accommodation')?.paths).toEqual({ de: '/de/uebernachten', en: '/en/accommodation' });
  });

  it('sets sitemap change frequencies per route and content type', () => {
    for (const type of ['spa_treatments', 'events', 'highlights', 'courses_and_menus', 'packages_and_special_offers', 'careers'] as const) expect(changefreqOf(type)).toBe('daily');
    for (const type of ['accommodation', 'restaurants_bars', 'wellness', 'aboutus', 'page'] as const) expect(changefreqOf(type)).toBe('weekly');
  });

  it('resolves sublist values by route name or path segment in either language', () => {
    expect(routeForSublist('careers')?.id).toBe('careers');
    expect(routeForSublist('karriere')?.id).toBe('careers');
    expect(routeForSublist('Press Releases')?.id).toBe('pressreleases');
    expect(routeForSublist('spa treatments')?.id).toBe('spatreatments');
    expect(routeForSublist('')).toBeUndefined();
    expect(routeForSublist('unknown')).toBeUndefined();
  });

  it('has the eight menu topics in order', () => {
    expect(MENU_TOPICS.map((topic) => topic.routeId)).toEqual([
      'accommodation', 'restaurantsandbars', 'meetingsandcelebrations', 'wellness', 'events', 'sports', 'specialoffers', 'aboutus',
    ]);
  });

  it('keeps the menu page beside the fixed routes, on a path of its own that no sublist value reaches', () => {
    expect(FIXED_ROUTES).not.toContain(MENU_ROUTE);
    expect(routeById('menu')).toBe(MENU_ROUTE);
    expect(MENU_ROUTE.paths).toEqual({ de: '/de/navigation', en: '/en/navigation' });
    // Neither the same path as a fixed route nor inside one (a list's detail pages live there), nor
    // the other way round; only the language's home is above it.
    for (const route of FIXED_ROUTES.filter((candidate) => candidate.id !== 'home')) {
      for (const locale of ['de', 'en'] as const) {
        const [path, menu] = [route.paths[locale].toLowerCase(), MENU_ROUTE.paths[locale]];
        expect([path === menu, path.startsWith(`${menu}/`), menu.startsWith(`${path}/`)], route.id).toEqual([false, false, false]);
      }
    }
    expect(routeForSublist('navigation')).toBeUndefined();
    expect(routeForSublist('menu')).toBeUndefined();
  });
});
