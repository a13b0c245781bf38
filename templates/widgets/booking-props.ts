// The booking configuration one page needs (site.config.ts "booking"), shared by every placement of
// a booking button: the top bar, the menu's Wellness Booking entry and call-to-action paragraphs.
import type { SiteContext } from '../../site/render/page-model';
import type { BookingButtonProps } from './islands/BookingButton';

export function bookingProps(site: Pick<SiteContext, 'locale' | 'config' | 'routeHref'>): Pick<BookingButtonProps, 'href' | 'scriptUrl' | 'openFunction'> {
  const { booking, locales } = site.config;
  return {
    href: booking.fallbackUrl[site.locale] ?? booking.fallbackUrl[locales.default] ?? site.routeHref('home'),
    scriptUrl: booking.scriptUrl.replaceAll('{locale}', encodeURIComponent(site.locale)),
    openFunction: booking.openFunction,
  };
}
