// The full menu's island props from the SPEC's menu query (site.menu), in the page language. The
// same for every page of a language (rendered once: templates/render-once.tsx); the island marks
// the current page itself.
import type { SiteContext } from '../../site/render/page-model';
import { translate } from '../i18n';
import { bookingProps } from '../widgets/booking-props';
import type { MenuLink, MenuOverlayProps } from '../widgets/islands/MenuOverlay';

/** Pages linked below the topics: the ones a guest looks for that have no topic of their own. */
const MORE_ROUTES = ['vouchers', 'newsletters', 'storchenkamera', 'faq'] as const;

export function menuProps(site: SiteContext): MenuOverlayProps {
  const t = (key: string) => translate(site.messages, key);
  const link = (href: string, label: string): MenuLink => ({ href, label });
  return {
    home: link(site.routeHref('home'), t('menu.home')),
    topics: site.menu.map((topic) => {
      return {
        id: topic.routeId,
        label: topic.routeId === 'events' ? t('menu.upcomingEvents') : t(`routes.${topic.routeId}`),
        overview: link(topic.overviewHref, t('menu.overview')),
        entries: topic.entries.map((entry) => ({ ...link(entry.href, entry.title), nid: entry.nid, opensBooking: entry.opensBooking })),
      };
    }),
    more: MORE_ROUTES.map((id) => link(site.routeHref(id), t(`routes.${id}`))),
    booking: bookingProps(site),
    labels: { open: t('menu.open'), close: t('menu.close'), title: t('menu.title'), nav: t('menu.nav') },
  };
}
