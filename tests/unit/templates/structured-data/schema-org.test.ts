// The schema.org nodes carry what each type requires (schema.org definitions; Google's rich-result
// requirements, docs/structured-data.md) and leave out what the content does not state.
import { describe, expect, it } from 'vitest';
import site from '../../../../site.config';
import { breadcrumbNode, eventNode, faqNode, graph, hotelNode, organizationNode } from '../../../../templates/structured-data/schema-org';
import { htmlText } from '../../../../templates/structured-data/html-text';

const hotel = site.hotel;
const URL = 'https://hotel.example';

describe('schema.org nodes', () => {
  it('Hotel: name, address, phone, e-mail, geo, images, price range, amenities, its operator', () => {
    const node = hotelNode(hotel, URL, { url: `${URL}/en/`, description: 'A castle.', images: [`${URL}/media/a.svg`], priceRange: '€119–€389', amenities: ['Pool', 'Free Wi-Fi'] });
    expect(node).toMatchObject({
      '@type': 'Hotel',
      name: hotel.name,
      url: `${URL}/en/`,
      address: { '@type': 'PostalAddress', streetAddress: hotel.address.street, postalCode: hotel.address.postalCode, addressLocality: hotel.address.city, addressCountry: hotel.address.country },
      telephone: hotel.phone,
      email: hotel.email,
      geo: { '@type': 'GeoCoordinates', latitude: hotel.geo!.latitude, longitude: hotel.geo!.longitude },
      image: [`${URL}/media/a.svg`],
      priceRange: '€119–€389',
      amenityFeature: [
        { '@type': 'LocationFeatureSpecification', name: 'Pool', value: true },
        { '@type': 'LocationFeatureSpecification', name: 'Free Wi-Fi', value: true },
      ],
      parentOrganization: { '@id': `${URL}/#organization` },
    });
  });

  it('Hotel: no geo, image or price range is claimed where config and content have none', () => {
    const node = hotelNode({ ...hotel, geo: undefined }, URL, { url: `${URL}/de/`, description: '', images: [], priceRange: null, amenities: [] });
    expect(node).not.toHaveProperty('geo');
    expect(node).not.toHaveProperty('image');
    expect(node).not.toHaveProperty('priceRange');
  });

  it('Organization: the sister hotels and the social profiles', () => {
    const node = organizationNode(hotel, URL, `${URL}/favicon.svg`);
    expect(node['@id']).toBe(`${URL}/#organization`);
    expect(node.sameAs).toEqual(hotel.social.map((profile) => profile.url));
    expect(node.subOrganization).toEqual(hotel.sisterHotels.map((sister) => ({ '@type': 'Hotel', name: sister.name, url: sister.url })));
    expect(node).toMatchObject({ '@type': 'Organization', name: hotel.name, url: `${URL}/`, logo: `${URL}/favicon.svg` });
  });

  it('BreadcrumbList: positions from 1, each with name and URL', () => {
    expect(breadcrumbNode([{ name: 'Home', url: `${URL}/en/` }, { name: 'Rooms', url: `${URL}/en/accommodation/` }])).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${URL}/en/` },
        { '@type': 'ListItem', position: 2, name: 'Rooms', item: `${URL}/en/accommodation/` },
      ],
    });
  });

  it('Event: name, start, end, and the hotel with its address as the place', () => {
    const node = eventNode(hotel, URL, { name: 'Concert', url: `${URL}/en/events/concert/`, description: 'Music.', images: [], startDate: '2026-12-05T18:30:00.000Z', endDate: null });
    expect(node).toMatchObject({ '@type': 'Event', name: 'Concert', startDate: '2026-12-05T18:30:00.000Z', location: { '@type': 'Hotel', name: hotel.name, address: { '@type': 'PostalAddress' } } });
    expect(node).not.toHaveProperty('endDate');
    expect(node).not.toHaveProperty('image');
  });

  it('FAQPage: every question with its accepted answer', () => {
    expect(faqNode([{ question: 'Pets?', answer: '<p>Dogs welcome.</p>' }])).toEqual({
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'Pets?', acceptedAnswer: { '@type': 'Answer', text: '<p>Dogs welcome.</p>' } }],
    });
  });

  it('graph: one @context for all nodes', () => {
    expect(graph([{ '@type': 'Thing' }])).toEqual({ '@context': 'https://schema.org', '@graph': [{ '@type': 'Thing' }] });
  });
});

describe('htmlText', () => {
  it('decodes entities once and drops tags', () => {
    expect(htmlText('Can I bring <em>my dog</em> &amp; cat&#x3F; &lt;b&gt;')).toBe('Can I bring my dog & cat? <b>');
  });
});
