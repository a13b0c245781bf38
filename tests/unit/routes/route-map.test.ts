import { describe, expect, it } from 'vitest';
import { buildRouteMap } from '../../../site/routes/route-map';
import { isIndexable } from '../../../site/model/page-model';
import { FIXED_ROUTES } from '../../../site/model/route-table';
import { byLocale, item } from '../../helpers/items';

const locales = ['de', 'en'] as const;

describe('route map', () => {
  it('has every fixed route in both languages, and the not-found pages', () => {
    const { pages } = buildRouteMap(byLocale([]), locales);
    for (const route of FIXED_ROUTES) {
      expect(pages.find((page) => page.href === `${route.paths.de}/`.replace('//', '/'))).toBeDefined();
      expect(pages.find((page) => page.href === `${route.paths.en}/`)).toBeDefined();
    }
    expect(pages.filter((page) => page.kind === 'not-found').map((page) => page.href)).toEqual(['/404.html', '/de/404.html', '/en/404.html']);
    expect(pages.find((page) => page.href === '/de/Pressemeldungen/')?.route?.id).toBe('pressreleases');
  });

  it('gives each published item a detail page with alternates to its translation', () => {
    const { pages } = buildRouteMap(byLocale([
      item(1, 'de', 'accommodation', '/de/uebernachten/turmzimmer'),
      item(1, 'en', 'accommodation', '/en/accommodation/tower-room'),
      item(2, 'de', 'accommodation', '/de/uebernachten/kaminsuite'),
    ]), locales);
    const tower = pages.find((page) => page.href === '/de/uebernachten/turmzimmer/')!;
    expect(tower.kind).toBe('detail');
    expect(tower.alternates).toEqual({ de: '/de/uebernachten/turmzimmer/', en: '/en/accommodation/tower-room/' });
    expect(tower.switchHref).toBe('/en/accommodation/tower-room/');
    expect(tower.changefreq).toBe('weekly');
    const untranslated = pages.find((page) => page.href === '/de/uebernachten/kaminsuite/')!;
    expect(untranslated.alternates).toEqual({ de: '/de/uebernachten/kaminsuite/' });
    // Without a translation the switch goes to the other language's list of the type.
    expect(untranslated.switchHref).toBe('/en/accommodation/');
  });

  it('publishes a nid that comes twice once, reports the other and never links it', () => {
    const events = item(7, 'de', 'events', '/de/veranstaltungen/sommerfest');
    const sports = item(7, 'de', 'sports', '/de/sports/tennis');
    const { pages, problems, linkable } = buildRouteMap(byLocale([events, sports]), locales);
    const details = pages.filter((page) => page.kind === 'detail');
    expect(details.map((page) => page.href)).toEqual(['/de/veranstaltungen/sommerfest/']);
    expect(problems).toEqual([expect.objectContaining({ nid: 7, path: '/de/sports/tennis', message: expect.stringContaining('came twice') })]);
    expect(linkable.get('de')!.get('sports')).toEqual([]);
    expect(linkable.get('de')!.get('events')).toEqual([events]);
    expect(pages.find((page) => page.href === '/de/sports/')!.items).toEqual([]);
  });

  it('lists items on their list route in the given (CMS) order', () => {
    const { pages } = buildRouteMap(byLocale([item(5, 'de', 'events', '/de/veranstaltungen/b'), item(3, 'de', 'events', '/de/veranstaltungen/a')]), locales);
    const list = pages.find((page) => page.href === '/de/veranstaltungen/')!;
    expect(list.items.map((entry) => entry.nid)).toEqual([5, 3]);
    expect(list.changefreq).toBe('daily');
  });

  it('uses the CMS node at a fixed route path as that page text, not as a second page', () => {
    const { pages } = buildRouteMap(byLocale([item(9, 'de', 'legal_pages', '/de/AGB'), item(10, 'de', 'page', '/de')]), locales);
    expect(pages.find((page) => page.href === '/de/agb/')!.item?.nid).toBe(9);
    expect(pages.find((page) => page.href === '/de/')!.item?.nid).toBe(10);
    expect(pages.filter((page) => page.item?.nid === 9)).toHaveLength(1);
  });

  it('reports two items sharing a path with both nids and publishes only the first', () => {
    const { pages, problems, linkable } = buildRouteMap(byLocale([
      item(7, 'de', 'sports', '/de/sports/golf'),
      item(4, 'de', 'sports', '/de/Sports/Golf'),
    ]), locales);
    expect(pages.filter((page) => page.path.toLowerCase() === '/de/sports/golf')).toHaveLength(1);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain('nid 7');
    expect(problems[0]!.message).toContain('nid 4');
    expect(linkable.get('de')!.get('sports')!.map((entry) => entry.nid)).toEqual([4]);
  });

  it('lets no room or event take over a list route (its heading and title), and says so', () => {
    const { pages, problems } = buildRouteMap(byLocale([item(517, 'de', 'accommodation', '/de/uebernachten'), item(3, 'de', 'accommodation', '/de/uebernachten/turm')]), locales);
    const list = pages.find((page) => page.href === '/de/uebernachten/')!;
    expect(list.item).toBeNull();
    expect(list.items.map((entry) => entry.nid)).toEqual([3]);
    expect(problems.map((problem) => problem.message)).toEqual([expect.stringMatching(/nid 517: \/de\/uebernachten is the site's accommodation page, which a accommodation item cannot be/)]);
  });

  it('never lets an item take the not-found page', () => {
    const { pages, problems } = buildRouteMap(byLocale([item(8, 'de', 'page', '/de/404.html')]), locales);
    expect(pages.filter((page) => page.href === '/de/404.html')).toHaveLength(1);
    expect(problems[0]!.message).toContain('reserved');
  });

  it('gives the full menu a page in each language, linked to its translation and kept out of search', () => {
    const { pages } = buildRouteMap(byLocale([]), locales);
    const menus = pages.filter((page) => page.kind === 'menu');
    expect(menus.map((page) => [page.locale, page.href])).toEqual([['de', '/de/navigation/'], ['en', '/en/navigation/']]);
    expect(menus[0]!.alternates).toEqual({ de: '/de/navigation/', en: '/en/navigation/' });
    expect(menus[0]!.switchHref).toBe('/en/navigation/');
    expect(menus[1]!.switchHref).toBe('/de/navigation/');
    expect(menus.some(isIndexable)).toBe(false);
    expect(pages.filter((page) => page.kind === 'list').every(isIndexable)).toBe(true);
  });

  it('never lets an item take the menu page, whatever its type or case, and says so', () => {
    const { pages, problems, linkable } = buildRouteMap(byLocale([
      item(21, 'de', 'page', '/de/Navigation'),
      item(22, 'en', 'courses_and_menus', '/en/navigation'),
      item(23, 'de', 'page', '/de/navigation/anfahrt'),
    ]), locales);
    expect(pages.filter((page) => page.path.toLowerCase() === '/de/navigation').map((page) => page.kind)).toEqual(['menu']);
    expect(pages.filter((page) => page.path === '/en/navigation').map((page) => page.kind)).toEqual(['menu']);
    expect(problems.map((problem) => [problem.nid, problem.keptBy])).toEqual([[21, 'menu'], [22, 'menu']]);
    expect(problems[0]!.message).toMatch(/nid 21: \/de\/Navigation is reserved for the site's menu page; nid 21 was not published/);
    expect(linkable.get('en')!.get('courses_and_menus')).toEqual([]);
    // Below it is an ordinary path.
    expect(pages.find((page) => page.href === '/de/navigation/anfahrt/')?.item?.nid).toBe(23);
  });

  it('gives notifications no page', () => {
    const { pages } = buildRouteMap(byLocale([item(11, 'de', 'notifications', '/de/node/11')]), locales);
    expect(pages.find((page) => page.item?.nid === 11)).toBeUndefined();
  });
});
