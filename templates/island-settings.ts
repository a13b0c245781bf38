// What the islands of every page of one language share: their labels, the booking provider, the
// analytics id and fixed hrefs. Sent once per language as a small JSON file
// (/assets/islands.<locale>.<hash>.json, written by site/output/island-settings.ts) instead of inside
// every page's props: the page names the file on <html data-islands>, and the client lays each
// island's own props over its entry (templates/client/main.ts). On the server, <Island> does the
// same with the same function, so hydration sees identical markup (templates/widgets/README.md).
import { createHash } from 'node:crypto';
import type { SiteContext } from '../site/model/page-model';
import { translate } from './i18n';
import type { IslandName, IslandProps } from './island-components';

type Site = Pick<SiteContext, 'locale' | 'config' | 'messages' | 'routeHref'>;

const SHARED = {
  // The booking configuration (site.config.ts "booking"), alike for every booking button of a
  // language: the top bar's, the menu's Wellness Booking entry and call-to-action paragraphs.
  BookingButton: (site: Site) => {
    const { booking, locales } = site.config;
    return {
      href: booking.fallbackUrl[site.locale] ?? booking.fallbackUrl[locales.default] ?? site.routeHref('home'),
      scriptUrl: booking.scriptUrl.replaceAll('{locale}', encodeURIComponent(site.locale)),
      openFunction: booking.openFunction,
    };
  },
  CookieBar: (site: Site) => {
    const t = (key: string) => translate(site.messages, key);
    return {
      analyticsId: site.config.analytics.id,
      privacyHref: site.routeHref('dataprivacystatement'),
      labels: {
        region: t('cookie.region'),
        title: t('cookie.title'),
        text: t('cookie.text'),
        privacy: t('cookie.privacy'),
        accept: t('cookie.accept'),
        deny: t('cookie.deny'),
        collapse: t('cookie.collapse'),
        tab: t('cookie.tab'),
        reopen: t('cookie.reopen'),
      },
    };
  },
  MenuOverlay: (site: Site) => ({
    href: site.routeHref('menu'),
    labels: { open: translate(site.messages, 'menu.open'), close: translate(site.messages, 'menu.close'), title: translate(site.messages, 'menu.title') },
  }),
  NotificationBanner: (site: Site) => ({
    labels: { region: translate(site.messages, 'banner.region'), dismiss: translate(site.messages, 'banner.dismiss') },
  }),
} satisfies { [N in IslandName]?: (site: Site) => Partial<IslandProps<N>> };

type Shared = typeof SHARED;

/** The props of island N that come from its language's settings file, not from the page. */
export type SharedKeys<N extends IslandName> = N extends keyof Shared ? keyof ReturnType<Shared[N]> : never;

const perSite = new WeakMap<Site, Map<string, unknown>>();

/** Island `name`'s shared props in `site`'s language (computed once per language). */
export function sharedProps(site: Site | null, name: IslandName): Record<string, unknown> {
  if (!(name in SHARED)) return {};
  if (!site) throw new Error(`The ${name} island takes props from its language's settings: render it inside a page (templates/Document)`);
  let known = perSite.get(site);
  if (!known) perSite.set(site, (known = new Map()));
  if (!known.has(name)) known.set(name, SHARED[name as keyof Shared](site));
  return known.get(name) as Record<string, unknown>;
}

const files = new WeakMap<Site, { href: string; json: string }>();

/** The settings file of `site`'s language: its href (named by its content) and its text. */
export function islandSettingsFile(site: Site): { href: string; json: string } {
  let file = files.get(site);
  if (!file) {
    const settings = Object.fromEntries(Object.keys(SHARED).map((name) => [name, sharedProps(site, name as IslandName)]));
    const json = JSON.stringify(settings);
    const hash = createHash('sha256').update(json).digest('hex').slice(0, 10);
    files.set(site, (file = { href: `/assets/islands.${site.locale}.${hash}.json`, json }));
  }
  return file;
}
