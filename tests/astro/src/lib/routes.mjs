// The site's routes (docs/site.md), in both languages, and the few UI strings the templates use.
export const LOCALES = ['de', 'en'];
export const DEFAULT_LOCALE = 'de';

const r = (id, kind, de, en, extra = {}) => ({ id, kind, paths: { de, en }, changefreq: 'weekly', ...extra });
export const FIXED_ROUTES = [
  r('home', 'home', '/de', '/en'),
  r('termsandconditions', 'page', '/de/agb', '/en/termsandconditions'),
  r('articles', 'list', '/de/artikel', '/en/articles', { listType: 'article' }),
  r('dataprivacystatement', 'page', '/de/datenschutz', '/en/dataprivacystatement'),
  r('faq', 'page', '/de/faq', '/en/faq'),
  r('health', 'list', '/de/gesundheit', '/en/health', { listType: 'health_page' }),
  r('vouchers', 'page', '/de/gutscheine', '/en/vouchers'),
  r('impressum', 'page', '/de/impressum', '/en/impressum'),
  r('careers', 'list', '/de/karriere', '/en/careers', { listType: 'careers', changefreq: 'daily' }),
  r('newsletters', 'page', '/de/newsletters', '/en/newsletters'),
  r('pressreleases', 'list', '/de/Pressemeldungen', '/en/pressreleases', { listType: 'press_releases' }),
  r('restaurantsandbars', 'list', '/de/restaurantsundbars', '/en/restaurantsandbars', { listType: 'restaurants_bars' }),
  r('specialoffers', 'list', '/de/spezialangebot', '/en/specialoffers', { listType: 'packages_and_special_offers', changefreq: 'daily' }),
  r('sports', 'list', '/de/sports', '/en/sports', { listType: 'sports' }),
  r('storchenkamera', 'page', '/de/storchenkamera', '/en/storchenkamera'),
  r('meetingsandcelebrations', 'list', '/de/tagungenundfeste', '/en/meetingsandcelebrations', { listType: 'meetingsandcelebrations' }),
  r('accommodation', 'list', '/de/uebernachten', '/en/accommodation', { listType: 'accommodation' }),
  r('aboutus', 'list', '/de/ueberuns', '/en/aboutus', { listType: 'aboutus' }),
  r('events', 'list', '/de/veranstaltungen', '/en/events', { listType: 'events', changefreq: 'daily' }),
  r('wellness', 'list', '/de/wellness', '/en/wellness', { listType: 'wellness' }),
  r('paymentsuccess', 'page', '/de/zahlung-erfolgreich', '/en/payment-successful'),
  r('spatreatments', 'list', '/de/wellness/spabehandlung', '/en/wellness/spatreatments', { listType: 'spa_treatments', changefreq: 'daily' }),
];
// The full menu as a page (hotel-site publishes it at /de/navigation, /en/navigation).
export const MENU_ROUTE = r('menu', 'menu', '/de/navigation', '/en/navigation');

export const MENU_TOPICS = [
  { alias: 'rooms', type: 'accommodation', routeId: 'accommodation' },
  { alias: 'restaurants_bars', type: 'restaurants_bars', routeId: 'restaurantsandbars' },
  { alias: 'meetingsandcelebrations', type: 'meetingsandcelebrations', routeId: 'meetingsandcelebrations' },
  { alias: 'wellness', type: 'wellness', routeId: 'wellness' },
  { alias: 'events', type: 'events', routeId: 'events' },
  { alias: 'sports', type: 'sports', routeId: 'sports' },
  { alias: 'specialoffers', type: 'packages_and_special_offers', routeId: 'specialoffers' },
  { alias: 'aboutus', type: 'aboutus', routeId: 'aboutus' },
];

const DAILY = new Set(['spa_treatments', 'events', 'highlights', 'courses_and_menus', 'packages_and_special_offers', 'careers']);
export const changefreqOf = (type) => (DAILY.has(type) ? 'daily' : 'weekly');

export const routeById = (id) => FIXED_ROUTES.find((route) => route.id === id);
export const listRouteOf = (type) => FIXED_ROUTES.find((route) => route.listType === type);

export const T = {
  de: {
    siteName: 'Schloss Storchenau — Hotel & Spa',
    home: 'Startseite',
    menu: 'Menü',
    overview: 'Übersicht',
    book: 'Jetzt buchen',
    other: 'English',
    skip: 'Zum Inhalt springen',
    more: 'Mehr erfahren',
    related: 'Das könnte Sie auch interessieren',
    newsletter: 'Newsletter abonnieren',
    email: 'E-Mail-Adresse',
    subscribe: 'Anmelden',
    sisters: 'Unsere Schwesterhotels',
    follow: 'Folgen Sie uns',
    awards: 'Auszeichnungen',
    notFoundTitle: 'Diese Seite konnte nicht gefunden werden',
    notFoundLines: ['Die Seite, die Sie aufrufen wollten, gibt es nicht.', 'Vielleicht ist die Adresse veraltet oder falsch.'],
    notFoundHint: 'Besuchen Sie doch unsere Startseite.',
    notFoundButton: 'Weiter zur Startseite',
    names: {
      home: 'Startseite', termsandconditions: 'AGB', articles: 'Artikel', dataprivacystatement: 'Datenschutz', faq: 'FAQ',
      health: 'Gesundheit', vouchers: 'Gutscheine', impressum: 'Impressum', careers: 'Karriere', newsletters: 'Newsletter',
      pressreleases: 'Pressemeldungen', restaurantsandbars: 'Restaurants & Bars', specialoffers: 'Spezialangebote',
      sports: 'Sport', storchenkamera: 'Storchenkamera', meetingsandcelebrations: 'Tagungen & Feste',
      accommodation: 'Übernachten', aboutus: 'Über uns', events: 'Veranstaltungen', wellness: 'Wellness',
      paymentsuccess: 'Zahlung erfolgreich', spatreatments: 'Spabehandlungen', menu: 'Navigation',
    },
    facts: { fieldSize: 'Größe (m²)', fieldMaxOccupancy: 'Personen', fieldPriceFrom: 'ab EUR', fieldPrice: 'Preis (EUR)', fieldDuration: 'Dauer (Min.)', fieldArea: 'Fläche (m²)', fieldPricePerDay: 'Preis pro Tag', fieldEmploymentType: 'Anstellung', fieldStartDate: 'Beginn', fieldAuthor: 'Autor', fieldDistance: 'Entfernung (km)' },
  },
  en: {
    siteName: 'Schloss Storchenau — Hotel & Spa',
    home: 'Home',
    menu: 'Menu',
    overview: 'Overview',
    book: 'Book now',
    other: 'Deutsch',
    skip: 'Skip to content',
    more: 'Read more',
    related: 'You may also like',
    newsletter: 'Subscribe to our newsletter',
    email: 'E-mail address',
    subscribe: 'Subscribe',
    sisters: 'Our sister hotels',
    follow: 'Follow us',
    awards: 'Awards',
    notFoundTitle: 'This page could not be found',
    notFoundLines: ['The page you were looking for does not exist.', 'The address may be outdated or wrong.'],
    notFoundHint: 'Why not visit our homepage?',
    notFoundButton: 'Go to the homepage',
    names: {
      home: 'Home', termsandconditions: 'Terms and conditions', articles: 'Articles', dataprivacystatement: 'Privacy', faq: 'FAQ',
      health: 'Health', vouchers: 'Vouchers', impressum: 'Legal notice', careers: 'Careers', newsletters: 'Newsletters',
      pressreleases: 'Press releases', restaurantsandbars: 'Restaurants & bars', specialoffers: 'Special offers',
      sports: 'Sports', storchenkamera: 'Stork camera', meetingsandcelebrations: 'Meetings & celebrations',
      accommodation: 'Accommodation', aboutus: 'About us', events: 'Events', wellness: 'Wellness',
      paymentsuccess: 'Payment successful', spatreatments: 'Spa treatments', menu: 'Navigation',
    },
    facts: { fieldSize: 'Size (m²)', fieldMaxOccupancy: 'Guests', fieldPriceFrom: 'From EUR', fieldPrice: 'Price (EUR)', fieldDuration: 'Duration (min)', fieldArea: 'Area (m²)', fieldPricePerDay: 'Price per day', fieldEmploymentType: 'Employment', fieldStartDate: 'Start', fieldAuthor: 'Author', fieldDistance: 'Distance (km)' },
  },
};

export const HOTEL = {
  name: 'Schloss Storchenau — Hotel & Spa',
  address: ['Schlossallee 1', '14641 Storchenau', 'Germany'],
  phone: '+49 33237 889-0',
  email: 'info@schloss-storchenau.de',
  sisters: [
    { name: 'Gutshaus Lindenhof am See', url: 'https://www.gutshaus-lindenhof.de' },
    { name: 'Hotel Klosterhof Wiesenthal', url: 'https://www.klosterhof-wiesenthal.de' },
    { name: 'Strandvilla Kranichsand', url: 'https://www.strandvilla-kranichsand.de' },
  ],
  social: [
    { name: 'Instagram', url: 'https://www.instagram.com/schlossstorchenau/' },
    { name: 'Facebook', url: 'https://www.facebook.com/schlossstorchenau/' },
    { name: 'YouTube', url: 'https://www.youtube.com/@SchlossStorchenau' },
    { name: 'LinkedIn', url: 'https://www.linkedin.com/company/schloss-storchenau/' },
  ],
  awards: [
    { name: 'Relax Guide 2026 – 3 Lilien', src: '/badges/award-spa.svg' },
    { name: 'GreenSign Hotel Level 4', src: '/badges/award-green.svg' },
    { name: 'Gault&Millau 2 Hauben', src: '/badges/award-gourmet.svg' },
  ],
  booking: (lang) => `https://booking.storchenau-reservations.example/${lang}`,
};
