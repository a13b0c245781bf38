// A minimal valid site.config.ts value for unit tests of config resolution.
import type { SiteConfig } from '../../site/config/define-config';

export function siteConfig(content: SiteConfig['content'] = undefined): SiteConfig {
  return {
    siteUrl: 'https://www.schloss-example.de/',
    ...(content ? { content } : {}),
    hotel: {
      name: 'Schloss Example',
      address: { street: 'Schlossweg 1', postalCode: '12345', city: 'Example', country: 'Germany' },
      phone: '+49 3322 2107-0',
      email: 'info@schloss-example.de',
      sisterHotels: [],
      social: [],
      awards: [],
      ratingBadge: null,
    },
    booking: { scriptUrl: 'https://booking.example.com/widget.js?lang={locale}', openFunction: 'Booking.open', fallbackUrl: {} },
  };
}
