// The breadcrumb trail above a page title: home, then the list an item belongs to.
import type { NodeType } from '../../site/model/content-types';
import { listRouteOf, routeById, type FixedRoute } from '../../site/model/route-table';
import type { Crumb } from '../components/Hero';
import { usePage, useSite, useT } from '../site-context';

/** Types without a list of their own belong to the list they are shown on. */
const PARENT_ROUTE: Partial<Record<NodeType, string>> = {
  functions_rooms: 'meetingsandcelebrations',
  courses_and_menus: 'restaurantsandbars',
};

export function parentRouteOf(type: NodeType): FixedRoute | undefined {
  const parent = PARENT_ROUTE[type];
  return parent ? routeById(parent) : listRouteOf(type);
}

/** Templates whose hero has no trail: home starts every trail; the payment confirmation is reached from the booking provider. */
const WITHOUT_TRAIL = new Set(['Home', 'PaymentSuccess']);

/**
 * The trail the current page's hero shows — home, then the list a detail page's item belongs to —
 * or none. The page's BreadcrumbList (templates/structured-data/) repeats it, so both come from here.
 */
export function useCrumbs(): Crumb[] {
  const page = usePage();
  const site = useSite();
  const t = useT();
  if (page.kind === 'home' || page.kind === 'not-found' || WITHOUT_TRAIL.has(page.route?.template ?? '')) return [];
  if (page.kind === 'detail' && !page.item) return [];
  const crumbs: Crumb[] = [{ href: site.routeHref('home'), label: t('routes.home') }];
  const list = page.kind === 'detail' && page.item ? parentRouteOf(page.item.type) : undefined;
  if (list) crumbs.push({ href: site.routeHref(list.id), label: routeName(t, list.id) });
  return crumbs;
}

/** The UI name of a fixed route. Literal keys so the locale-key test sees every one. */
export function routeName(t: (key: string) => string, routeId: string): string {
  const names: Record<string, () => string> = {
    home: () => t('routes.home'),
    termsandconditions: () => t('routes.termsandconditions'),
    articles: () => t('routes.articles'),
    dataprivacystatement: () => t('routes.dataprivacystatement'),
    faq: () => t('routes.faq'),
    health: () => t('routes.health'),
    vouchers: () => t('routes.vouchers'),
    impressum: () => t('routes.impressum'),
    careers: () => t('routes.careers'),
    newsletters: () => t('routes.newsletters'),
    pressreleases: () => t('routes.pressreleases'),
    restaurantsandbars: () => t('routes.restaurantsandbars'),
    specialoffers: () => t('routes.specialoffers'),
    sports: () => t('routes.sports'),
    storchenkamera: () => t('routes.storchenkamera'),
    meetingsandcelebrations: () => t('routes.meetingsandcelebrations'),
    accommodation: () => t('routes.accommodation'),
    aboutus: () => t('routes.aboutus'),
    events: () => t('routes.events'),
    wellness: () => t('routes.wellness'),
    paymentsuccess: () => t('routes.paymentsuccess'),
    spatreatments: () => t('routes.spatreatments'),
    menu: () => t('routes.menu'),
  };
  return names[routeId]?.() ?? routeId;
}
