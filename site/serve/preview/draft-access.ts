// Who sees drafts in `preview --drafts` (docs/drafts.md): a key made for this run, handed out as a
// link, turned into an HttpOnly cookie by opening that link. Only requests carrying the cookie see
// draft view; everything else is the published view, byte for byte what `build` writes.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const DRAFTS_PATH = '/__drafts';
export const LEAVE_PATH = '/__drafts/leave';
const COOKIE = 'hotel_site_drafts';

export interface DraftAccess {
  /** The link that enters draft view: `/__drafts?key=…`. */
  readonly enterPath: string;
  /** Whether this request carries the cookie of this run's key. */
  allows(req: IncomingMessage): boolean;
  /** The Set-Cookie value for a request to the enter link, or null when its key is wrong. */
  enter(search: string): string | null;
  /** The Set-Cookie value that leaves draft view. */
  leave(): string;
}

/** Headers of every draft-view answer: never kept by a cache, never indexed. */
export const DRAFT_HEADERS: Readonly<Record<string, string>> = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };

export function createDraftAccess(key = randomBytes(24).toString('base64url')): DraftAccess {
  const expected = Buffer.from(key);
  const matches = (value: string | null | undefined) => {
    if (!value) return false;
    const given = Buffer.from(value);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  // Lax, not Strict: following the CMS's preview link from its own origin is a cross-site
  // top-level navigation, which must still carry the cookie.
  const attributes = 'Path=/; HttpOnly; SameSite=Lax';
  return {
    enterPath: `${DRAFTS_PATH}?key=${encodeURIComponent(key)}`,
    allows: (req) => matches(cookieValue(req.headers.cookie, COOKIE)),
    enter: (search) => (matches(new URLSearchParams(search).get('key')) ? `${COOKIE}=${key}; ${attributes}` : null),
    leave: () => `${COOKIE}=; ${attributes}; Max-Age=0`,
  };
}

/** The value of one cookie in a Cookie header (RFC 6265 pairs, first match). */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return null;
}
