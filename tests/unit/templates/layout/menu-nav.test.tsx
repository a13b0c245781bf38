// templates/layout/MenuNav.tsx in its two places (docs/menu.md): every page's overlay carries the
// topics, their overview links and the Wellness Booking entry but no item; the menu page carries
// the items too, marked for the overlay to take them (templates/widgets/islands/menu-lists.ts).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MenuTopic } from '../../../../site/model/content-types';
import type { Page, SiteContext } from '../../../../site/model/page-model';
import { routeHref } from '../../../../site/render/site-data';
import { MENU_TOPICS, WELLNESS_BOOKING_NID } from '../../../../site/model/route-table';
import { MenuNav, type MenuPlace } from '../../../../templates/layout/MenuNav';
import { SiteProvider } from '../../../../templates/site-context';
import de from '../../../../locales/de.json';

const menu: MenuTopic[] = MENU_TOPICS.map(({ routeId }) => ({
  routeId,
  overviewHref: routeHref(routeId, 'de'),
  entries: [
    { nid: routeId.length * 10, title: `${routeId} eins`, href: `${routeHref(routeId, 'de')}eins/`, opensBooking: false },
    { nid: routeId.length * 10 + 1, title: `${routeId} zwei`, href: `${routeHref(routeId, 'de')}zwei/`, opensBooking: false },
    ...(routeId === 'wellness' ? [{ nid: WELLNESS_BOOKING_NID, title: 'Wellness-Buchung', href: '', opensBooking: true }] : []),
  ],
}));

const site = {
  locale: 'de',
  messages: de,
  menu,
  config: { locales: { default: 'de', all: ['de', 'en'] }, booking: { fallbackUrl: { de: 'https://booking.example/de' }, scriptUrl: 'https://booking.example/w.js?l={locale}', openFunction: 'Booking.open' } },
  routeHref: (id: string) => routeHref(id, 'de'),
} as unknown as SiteContext;

function render(place: MenuPlace): string {
  return renderToStaticMarkup(
    <SiteProvider page={{ locale: 'de' } as Page} site={site}>
      <MenuNav place={place} />
    </SiteProvider>,
  );
}

/** The links of each topic, by topic id, in document order. */
function topics(html: string): Map<string, string[]> {
  const byTopic = new Map<string, string[]>();
  for (const [, id, body] of html.matchAll(/<details[^>]*data-menu-topic="([^"]+)"[^>]*>([\s\S]*?)<\/details>/g)) {
    byTopic.set(id!, [...body!.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => match[1]!));
  }
  return byTopic;
}

describe('MenuNav', () => {
  it('in the overlay: the eight topics with their overview links, no item, and the Wellness Booking entry', () => {
    const html = render('overlay');
    const links = topics(html);
    expect([...links.keys()]).toEqual(MENU_TOPICS.map((topic) => topic.routeId));
    for (const [id, hrefs] of links) {
      expect(hrefs, id).toEqual(id === 'wellness' ? [routeHref(id, 'de'), 'https://booking.example/de'] : [routeHref(id, 'de')]);
    }
    expect(html).not.toContain('data-menu-item');
    expect(html).not.toContain('eins');
    expect(html.match(/name="menu-topic"/g)).toHaveLength(8);
    expect(html).toContain('Wellness-Buchung');
  });

  it('on the menu page: every entry after its overview link, marked for the overlay, the booking entry last', () => {
    const html = render('page');
    for (const [id, hrefs] of topics(html)) {
      const overview = routeHref(id, 'de');
      const items = [`${overview}eins/`, `${overview}zwei/`];
      expect(hrefs, id).toEqual(id === 'wellness' ? [overview, ...items, 'https://booking.example/de'] : [overview, ...items]);
    }
    expect(html.match(/<li data-menu-item="">/g)).toHaveLength(16);
    // Its own accordion group: opening a topic on the page does not close one of the overlay.
    expect(html.match(/name="menu-page-topic"/g)).toHaveLength(8);
    expect(html).not.toContain('name="menu-topic"');
  });
});
