// schema.org JSON-LD as search engines read it (docs/structured-data.md): Chromium loads one page of
// every template in both languages and parses each <script type="application/ld+json"> the page
// holds; every type carries the properties schema.org and Google's rich results require, and the
// BreadcrumbList repeats the trail the hero shows, ending at the page itself.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import site from '../../../site.config';
import { hasChromium, launchBrowser } from '../../helpers/browser';
import { openTab, routePath, serveSite, type SiteServer } from '../widgets/harness';
import { detailPages, fixedRoutePages, notFoundPages } from './pages';

const dist = inject('fixtureSite');
type Thing = Record<string, any>;

/** The nodes of every JSON-LD block on the page, and what the hero shows as trail and title. */
async function readPage(page: Page): Promise<{ nodes: Thing[]; crumbs: { name: string; url: string }[]; title: string }> {
  return page.evaluate(() => {
    const nodes = [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap((script) => {
      const data = JSON.parse(script.textContent!);
      if (data['@context'] !== 'https://schema.org') throw new Error(`@context ${data['@context']}`);
      return data['@graph'];
    });
    const crumbs = [...document.querySelectorAll('.crumbs a')].map((link) => ({ name: link.textContent!.trim(), url: (link as HTMLAnchorElement).href }));
    return { nodes, crumbs, title: document.querySelector('h1')!.textContent!.trim() };
  });
}

const ofType = (nodes: Thing[], type: string) => nodes.filter((node) => node['@type'] === type);
const absolute = (path: string) => `${site.siteUrl}${path}`;

function expectAddress(address: Thing): void {
  expect(address).toEqual({
    '@type': 'PostalAddress',
    streetAddress: site.hotel.address.street,
    postalCode: site.hotel.address.postalCode,
    addressLocality: site.hotel.address.city,
    addressCountry: site.hotel.address.country,
  });
}

describe.skipIf(!hasChromium)('structured data (schema.org JSON-LD)', () => {
  let browser: Browser;
  let server: SiteServer;
  let tab: Awaited<ReturnType<typeof openTab>>;
  const visit = async (path: string) => {
    await tab.page.goto(server.url + path);
    const read = await readPage(tab.page);
    // The trail's links are site-relative; the structured data names the published URLs.
    read.crumbs = read.crumbs.map((crumb) => ({ ...crumb, url: absolute(new URL(crumb.url).pathname) }));
    return read;
  };

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), serveSite(dist)]);
    tab = await openTab(browser, { javaScriptEnabled: false });
  });
  afterAll(async () => {
    await tab?.close();
    await Promise.all([browser?.close(), server?.close()]);
  });

  for (const locale of ['de', 'en'] as const) {
    it(`${locale} home: Hotel with address, phone, e-mail, geo, images, price range and amenities; Organization with sister hotels and social profiles`, async () => {
      const { nodes } = await visit(routePath('home', locale));
      const [hotel] = ofType(nodes, 'Hotel');
      expect(hotel).toBeDefined();
      expect(hotel!.name).toBe(site.hotel.name);
      expect(hotel!.url).toBe(absolute(`/${locale}/`));
      expectAddress(hotel!.address);
      expect(hotel!.telephone).toBe(site.hotel.phone);
      expect(hotel!.email).toBe(site.hotel.email);
      expect(hotel!.geo).toEqual({ '@type': 'GeoCoordinates', latitude: site.hotel.geo!.latitude, longitude: site.hotel.geo!.longitude });
      expect(hotel!.image.length).toBeGreaterThan(0);
      for (const image of hotel!.image) expect(image).toMatch(new RegExp(`^${site.siteUrl}/media/`));
      expect(hotel!.priceRange).toMatch(locale === 'de' ? /^\d[\d.]*\s€–\d[\d.]*\s€$/ : /^€\d[\d,]*–€\d[\d,]*$/);
      expect(hotel!.amenityFeature.length).toBeGreaterThan(3);
      for (const amenity of hotel!.amenityFeature) expect(amenity).toEqual({ '@type': 'LocationFeatureSpecification', name: expect.any(String), value: true });
      expect(hotel!.amenityFeature.map((amenity: Thing) => amenity.name)).toContain(locale === 'de' ? 'Kostenfreies WLAN' : 'Free Wi-Fi');

      const [organization] = ofType(nodes, 'Organization');
      expect(organization).toBeDefined();
      expect(hotel!.parentOrganization).toEqual({ '@id': organization!['@id'] });
      expect(organization!.name).toBe(site.hotel.name);
      expect(organization!.url).toBe(absolute('/'));
      expect(organization!.logo).toMatch(/^https:\/\//);
      expect(organization!.sameAs).toEqual(site.hotel.social.map((profile) => profile.url));
      expect(organization!.subOrganization).toEqual(site.hotel.sisterHotels.map((sister) => ({ '@type': 'Hotel', name: sister.name, url: sister.url })));
      expect(ofType(nodes, 'BreadcrumbList')).toEqual([]);
    });
  }

  it('every template: a BreadcrumbList exactly where the hero shows a trail, ending at the page itself', async () => {
    const pages = [...fixedRoutePages(), ...detailPages(dist), { name: 'Detail en', path: '/en/accommodation/' }];
    expect(pages.length).toBeGreaterThan(15);
    let withTrail = 0;
    for (const { name, path } of pages) {
      const { nodes, crumbs, title } = await visit(path);
      const lists = ofType(nodes, 'BreadcrumbList');
      if (crumbs.length === 0) {
        expect(lists, name).toEqual([]);
        continue;
      }
      withTrail++;
      expect(lists, name).toHaveLength(1);
      const expected = [...crumbs, { name: title, url: absolute(new URL(tab.page.url()).pathname) }];
      expect(lists[0]!.itemListElement, name).toEqual(expected.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })));
    }
    expect(withTrail).toBeGreaterThan(10);
    for (const { path } of notFoundPages()) expect((await visit(path)).nodes).toEqual([]);
  });

  for (const locale of ['de', 'en'] as const) {
    it(`${locale} event page: Event with start and end, the hotel as its place`, async () => {
      const eventPath = detailPages(dist).find((page) => page.name === 'Detail events')!.path;
      const path = locale === 'de' ? eventPath : (await tab.page.goto(server.url + eventPath), await tab.page.locator('link[hreflang="en"]').getAttribute('href'))!.replace(site.siteUrl, '');
      const { nodes, title } = await visit(path);
      const [event] = ofType(nodes, 'Event');
      expect(event).toBeDefined();
      expect(event!.name).toBe(title);
      expect(event!.url).toBe(absolute(path));
      expect(event!.startDate).toMatch(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2}))?$/);
      expect(Date.parse(event!.endDate)).toBeGreaterThanOrEqual(Date.parse(event!.startDate));
      expect(event!.location).toMatchObject({ '@type': 'Hotel', name: site.hotel.name });
      expectAddress(event!.location.address);
      expect(event!.eventAttendanceMode).toBe('https://schema.org/OfflineEventAttendanceMode');
      expect(event!.description.length).toBeGreaterThan(0);
    });

    it(`${locale} FAQ: FAQPage with every question of the accordion and its answer`, async () => {
      await tab.page.goto(server.url + routePath('faq', locale));
      const questions = await tab.page.locator('.faq__question').allTextContents();
      const answers = await tab.page.locator('.faq__answer').allTextContents();
      expect(questions.length).toBeGreaterThan(2);
      const { nodes } = await readPage(tab.page);
      const [faq] = ofType(nodes, 'FAQPage');
      expect(faq).toBeDefined();
      expect(faq!.mainEntity.map((entry: Thing) => entry.name)).toEqual(questions.map((question) => question.trim()));
      faq!.mainEntity.forEach((entry: Thing, index: number) => {
        expect(entry['@type']).toBe('Question');
        expect(entry.acceptedAnswer['@type']).toBe('Answer');
        // The answer is the accordion's HTML; its text is what the page shows.
        const text = entry.acceptedAnswer.text.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();
        expect(text.length).toBeGreaterThan(0);
        expect(answers[index]!.replace(/\s+/g, ' ').trim()).toContain(text.slice(0, 40));
      });
    });
  }
});
