// The site's fixed routes (docs/site.md): every one in both languages, what it shows, and its
// sitemap change frequency. Pure data plus pure lookups.
import type { Locale, NodeType } from './content-types';

export type Changefreq = 'daily' | 'weekly';

export type RouteKind =
  /** The home page. */
  | 'home'
  /** Cards of the items of `listType`, in CMS order (weight, then title). */
  | 'list'
  /** A page whose content is the CMS node at the same path (legal pages, vouchers, ...). */
  | 'page'
  /** The full menu as a page of its own (docs/menu.md). */
  | 'menu';

export interface FixedRoute {
  /** Stable id, also the name aboutus items use in field_sublist (careers, articles, ...). */
  id: string;
  kind: RouteKind;
  paths: Record<Locale, string>;
  /** For kind 'list': the content type listed; its items' detail pages sit below `paths`. */
  listType?: NodeType;
  /** Which page template shows the route (templates/pages/<template>). */
  template: 'Home' | 'List' | 'Basic' | 'Faq' | 'Newsletter' | 'StorkCamera' | 'Vouchers' | 'PaymentSuccess' | 'Menu';
  changefreq: Changefreq;
}

// Paths are the hotel's published addresses, kept exactly, including the capital P of
// /de/Pressemeldungen.
export const FIXED_ROUTES: readonly FixedRoute[] = [
  { id: 'home', kind: 'home', paths: { de: '/de', en: '/en' }, template: 'Home', changefreq: 'weekly' },
  { id: 'termsandconditions', kind: 'page', paths: { de: '/de/agb', en: '/en/termsandconditions' }, template: 'Basic', changefreq: 'weekly' },
  { id: 'articles', kind: 'list', listType: 'article', paths: { de: '/de/artikel', en: '/en/articles' }, template: 'List', changefreq: 'weekly' },
  { id: 'dataprivacystatement', kind: 'page', paths: { de: '/de/datenschutz', en: '/en/dataprivacystatement' }, template: 'Basic', changefreq: 'weekly' },
  { id: 'faq', kind: 'page', paths: { de: '/de/faq', en: '/en/faq' }, template: 'Faq', changefreq: 'weekly' },
  { id: 'health', kind: 'list', listType: 'health_page', paths: { de: '/de/gesundheit', en: '/en/health' }, template: 'List', changefreq: 'weekly' },
  { id: 'vouchers', kind: 'page', paths: { de: '/de/gutscheine', en: '/en/vouchers' }, template: 'Vouchers', changefreq: 'weekly' },
  { id: 'impressum', kind: 'page', paths: { de: '/de/impressum', en: '/en/impressum' }, template: 'Basic', changefreq: 'weekly' },
  { id: 'careers', kind: 'list', listType: 'careers', paths: { de: '/de/karriere', en: '/en/careers' }, template: 'List', changefreq: 'daily' },
  { id: 'newsletters', kind: 'page', paths: { de: '/de/newsletters', en: '/en/newsletters' }, template: 'Newsletter', changefreq: 'weekly' },
  { id: 'pressreleases', kind: 'list', listType: 'press_releases', paths: { de: '/de/Pressemeldungen', en: '/en/pressreleases' }, template: 'List', changefreq: 'weekly' },
  { id: 'restaurantsandbars', kind: 'list', listType: 'restaurants_bars', paths: { de: '/de/restaurantsundbars', en: '/en/restaurantsandbars' }, template: 'List', changefreq: 'weekly' },
  { id: 'specialoffers', kind: 'list', listType: 'packages_and_special_offers', paths: { de: '/de/spezialangebot', en: '/en/specialoffers' }, template: 'List', changefreq: 'daily' },
  { id: 'sports', kind: 'list', listType: 'sports', paths: { de: '/de/sports', en: '/en/sports' }, template: 'List', changefreq: 'weekly' },
  { id: 'storchenkamera', kind: 'page', paths: { de: '/de/storchenkamera', en: '/en/storchenkamera' }, template: 'StorkCamera', changefreq: 'weekly' },
  { id: 'meetingsandcelebrations', kind: 'list', listType: 'meetingsandcelebrations', paths: { de: '/de/tagungenundfeste', en: '/en/meetingsandcelebrations' }, template: 'List', changefreq: 'weekly' },
  { id: 'accommodation', kind: 'list', listType: 'accommodation', paths: { de: '/de/uebernachten', en: '/en/accommodation' }, template: 'List', changefreq: 'weekly' },
  { id: 'aboutus', kind: 'list', listType: 'aboutus', paths: { de: '/de/ueberuns', en: '/en/aboutus' }, template: 'List', changefreq: 'weekly' },
  { id: 'events', kind: 'list', listType: 'events', paths: { de: '/de/veranstaltungen', en: '/en/events' }, template: 'List', changefreq: 'daily' },
  { id: 'wellness', kind: 'list', listType: 'wellness', paths: { de: '/de/wellness', en: '/en/wellness' }, template: 'List', changefreq: 'weekly' },
  { id: 'paymentsuccess', kind: 'page', paths: { de: '/de/zahlung-erfolgreich', en: '/en/payment-successful' }, template: 'PaymentSuccess', changefreq: 'weekly' },
  { id: 'spatreatments', kind: 'list', listType: 'spa_treatments', paths: { de: '/de/wellness/spabehandlung', en: '/en/wellness/spatreatments' }, template: 'List', changefreq: 'daily' },
];

/** Detail pages: sitemap change frequency per content type (docs/site.md, "The sitemap"). */
const DAILY_TYPES: ReadonlySet<NodeType> = new Set<NodeType>([
  'spa_treatments',
  'events',
  'highlights',
  'courses_and_menus',
  'packages_and_special_offers',
  'careers',
]);

export function changefreqOf(type: NodeType): Changefreq {
  return DAILY_TYPES.has(type) ? 'daily' : 'weekly';
}

/** Content types that never get a page of their own. */
export const PAGELESS_TYPES: ReadonlySet<NodeType> = new Set<NodeType>(['notifications']);

/**
 * The full menu's page (docs/menu.md): where the menu button leads without JavaScript and where
 * the overlay loads its item lists from. Not one of the hotel's routes, so not in FIXED_ROUTES: no
 * CMS node is its text and no sublist names it. Its paths are reserved (route-map.ts). Not
 * "/de/menue": a restaurant's menu is content here (/de/degustationsmenue), and "Menü" is a title
 * an editor may give one.
 */
export const MENU_ROUTE: FixedRoute = { id: 'menu', kind: 'menu', paths: { de: '/de/navigation', en: '/en/navigation' }, template: 'Menu', changefreq: 'weekly' };

const byId = new Map([...FIXED_ROUTES, MENU_ROUTE].map((route) => [route.id, route]));

export function routeById(id: string): FixedRoute | undefined {
  return byId.get(id);
}

/** The list route that lists `type`, if the site has one. */
export function listRouteOf(type: NodeType): FixedRoute | undefined {
  return FIXED_ROUTES.find((route) => route.listType === type);
}

/** The full-menu topics in the menu's order (docs/site.md), keyed by the menu query's alias. */
export const MENU_TOPICS: readonly { alias: string; type: NodeType; routeId: string }[] = [
  { alias: 'rooms', type: 'accommodation', routeId: 'accommodation' },
  { alias: 'restaurants_bars', type: 'restaurants_bars', routeId: 'restaurantsandbars' },
  { alias: 'meetingsandcelebrations', type: 'meetingsandcelebrations', routeId: 'meetingsandcelebrations' },
  { alias: 'wellness', type: 'wellness', routeId: 'wellness' },
  { alias: 'events', type: 'events', routeId: 'events' },
  { alias: 'sports', type: 'sports', routeId: 'sports' },
  { alias: 'specialoffers', type: 'packages_and_special_offers', routeId: 'specialoffers' },
  { alias: 'aboutus', type: 'aboutus', routeId: 'aboutus' },
];

/** The Wellness Booking pseudo-entry's nid (docs/site.md, "The menu"). */
export const WELLNESS_BOOKING_NID = 99999;

/**
 * Resolves an aboutus item's field_sublist value (a route name such as "careers", "articles",
 * "pressreleases") to a fixed route. Matching ignores case and punctuation and also accepts either
 * language's path segment, because editors type these by hand.
 */
export function routeForSublist(value: string): FixedRoute | undefined {
  const key = value.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (!key) return undefined;
  return FIXED_ROUTES.find(
    (route) =>
      route.id === key ||
      Object.values(route.paths).some((path) => path.toLowerCase().split('/').pop()!.replace(/[^a-z0-9]/g, '') === key),
  );
}
