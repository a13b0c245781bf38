// The full menu's island props from the SPEC's menu query (site.menu) and the page being shown:
// labels in the page language, the current page marked, its topic open.
import type { Page, SiteContext } from '../../site/render/page-model';
import { translate } from '../i18n';
import { bookingProps } from '../widgets/booking-props';
import type { MenuLink, MenuOverlayProps } from '../widgets/islands/MenuOverlay';

/** Pages linked below the topics: the ones a guest looks for that have no topic of their own. */
const MORE_ROUTES = ['vouchers', 'newsletters', 'storchenkamera', 'faq'] as const;

export function menuProps(page: Page, site: SiteContext): MenuOverlayProps {
  const t = (key: string) => translate(site.messages, key);
  const link = (href: string, label: string): MenuLink => ({ href, label, current: href === page.href });
  return {
    home: link(site.routeHref('home'), t('menu.home')),
    topics: site.menu.map((topic) => {
      const entries = topic.entries.map((entry) => ({ ...link(entry.href, entry.title), nid: entry.nid, opensBooking: entry.opensBooking }));
      const inside = page.href.startsWith(topic.overviewHref) || entries.some((entry) => entry.current);
      return {
        id: topic.routeId,
        label: topic.routeId === 'events' ? t('menu.upcomingEvents') : t(`routes.${topic.routeId}`),
        overview: link(topic.overviewHref, t('menu.overview')),
        entries,
        open: inside && page.route?.id !== 'home',
      };
    }),
    more: MORE_ROUTES.map((id) => link(site.routeHref(id), t(`routes.${id}`))),
    booking: bookingProps(site),
    labels: { open: t('menu.open'), close: t('menu.close'), title: t('menu.title'), nav: t('menu.nav') },
  };
}
