// The normalized content model: what the fetch stage hands to routing and rendering.
// Everything here is already validated and safe to render: text is plain text (React escapes it),
// `Html` strings were sanitized to the allow-list in site/content/sanitize-html.ts, URLs of media
// point at the copies in dist/ (site/content/media.ts), and references are resolved to items of the
// same language that are published.

export type Locale = 'de' | 'en';
export const LOCALES: readonly Locale[] = ['de', 'en'];

/** Bundle machine names of the schema's content types (the `type` filter value). */
export const NODE_TYPES = [
  'accommodation',
  'restaurants_bars',
  'courses_and_menus',
  'meetingsandcelebrations',
  'functions_rooms',
  'wellness',
  'spa_treatments',
  'sports',
  'events',
  'highlights',
  'packages_and_special_offers',
  'aboutus',
  'careers',
  'article',
  'press_releases',
  'destination',
  'excursions',
  'golf',
  'health_page',
  'landing_page',
  'legal_pages',
  'notifications',
  'page',
] as const;
export type NodeType = (typeof NODE_TYPES)[number];

/** Sanitized HTML (allow-list), ready for dangerouslySetInnerHTML. */
export type Html = string & { readonly __html: unique symbol };

export interface Image {
  /** Site-relative URL of the downloaded copy, e.g. "/media/tower-room.3f2a9c1b.svg". */
  src: string;
  width: number;
  height: number;
  alt: string;
  title: string | null;
}

/** A responsive set: the original plus the CMS's derivatives that exist. */
export interface Picture extends Image {
  /** Smaller derivative for cards (MEDIUM/LARGE), or null when the CMS gave none. */
  card: Image | null;
  /** Wide derivative for heroes (HERO/WIDE), or null. */
  hero: Image | null;
}

export interface Download {
  src: string;
  bytes: number;
  contentType: string;
}

export interface Term {
  tid: number;
  vocabulary: string;
  name: string;
  weight: number;
  icon: Image | null;
}

export interface Link {
  title: string;
  /** Site-relative href (with trailing slash for site pages) or an absolute http(s)/mailto/tel URL. */
  href: string;
  external: boolean;
}

export interface DateRange {
  /** ISO 8601 as given by the CMS (events: date-time in Europe/Berlin; offers: dates). */
  start: string;
  end: string | null;
}

// ---------- paragraphs ----------

export interface TileRef {
  nid: number;
  type: NodeType;
  title: string;
  teaser: string | null;
  href: string;
  image: Picture | null;
}

export type RemoteVideo = { kind: 'remote'; url: string; title: string; provider: 'youtube' | 'vimeo' | 'other'; embedUrl: string | null };
export type FileVideo = { kind: 'file'; title: string; src: string; width: number | null; height: number | null };

export type Paragraph =
  | { kind: 'activity_card'; id: number; title: string | null; text: Html | null; image: Picture | null; link: Link | null }
  /** `nids`: the items the CMS named, in its order; `tiles`: those that are published, resolved once every item is known. */
  | { kind: 'block_tiles'; id: number; title: string | null; nids: number[]; tiles: TileRef[] }
  | { kind: 'call_to_action'; id: number; title: string | null; text: Html | null; link: Link | null; opensBooking: boolean }
  | { kind: 'contact_cards'; id: number; title: string | null; contacts: Contact[] }
  | { kind: 'free_html'; id: number; html: Html }
  | { kind: 'map'; id: number; title: string | null; latitude: number | null; longitude: number | null; zoom: number | null; address: string | null }
  | { kind: 'logo_grid'; id: number; title: string | null; logos: Logo[] }
  | { kind: 'logo_title_link'; id: number; logo: Logo }
  | { kind: 'video'; id: number; title: string | null; video: RemoteVideo | FileVideo | null };

export interface Contact {
  name: string;
  role: string | null;
  phone: string | null;
  email: string | null;
  image: Picture | null;
}

export interface Logo {
  title: string | null;
  image: Picture | null;
  link: Link | null;
}

// ---------- content items ----------

export interface ItemBase {
  nid: number;
  locale: Locale;
  title: string;
  /** Sanitized alias path without trailing slash, e.g. "/de/uebernachten/turmzimmer". */
  path: string;
  weight: number;
  created: number | null;
  changed: number | null;
  sticky: boolean;
  promote: boolean;
  teaser: string | null;
  body: Html | null;
  metaDescription: string | null;
  images: Picture[];
  paragraphs: Paragraph[];
}

export interface Accommodation extends ItemBase {
  type: 'accommodation';
  category: Term | null;
  roomFeatures: Term[];
  bathroomFeatures: Term[];
  views: Term[];
  /** Square metres. */
  size: number | null;
  maxOccupancy: number | null;
  /** EUR per night. */
  priceFrom: number | null;
}

export interface RestaurantBar extends ItemBase {
  type: 'restaurants_bars';
  category: Term | null;
  openingHours: Html | null;
  /** nids of courses_and_menus items (resolve with ContentIndex.get). */
  courses: number[];
}

export interface CourseMenu extends ItemBase {
  type: 'courses_and_menus';
  price: number | null;
  menuFile: Download | null;
}

export interface MeetingCelebration extends ItemBase {
  type: 'meetingsandcelebrations';
  /** nids of functions_rooms items. */
  functionRooms: number[];
}

export interface FunctionRoom extends ItemBase {
  type: 'functions_rooms';
  area: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  seating: Record<SeatingLayout, number | null>;
  location: Term | null;
  pricePerDay: number | null;
  priceShortUsage: number | null;
}
export const SEATING_LAYOUTS = ['theatre', 'classroom', 'uShape', 'block', 'banquet'] as const;
export type SeatingLayout = (typeof SEATING_LAYOUTS)[number];

export interface Wellness extends ItemBase {
  type: 'wellness';
  /** Term (wellness_treatment_categories) to preselect in the spa treatments list. */
  preselectCategory: Term | null;
  /** Content type machine name the item leads to instead of a detail page (e.g. "spa_treatments"). */
  sublistContentType: string | null;
}

export interface SpaTreatment extends ItemBase {
  type: 'spa_treatments';
  categories: Term[];
  /** Minutes. */
  duration: number | null;
  price: number | null;
}

export interface Sport extends ItemBase {
  type: 'sports';
  experience: Term[];
}

export interface Event extends ItemBase {
  type: 'events';
  date: DateRange | null;
  categories: Term[];
}

export interface Highlight extends ItemBase {
  type: 'highlights';
  link: Link | null;
}

export interface SpecialOffer extends ItemBase {
  type: 'packages_and_special_offers';
  categories: Term[];
  validity: DateRange | null;
  /** EUR per person, from. */
  price: number | null;
}

export interface AboutUs extends ItemBase {
  type: 'aboutus';
  /** Route name (careers, articles, pressreleases, ...) the item leads to instead of a detail page. */
  sublist: string | null;
}

export interface Career extends ItemBase {
  type: 'careers';
  employmentType: string | null;
  startDate: string | null;
  contactEmail: string | null;
}

export interface Article extends ItemBase {
  type: 'article';
  author: string | null;
}

export interface PressRelease extends ItemBase {
  type: 'press_releases';
  attachment: Download | null;
}

export interface Excursion extends ItemBase {
  type: 'excursions';
  /** Kilometres from the hotel. */
  distance: number | null;
}

export interface Notification extends ItemBase {
  type: 'notifications';
  link: Link | null;
}

export interface PlainItem extends ItemBase {
  type: 'destination' | 'golf' | 'health_page' | 'landing_page' | 'legal_pages' | 'page';
}

export type ContentItem =
  | Accommodation
  | RestaurantBar
  | CourseMenu
  | MeetingCelebration
  | FunctionRoom
  | Wellness
  | SpaTreatment
  | Sport
  | Event
  | Highlight
  | SpecialOffer
  | AboutUs
  | Career
  | Article
  | PressRelease
  | Excursion
  | Notification
  | PlainItem;

export type ItemOf<T extends NodeType> = Extract<ContentItem, { type: T }>;

/** A menu entry from the menu query (limit 50 per type, weight then title). */
export interface MenuEntry {
  nid: number;
  title: string;
  href: string;
  /** True for the Wellness Booking pseudo-entry (nid 99999): opens the booking sidebar. */
  opensBooking: boolean;
}

export interface MenuTopic {
  /** Route id of the topic's list page (see site/model/route-table.ts). */
  routeId: string;
  overviewHref: string;
  entries: MenuEntry[];
}
