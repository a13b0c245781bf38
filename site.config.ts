// Configuration of the Schloss Storchenau website. The shape and every default are documented in
// site/config/define-config.ts; `hotel-site build` checks this file and names any key it rejects.
import { defineConfig } from './site/config/define-config';

export default defineConfig({
  siteUrl: 'https://www.schloss-storchenau.de',
  locales: { default: 'de', all: ['de', 'en'] },
  // No endpoint: the embedded content backend. Point at the CMS with --endpoint or HOTEL_SITE_ENDPOINT.
  content: {
    concurrency: 8,
  },
  hotel: {
    name: 'Schloss Storchenau — Hotel & Spa',
    address: {
      street: 'Schlossallee 1',
      postalCode: '14641',
      city: 'Storchenau',
      country: 'Germany',
    },
    phone: '+49 33237 889-0',
    email: 'info@schloss-storchenau.de',
    sisterHotels: [
      { name: 'Gutshaus Lindenhof am See', url: 'https://www.gutshaus-lindenhof.de' },
      { name: 'Hotel Klosterhof Wiesenthal', url: 'https://www.klosterhof-wiesenthal.de' },
      { name: 'Strandvilla Kranichsand', url: 'https://www.strandvilla-kranichsand.de' },
    ],
    social: [
      { name: 'Instagram', url: 'https://www.instagram.com/schloss.storchenau/' },
      { name: 'Facebook', url: 'https://www.facebook.com/SchlossStorchenau' },
      { name: 'YouTube', url: 'https://www.youtube.com/@SchlossStorchenau' },
      { name: 'LinkedIn', url: 'https://www.linkedin.com/company/schloss-storchenau/' },
    ],
    awards: [
      { name: 'Relax Guide 2026 – 3 Lilien', image: '/badges/award-spa.svg', width: 120, height: 120 },
      { name: 'GreenSign Hotel Level 4', image: '/badges/award-green.svg', width: 120, height: 120 },
      { name: 'Gault&Millau 2 Hauben', image: '/badges/award-gourmet.svg', width: 120, height: 120 },
    ],
    ratingBadge: { name: 'Guest rating 9.4/10', image: '/badges/rating.svg', width: 160, height: 80 },
    geo: { latitude: 52.55, longitude: 12.74 },
  },
  booking: {
    scriptUrl: 'https://booking.storchenau-reservations.example/widget.js?lang={locale}',
    openFunction: 'StorchenauBooking.open',
    fallbackUrl: {
      de: 'https://booking.storchenau-reservations.example/de',
      en: 'https://booking.storchenau-reservations.example/en',
    },
  },
  newsletter: {
    actionUrl: 'https://newsletter.storchenau-mail.example/subscribe',
  },
  analytics: {
    id: 'G-STORCH2026',
  },
});
