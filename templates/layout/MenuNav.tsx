// The full menu's navigation (SPEC section 2 "Menus"): home plus one accordion topic per content
// section from the SPEC's menu query (site.menu), each with its overview link and items; the
// Wellness topic carries the Wellness Booking pseudo-entry (nid 99999), its own small island that
// opens the booking sidebar.
//
// Plain server HTML, shown by the MenuOverlay island as a slot: the island owns opening, closing
// and focus, not the links. So the up to 400 entries (8 topics × limit 50) are not repeated as
// island props on every page, and hydrating the menu does not build them in React. Without
// JavaScript, topics are <details name="menu-topic">: one open at a time natively.
import type { ReactNode } from 'react';
import { Island } from '../islands';
import { useSite, useT } from '../site-context';
import { bookingProps } from '../widgets/booking-props';

/** Pages linked below the topics: the ones a guest looks for that have no topic of their own. */
const MORE_ROUTES = ['vouchers', 'newsletters', 'storchenkamera', 'faq'] as const;

function Topic({ label, overviewHref, children }: { label: string; overviewHref: string; children: ReactNode }) {
  const t = useT();
  return (
    <details className="menu-topic" name="menu-topic">
      <summary className="menu-topic__summary">{label}</summary>
      <ul className="menu-topic__links">
        <li>
          <a className="menu-topic__link menu-topic__link--overview" href={overviewHref}>
            {t('menu.overview', { topic: label })}
          </a>
        </li>
        {children}
      </ul>
    </details>
  );
}

export function MenuNav() {
  const site = useSite();
  const t = useT();
  return (
    <nav className="menu-overlay__nav" aria-label={t('menu.nav')}>
      <ul className="menu-overlay__topics">
        <li>
          <a className="menu-overlay__home" href={site.routeHref('home')}>
            {t('menu.home')}
          </a>
        </li>
        {site.menu.map((topic) => (
          <li key={topic.routeId}>
            <Topic label={topic.routeId === 'events' ? t('menu.upcomingEvents') : t(`routes.${topic.routeId}`)} overviewHref={topic.overviewHref}>
              {topic.entries.map((entry) => (
                <li key={entry.nid}>
                  {entry.opensBooking ? (
                    <Island
                      name="BookingButton"
                      as="span"
                      hydrate="idle"
                      props={{ ...bookingProps(site), label: entry.title, className: 'menu-topic__link menu-topic__link--booking' }}
                    />
                  ) : (
                    <a className="menu-topic__link" href={entry.href}>
                      {entry.title}
                    </a>
                  )}
                </li>
              ))}
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
