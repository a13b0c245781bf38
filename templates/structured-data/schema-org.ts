// schema.org nodes for the JSON-LD of the pages (what search engines show as rich results). Pure:
// values in, plain objects out; templates/structured-data/StructuredData.tsx gathers the values.
// Properties follow the types' definitions on schema.org and what Google's rich results require
// (docs/structured-data.md lists them per type).
import type { HotelFacts } from '../../site/model/site-settings';

export type Thing = Record<string, unknown>;

export const CONTEXT = 'https://schema.org';

/** Stable node ids, so the nodes of one page can refer to each other. */
export const ids = {
  organization: (siteUrl: string) => `${siteUrl}/#organization`,
  hotel: (siteUrl: string) => `${siteUrl}/#hotel`,
};

export function postalAddress(hotel: HotelFacts): Thing {
  return {
    '@type': 'PostalAddress',
    streetAddress: hotel.address.street,
    postalCode: hotel.address.postalCode,
    addressLocality: hotel.address.city,
    addressCountry: hotel.address.country,
  };
}

/** The hotel's operator: its social profiles, and the sister hotels it runs beside this one. */
export function organizationNode(hotel: HotelFacts, siteUrl: string, logo: string): Thing {
  return {
    '@type': 'Organization',
    '@id': ids.organization(siteUrl),
    name: hotel.name,
    url: `${siteUrl}/`,
    logo,
    email: hotel.email,
    telephone: hotel.phone,
    address: postalAddress(hotel),
    sameAs: hotel.social.map((profile) => profile.url),
    subOrganization: hotel.sisterHotels.map((sister) => ({ '@type': 'Hotel', name: sister.name, url: sister.url })),
  };
}

export interface HotelDetails {
  /** Absolute URL of the home page in the page's language. */
  url: string;
  description: string;
  /** Absolute image URLs. */
  images: string[];
  /** "€189–€420" (room prices per night from the content), or null when no room has a price. */
  priceRange: string | null;
  /** Names of the hotel's amenities. */
  amenities: string[];
}

export function hotelNode(hotel: HotelFacts, siteUrl: string, details: HotelDetails): Thing {
  return {
    '@type': 'Hotel',
    '@id': ids.hotel(siteUrl),
    name: hotel.name,
    url: details.url,
    description: details.description,
    address: postalAddress(hotel),
    telephone: hotel.phone,
    email: hotel.email,
    ...(hotel.geo ? { geo: { '@type': 'GeoCoordinates', latitude: hotel.geo.latitude, longitude: hotel.geo.longitude } } : {}),
    ...(details.images.length ? { image: details.images } : {}),
    ...(details.priceRange ? { priceRange: details.priceRange } : {}),
    amenityFeature: details.amenities.map((name) => ({ '@type': 'LocationFeatureSpecification', name, value: true })),
    parentOrganization: { '@id': ids.organization(siteUrl) },
  };
}

/** The trail from home to the page itself; the last entry is the page. */
export function breadcrumbNode(trail: { name: string; url: string }[]): Thing {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

export interface EventDetails {
  name: string;
  url: string;
  description: string;
  images: string[];
  /** ISO 8601: a date, or a date-time with its offset. */
  startDate: string;
  endDate: string | null;
}

/**
 * An event at the hotel: the hotel is its place and its organizer. No `offers`: the CMS's event
 * type has no price field (site/cms/schema.graphql, NodeEvents), and a price read out of prose
 * would be a guess search engines show as fact.
 */
export function eventNode(hotel: HotelFacts, siteUrl: string, event: EventDetails): Thing {
  return {
    '@type': 'Event',
    name: event.name,
    url: event.url,
    description: event.description,
    startDate: event.startDate,
    ...(event.endDate ? { endDate: event.endDate } : {}),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    ...(event.images.length ? { image: event.images } : {}),
    location: { '@type': 'Hotel', '@id': ids.hotel(siteUrl), name: hotel.name, address: postalAddress(hotel) },
    organizer: { '@type': 'Organization', '@id': ids.organization(siteUrl), name: hotel.name, url: `${siteUrl}/` },
  };
}

/** Questions with their answers: the question as text, the answer as the CMS's sanitized HTML. */
export function faqNode(questions: { question: string; answer: string }[]): Thing {
  return {
    '@type': 'FAQPage',
    mainEntity: questions.map((entry) => ({ '@type': 'Question', name: entry.question, acceptedAnswer: { '@type': 'Answer', text: entry.answer } })),
  };
}

export function graph(nodes: Thing[]): Thing {
  return { '@context': CONTEXT, '@graph': nodes };
}
