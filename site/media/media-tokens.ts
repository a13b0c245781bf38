// The token a CMS URL becomes in the content until its file is local, and the local file it
// becomes then (./media-refs walks the content; ./inline-media rewrites HTML).
import { randomBytes } from 'node:crypto';

/** One file made local by the media stage. */
export interface LocalFile {
  href: string;
  bytes: number;
  contentType: string;
  width: number | null;
  height: number | null;
}

// A per-process nonce: text from the CMS cannot forge a token.
const TOKEN_PREFIX = `/__hotel-site-media-${randomBytes(6).toString('hex')}__/`;
const TOKEN_PATTERN = new RegExp(`${TOKEN_PREFIX.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([A-Za-z0-9%._~!*'()-]*)`, 'g');

/** This process's token prefix: content kept by another process has its tokens renamed to it (site/incremental/list-snapshots.ts). */
export const MEDIA_TOKEN_PREFIX = TOKEN_PREFIX;

/**
 * Tokens handed out during the current fetch, each by itself: an image is named by the items of both
 * languages, and its token then stays one string in the content until the file is local, not one
 * per item. Forgotten when the fetch ends (forgetIssuedTokens), as the content holds what it needs.
 */
const issued = new Map<string, string>();

export function mediaToken(url: string): string {
  const token = TOKEN_PREFIX + encodeURIComponent(url);
  const known = issued.get(token);
  if (known !== undefined) return known;
  issued.set(token, token);
  return token;
}

/** The fetch is over: later tokens need not be the same strings as the ones handed out so far. */
export function forgetIssuedTokens(): void {
  issued.clear();
}

export function hasMediaToken(text: string): boolean {
  return text.includes(TOKEN_PREFIX);
}

/** The URL a whole-string token names, or null. */
export function tokenUrl(text: string): string | null {
  if (!text.startsWith(TOKEN_PREFIX)) return null;
  try {
    return decodeURIComponent(text.slice(TOKEN_PREFIX.length));
  } catch {
    return null;
  }
}

/** Replaces every token in `text` through `replace(url)`. */
export function replaceTokens(text: string, replace: (url: string) => string): string {
  return text.replace(TOKEN_PATTERN, (_, encoded: string) => {
    let url: string;
    try {
      url = decodeURIComponent(encoded);
    } catch {
      return '';
    }
    return replace(url);
  });
}
