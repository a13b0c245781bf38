// Page titles fit search results (70 characters as written in the HTML, html-validate's long-title) and descriptions
// fall back from the CMS's meta description to the teaser, the text, and the site's description.
import { describe, expect, it } from 'vitest';
import type { Html } from '../../../site/model/content-types';
import type { Page, SiteContext } from '../../../site/model/page-model';
import { routeById } from '../../../site/model/route-table';
import { pageDescription, pageTitle } from '../../../templates/pages/meta';
import de from '../../../locales/de.json';
import { expectNearLinear } from '../../helpers/growth';
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

  it('titles the 404 page with its exact text', () => {
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

describe('untrusted text of any length', () => {
  const titled = (title: string) => page({ item: item(1, 'de', 'page', '/de/p', { title }) });

  it('shortens a one-word title in time that grows with the title at most linearly', async () => {
    await expectNearLinear(16_000, (n) => titled('ü'.repeat(n)), (p) => pageTitle(p, site));
    const title = pageTitle(titled('x'.repeat(160_000)), site);
    expect(title).toBe(`${'x'.repeat(69)}…`);
  });

  it('gives a 10 MB title and a 10 MB body their short forms without stalling', () => {
    const started = performance.now();
    const words = 'Wort '.repeat(2_000_000);
    expect(pageTitle(titled(words), site).length).toBeLessThanOrEqual(70);
    const body = `<p>${'&amp; '.repeat(1_700_000)}</p>` as Html;
    const description = pageDescription(page({ item: { ...item(1, 'de', 'page', '/de/p'), body } }), site);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.startsWith('& & &')).toBe(true);
    // A stall guard, not a speed target (`npm run bench` has those): work quadratic in 10 MB
    // would take minutes.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('never cuts a character in half', () => {
    const title = pageTitle(titled('🏰'.repeat(100)), site);
    expect(title.endsWith('…')).toBe(true);
    expect(title).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
