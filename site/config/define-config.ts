// The shape of site.config.ts. `defineConfig` only gives the editor types; site/config/load-config.ts
// bundles the file, imports it and validates it against SITE_CONFIG_SCHEMA (unknown keys and wrong
// types are errors that name the file and the key).
import type { CmsToken } from '../content/cms-token';
import type { Locale } from '../model/content-types';
import type { HotelFacts } from '../model/site-settings';

// What pages see of the hotel is the model's; site.config.ts names it from here.
export type { BadgeImage, HotelFacts, LinkTarget } from '../model/site-settings';

export interface SiteConfig {
  /** Absolute origin the site is published on, e.g. "https://www.schloss-example.de". */
  siteUrl: string;
  locales?: {
    default: Locale;
    all: Locale[];
  };
  content?: {
    /** GraphQL endpoint of the CMS. Unset: the embedded content backend. */
    endpoint?: string;
    /**
     * A file holding the access token of the CMS account to query as (docs/cms-account.md),
     * relative to this config's folder. --token-file and HOTEL_SITE_CMS_TOKEN come first.
     */
    tokenFile?: string;
    /** Requests in flight at most (default 8). */
    concurrency?: number;
    /** Per-request timeout in ms (default 15000). */
    timeoutMs?: number;
    /** Retries after the first attempt on network errors, timeouts and HTTP 5xx (default 4). */
    retries?: number;
    /**
     * Hosts media may also come from besides the CMS's own origin, e.g. a CDN:
     * "https://cdn.example.com" (or "cdn.example.com", meaning https). See docs/media.md.
     */
    mediaHosts?: string[];
    /**
     * Media downloads in flight at most (default 32): files are cheap for a CMS or CDN to serve
     * and a cold build asks for tens of thousands, so they get more than GraphQL requests.
     */
    mediaConcurrency?: number;
    /** Largest media file published, in bytes after decompression (default 50 MB); larger ones are left out. */
    maxMediaBytes?: number;
    /** Time one media file may take, body included, in ms (default 60000); slower ones are left out. */
    mediaDeadlineMs?: number;
    /** Largest GraphQL answer read, in bytes after decompression (default 64 MB); a larger one fails the build. */
    maxResponseBytes?: number;
  };
  /**
   * Everything kept between builds (the media cache), relative to the project
   * (default node_modules/.cache/hotel-site). `--cache-dir` overrides it.
   */
  cacheDir?: string;
  /**
   * Hours after which `build` renders every page again even if no input changed (default 24):
   * a safety net for CMS edits no list version shows (docs/incremental.md).
   */
  cacheMaxAgeHours?: number;
  hotel: HotelFacts;
  booking: {
    /** Provider script URL; "{locale}" is replaced by the page language. */
    scriptUrl: string;
    /** Name of the global function the provider defines to open its sidebar. */
    openFunction: string;
    /** Page to go to when the provider script cannot be loaded, per language. */
    fallbackUrl: Partial<Record<Locale, string>>;
  };
  newsletter?: {
    /** Where the sign-up form posts to (the newsletter provider). */
    actionUrl: string;
  };
  analytics?: {
    /** Analytics measurement id; unset = no analytics at all. */
    id?: string;
  };
  /** Largest JavaScript (gzipped bytes, all files together) any page may load (default 80 KiB). */
  jsBudgetBytes?: number;
}

export interface ResolvedConfig {
  /** Without trailing slash. */
  siteUrl: string;
  locales: { default: Locale; all: Locale[] };
  content: {
    endpoint: string | null;
    /** The CMS account's token; null: queries go anonymous. */
    token: CmsToken | null;
    concurrency: number;
    timeoutMs: number;
    retries: number;
    mediaHosts: string[];
    mediaConcurrency: number;
    maxMediaBytes: number;
    mediaDeadlineMs: number;
    maxResponseBytes: number;
  };
  /** Absolute. */
  cacheDir: string;
  cacheMaxAgeHours: number;
  hotel: HotelFacts;
  booking: SiteConfig['booking'];
  newsletter: { actionUrl: string | null };
  analytics: { id: string | null };
  jsBudgetBytes: number;
}

export function defineConfig(config: SiteConfig): SiteConfig {
  return config;
}
