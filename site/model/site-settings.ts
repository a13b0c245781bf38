// What pages see of the site's configuration. site/config/define-config.ts describes site.config.ts;
// its ResolvedConfig holds all of this and what only the generator reads (the CMS, the cache).
import type { Locale } from './content-types';

export interface LinkTarget {
  name: string;
  url: string;
}

export interface BadgeImage {
  name: string;
  /** Site-relative (served from the project's templates/public folder) or absolute URL. */
  image: string;
  url?: string;
  width: number;
  height: number;
}

export interface HotelFacts {
  name: string;
  address: {
    street: string;
    postalCode: string;
    city: string;
    country: string;
  };
  /** As shown, e.g. "+49 3322 2107-0"; links use the digits. */
  phone: string;
  email: string;
  sisterHotels: LinkTarget[];
  social: LinkTarget[];
  awards: BadgeImage[];
  ratingBadge: BadgeImage | null;
  geo?: { latitude: number; longitude: number };
}

export interface SiteSettings {
  /** Without trailing slash. */
  siteUrl: string;
  locales: { default: Locale; all: Locale[] };
  hotel: HotelFacts;
  booking: {
    /** Provider script URL; "{locale}" is replaced by the page language. */
    scriptUrl: string;
    /** Name of the global function the provider defines to open its sidebar. */
    openFunction: string;
    /** Page to go to when the provider script cannot be loaded, per language. */
    fallbackUrl: Partial<Record<Locale, string>>;
  };
  newsletter: { actionUrl: string | null };
  analytics: { id: string | null };
}
