// The security headers of the site (docs/hardening.md): one Content-Security-Policy that fits what
// the pages load — their own scripts, styles, media and fonts, the stylesheet's inline icons; the
// one inline script by its hash; the booking provider, the newsletter provider, analytics (only
// with an id) and the video players the site embeds after a click — plus framing, referrer and
// sniffing rules. The dev servers send them with every answer; the build writes them as `_headers`
// for Netlify and Cloudflare Pages, and the README shows the same for nginx.
import { createHash } from 'node:crypto';
import { HEAD_SCRIPT } from '../../templates/layout/head-script';
import { ANALYTICS_SCRIPT } from '../../templates/widgets/islands/analytics';
import type { ResolvedConfig } from '../config/define-config';

type SecurityConfig = Pick<ResolvedConfig, 'booking' | 'newsletter' | 'analytics' | 'hotel'> & Partial<Pick<ResolvedConfig, 'siteUrl'>>;

// Powerful features no page of the site uses, refused for it and every frame it embeds.
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), usb=()';
// A year, as hstspreload.org asks; not the subdomains, which may be other sites of the hotel.
const STRICT_TRANSPORT = 'max-age=31536000';

/** `'sha256-…'` of an inline script's or style's text, as CSP compares it. */
export function sourceHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

// The players templates/widgets/islands/VideoFacade.tsx loads after a click (site/content/normalize.ts, embedOf).
const VIDEO_PLAYERS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];
// What gtag.js loads and sends to, as Google documents for CSP.
const ANALYTICS_CONNECT = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'];

function originOf(url: string | null | undefined): string[] {
  if (!url || !/^https?:\/\//i.test(url)) return [];
  try {
    return [new URL(url.replaceAll('{locale}', 'de')).origin];
  } catch {
    return [];
  }
}

/** Texts of inline code beyond the pages' own: what the dev servers add (error page, live reload). */
export interface InlineCode {
  scripts?: readonly string[];
  styles?: readonly string[];
}

/** The policy as one header value. */
export function contentSecurityPolicy(config: SecurityConfig, inline: InlineCode = {}): string {
  const booking = originOf(config.booking.scriptUrl);
  const analytics = config.analytics.id ? originOf(ANALYTICS_SCRIPT) : [];
  const badges = [...config.hotel.awards, ...(config.hotel.ratingBadge ? [config.hotel.ratingBadge] : [])].flatMap((badge) => originOf(badge.image));
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...[HEAD_SCRIPT, ...(inline.scripts ?? [])].map(sourceHash), ...booking, ...analytics],
    'style-src': ["'self'", ...(inline.styles ?? []).map(sourceHash), ...booking],
    // data: for the icons the stylesheet carries inline (templates/styles/icons.css); an image
    // cannot run script, and markup that could name one is sanitized before it is published.
    'img-src': ["'self'", 'data:', ...badges, ...booking, ...(analytics.length ? ANALYTICS_CONNECT : [])],
    'font-src': ["'self'", ...booking],
    'media-src': ["'self'"],
    'connect-src': ["'self'", ...booking, ...(analytics.length ? ANALYTICS_CONNECT : [])],
    'frame-src': [...VIDEO_PLAYERS, ...booking],
    'form-action': ["'self'", ...originOf(config.newsletter.actionUrl), ...booking],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/** Every header, with the policy; the same for every page and file. */
export function securityHeaders(config: SecurityConfig, inline: InlineCode = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config, inline),
    // For browsers without frame-ancestors.
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
}

/** `_headers` in the format Netlify and Cloudflare Pages read: the headers for every path. */
export function headersFile(config: SecurityConfig): string {
  // Only the published site over https: the dev servers answer over http.
  const https = /^https:\/\//i.test(config.siteUrl ?? '') ? { 'Strict-Transport-Security': STRICT_TRANSPORT } : {};
  const lines = Object.entries({ ...securityHeaders(config), ...https }).map(([name, value]) => `  ${name}: ${value}`);
  return `/*\n${lines.join('\n')}\n`;
}
