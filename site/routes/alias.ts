// CMS path aliases are untrusted input: a path must stay inside its language folder of
// the output, must not be empty, must map to exactly one file on every file system, and must be a
// path the site's own servers and static hosts serve (docs/hardening.md). Pure.
import type { Locale } from '../model/content-types';
import { LOCALES } from '../model/content-types';
import { MAX_PATH_LENGTH } from './path-length';
import { hrefOfPath } from './url-to-file';

export type AliasResult = { ok: true; path: string; segments: string[] } | { ok: false; reason: string };

const MAX_SEGMENT_BYTES = 200;
const MAX_SEGMENTS = 16;
// Characters that mean something else in a file name or a URL.
const FORBIDDEN = /[\\?#<>"|*:]/;
// Characters nobody sees, or that make a path read other than it is: C0 and C1 controls, DEL, bidi
// embeddings, overrides, isolates and marks, zero-width spaces and joiners, the word joiner and
// invisible operators, the byte-order mark, the soft hyphen.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
// Device names Windows reserves in every folder, with any extension ("aux.txt", "nul.tar.gz").
const WINDOWS_DEVICE = /^(?:con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])(?:\.|$)/i;

// Text that every normalization form leaves as it is.
const ASCII = /^[\x00-\x7f]*$/;

const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Turns a CMS path ("/de/uebernachten/turmzimmer", "/de/Pressemeldungen/neu%C3%A9", "/node/12",
 * "https://cms.example/en/x") into a clean decoded path with the item's language prefix, or says
 * why it cannot be published. A path without language prefix gets the item's; a path with the
 * other language's prefix is refused.
 */
export function sanitizeAlias(raw: string | null | undefined, locale: Locale, cmsOrigin?: string): AliasResult {
  if (raw == null || !raw.trim()) return { ok: false, reason: 'the path is empty' };
  let value = raw.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) {
    if (!/^https?:\/\//i.test(value)) return { ok: false, reason: `"${raw}" is not a site path` };
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return { ok: false, reason: `"${raw}" is not a valid URL` };
    }
    // An absolute URL is the CMS's own address of the page, or a page of some other site.
    if (cmsOrigin && url.origin !== new URL(cmsOrigin).origin) return { ok: false, reason: `"${raw}" points to another host` };
    value = url.pathname;
  }
  if (!value.startsWith('/')) value = `/${value}`;
  if (value.startsWith('//')) return { ok: false, reason: `"${raw}" points to another host` };
  if (/[?#]/.test(value)) return { ok: false, reason: `"${raw}" contains a query or fragment` };
  const segments: string[] = [];
  for (const encoded of value.split('/')) {
    if (!encoded) continue;
    let segment = encoded;
    // Most aliases are plain ASCII with no escape: every kept item's path is checked again on
    // every rebuild, so what cannot change such a segment is skipped.
    if (encoded.includes('%')) {
      try {
        segment = decodeURIComponent(encoded);
      } catch {
        return { ok: false, reason: `"${raw}" has a malformed percent-escape` };
      }
    }
    if (segment === '.' || segment === '..') return { ok: false, reason: `"${raw}" leaves its folder (${segment})` };
    if (segment.includes('/') || FORBIDDEN.test(segment)) return { ok: false, reason: `"${raw}" contains a character not allowed in a path` };
    const invisible = INVISIBLE.exec(segment)?.[0];
    if (invisible) return { ok: false, reason: `"${raw}" contains an invisible or control character (${codePoint(invisible)})` };
    if (segment !== segment.trim() || segment.endsWith('.')) return { ok: false, reason: `"${raw}" has a segment ending in a space or dot` };
    // Hidden files are never served, by preview as by static hosts.
    if (segment.startsWith('.')) return { ok: false, reason: `"${raw}" has a segment starting with a dot (a hidden file to servers)` };
    if (WINDOWS_DEVICE.test(segment)) return { ok: false, reason: `"${raw}" has a segment Windows reserves for a device (${segment})` };
    // Pages are folders with an index.html: a folder of that name would sit where its parent's page is.
    if (segment.toLowerCase() === 'index.html') return { ok: false, reason: `"${raw}" names the file of its parent page (index.html)` };
    // A UTF-16 code unit is at most three bytes of UTF-8 (a surrogate pair four, for two).
    if (segment.length * 3 > MAX_SEGMENT_BYTES && Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) return { ok: false, reason: `"${raw}" has a segment longer than ${MAX_SEGMENT_BYTES} bytes` };
    segments.push(ASCII.test(segment) ? segment : segment.normalize('NFC'));
  }
  if (segments.length === 0) return { ok: false, reason: `"${raw}" is the site root` };
  const first = segments[0]!;
  if (first !== locale) {
    if ((LOCALES as readonly string[]).includes(first.toLowerCase())) {
      return { ok: false, reason: `"${raw}" has the language prefix /${first}/ but the item is in ${locale}` };
    }
    segments.unshift(locale);
  }
  if (segments.length > MAX_SEGMENTS) return { ok: false, reason: `"${raw}" is nested deeper than ${MAX_SEGMENTS} levels` };
  const path = `/${segments.join('/')}`;
  const length = hrefOfPath(path).length;
  if (length > MAX_PATH_LENGTH) return { ok: false, reason: `"${raw}" is ${length} characters long as a link; servers answer at most ${MAX_PATH_LENGTH}` };
  return { ok: true, path, segments };
}

/** Key under which two paths collide: file systems of macOS and Windows ignore case. */
export function collisionKey(path: string): string {
  return path.normalize('NFC').toLowerCase();
}
