// The full menu's navigation: home plus one accordion topic per content section (site.menu), the
// Wellness topic with its Wellness Booking entry. Plain server HTML, shown in two places: without
// the items in every page's overlay, complete on the menu page (docs/menu.md).
import type { ReactNode } from 'react';
import { overlayMenu } from '../../site/model/page-model';
import { Island } from '../islands';
import { useSite, useT } from '../site-context';

/** Pages linked below the topics: the ones a guest looks for that have no topic of their own. */
const MORE_ROUTES = ['vouchers', 'newsletters', 'storchenkamera', 'faq'] as const;

export type MenuPlace = 'overlay' | 'page';

function Topic({ id, group, label, overviewHref, children }: { id: string; group: string; label: string; overviewHref: string; children: ReactNode }) {
  const t = useT();
  return (
    <details className="menu-topic" name={group} data-menu-topic={id}>
      <summary>{label}</summary>
      <ul>
        <li>
          <a href={overviewHref}>
            {t('menu.overview', { topic: label })}
          </a>
        </li>
        {children}
      </ul>
    </details>
  );
}

export function MenuNav({ place }: { place: MenuPlace }) {
  const site = useSite();
  const t = useT();
  return (
    // Two landmarks on the menu page (its own and its overlay's) need two names.
    <nav className="menu-overlay__nav" aria-label={place === 'page' ? t('routes.menu') : t('menu.nav')}>
      <ul className="menu-overlay__topics">
        <li>
          <a className="menu-overlay__home" href={site.routeHref('home')}>
            {t('menu.home')}
          </a>
        </li>
        {(place === 'page' ? site.menu : overlayMenu(site.menu)).map((topic) => (
          <li key={topic.routeId}>
            <Topic
              id={topic.routeId}
              group={place === 'page' ? 'menu-page-topic' : 'menu-topic'}
              label={topic.routeId === 'events' ? t('menu.upcomingEvents') : t(`routes.${topic.routeId}`)}
              overviewHref={topic.overviewHref}
            >
              {topic.entries.map((entry) =>
                entry.opensBooking ? (
                  <li key={entry.nid}>
                    <Island
                      name="BookingButton"
                      as="span"
                      hydrate="interaction"
                      props={{ label: entry.title, className: 'menu-topic__link menu-topic__link--booking' }}
                    />
                  </li>
                ) : (
                  <li key={entry.nid} data-menu-item="">
                    <a className="menu-topic__link" href={entry.href}>
                      {entry.title}
                    </a>
                  </li>
                ),
              )}
            </Topic>
          </li>
        ))}
      </ul>
      <ul className="menu-overlay__more">
        {MORE_ROUTES.map((id) => (
          <li key={id}>
            <a className="menu-overlay__more-link" href={site.routeHref(id)}>
              {t(`routes.${id}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
