// Page titles fit search results (70 characters as written in the HTML, html-validate's long-title) and descriptions
// fall back from the CMS's meta description to the teaser, the text, and the site's description.
import { describe, expect, it } from 'vitest';
import type { Html } from '../../../site/content/types';
import type { Page, SiteContext } from '../../../site/render/page-model';
import { routeById } from '../../../site/routes/route-table';
import { pageDescription, pageTitle } from '../../../templates/pages/meta';
import de from '../../../locales/de.json';
import { item } from '../../helpers/items';

const site = { config: { hotel: { name: 'Schloss Storchenau — Hotel & Spa' } }, messages: de } as unknown as SiteContext;
const page = (extra: Partial<Page>): Page =>
  ({ kind: 'detail', locale: 'de', path: '/de/x', href: '/de/x/', route: null, item: null, items: [], alternates: {}, switchHref: '/en/', changefreq: 'weekly', lastmod: null, ...extra }) as Page;

describe('pageTitle', () => {
  it('names the page and the hotel', () => {
    expect(pageTitle(page({ item: item(1, 'de', 'accommodation', '/de/uebernachten/turm', { title: 'Turmzimmer' }) }), site)).toBe('Turmzimmer | Schloss Storchenau — Hotel & Spa');
    expect(pageTitle(page({ kind: 'list', route: routeById('events')! }), site)).toBe('Veranstaltungen | Schloss Storchenau — Hotel & Spa');
  });

  it('shortens the hotel name, then the page name, to stay within 70 characters of HTML', () => {
    const long = "Potsdam's palaces and gardens";
    expect(pageTitle(page({ item: item(1, 'de', 'accommodation', '/de/a', { title: long }) }), site)).toBe(`${long} | Schloss Storchenau`);
    const longer = 'Schloss-Auszeit: drei Nächte Halbpension, Spa und eine Kutschfahrt durch das Havelland';
    const title = pageTitle(page({ item: item(1, 'de', 'packages_and_special_offers', '/de/b', { title: longer }) }), site);
    expect(title.length).toBeLessThanOrEqual(70);
    expect(title.endsWith('…')).toBe(true);
  });

  it('titles the 404 page with the SPEC text', () => {
    expect(pageTitle(page({ kind: 'not-found' }), site)).toBe('Diese Seite konnte nicht gefunden werden | Schloss Storchenau');
  });
});

describe('pageDescription', () => {
  it('falls back from meta description to teaser to the text to the site description', () => {
    const base = item(1, 'de', 'page', '/de/p');
    expect(pageDescription(page({ item: { ...base, metaDescription: 'Meta', teaser: 'Teaser' } }), site)).toBe('Meta');
    expect(pageDescription(page({ item: { ...base, teaser: 'Teaser' } }), site)).toBe('Teaser');
    expect(pageDescription(page({ item: { ...base, body: '<p>Erster&nbsp;Satz.</p><p>Zweiter &amp; letzter.</p>' as Html } }), site)).toBe('Erster Satz. Zweiter & letzter.');
    expect(pageDescription(page({}), site)).toBe(de.site.description);
  });
});
