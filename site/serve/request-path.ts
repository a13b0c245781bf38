// Request URL → safe path segments, before anything touches the file system (traversal is
// refused with 400/404 and never reads outside the served folder). Pure, so every hostile form is
// unit-tested alone. The raw path is split on "/" first and each segment decoded on its own, so an
// encoded slash can never create a segment boundary; anything a file system could read as a step
// up, a separator or a terminator is refused rather than "cleaned". A path longer than the build
// ever publishes is refused (site/routes/path-length.ts: one rule for both).
import { MAX_PATH_LENGTH } from '../routes/path-length';

const MAX_SEGMENTS = 32;

export type RequestPath =
  | {
      ok: true;
      /** Decoded segments, no empty ones: "/de/uebernachten/" → ["de", "uebernachten"]. */
      segments: string[];
      /** The request named a folder ("/de/") or the root. */
      trailingSlash: boolean;
      /** The raw query string with its "?", or "". */
      search: string;
      /** Canonical href of the path: segments re-encoded as page hrefs are (site/routes/url-to-file). */
      href: string;
    }
  | { ok: false; status: 400 | 404; reason: string };

/** A path that passed the checks. */
export type ServedPath = Extract<RequestPath, { ok: true }>;

const refuse = (status: 400 | 404, reason: string): RequestPath => ({ ok: false, status, reason });

// Control characters (NUL among them), backslash (a separator on Windows and in some URL parsers)
// and the characters Windows reserves in file names.
const FORBIDDEN_IN_SEGMENT = /[\u0000-\u001f\u007f\\:*?"<>|]/;

export function parseRequestPath(rawUrl: string | undefined): RequestPath {
  const raw = rawUrl ?? '/';
  const queryAt = raw.search(/[?#]/);
  const path = queryAt === -1 ? raw : raw.slice(0, queryAt);
  if (path.length > MAX_PATH_LENGTH) return refuse(400, 'request path too long');
  const search = queryAt === -1 || raw[queryAt] === '#' ? '' : raw.slice(queryAt).split('#')[0]!;
  // Absolute-form targets ("http://host/x") and "*" are proxy business, not a static host's.
  if (!path.startsWith('/')) return refuse(400, 'request path must start with "/"');
  // Encoded "/" or "\" would smuggle a separator past the split below.
  if (/%(2f|5c)/i.test(path)) return refuse(400, 'encoded slash in request path');
  if (path.includes('\\')) return refuse(400, 'backslash in request path');

  const parts = path.slice(1).split('/');
  const trailingSlash = parts[parts.length - 1] === '';
  if (trailingSlash) parts.pop();
  if (parts.length > MAX_SEGMENTS) return refuse(400, 'too many path segments');

  const segments: string[] = [];
  for (const part of parts) {
    // "//" is not a folder of anything we serve; a static host would not find a file there either.
    if (part === '') return refuse(400, 'empty path segment');
    let segment: string;
    try {
      // Throws on malformed escapes and on invalid UTF-8, overlong encodings ("%c0%ae") included.
      segment = decodeURIComponent(part);
    } catch {
      return refuse(400, 'malformed percent-encoding');
    }
    if (segment === '.' || segment === '..') return refuse(400, 'dot segment in request path');
    if (FORBIDDEN_IN_SEGMENT.test(segment)) return refuse(400, 'forbidden character in request path');
    // Hidden files (.git, .env, an editor's swap file) are never part of a site: not found.
    if (segment.startsWith('.')) return refuse(404, 'hidden file');
    segments.push(segment);
  }
  const href = `/${segments.map(encodeURIComponent).join('/')}${segments.length && trailingSlash ? '/' : ''}`;
  return { ok: true, segments, trailingSlash: trailingSlash || segments.length === 0, search, href };
}

/**
 * Where the not-found page of a refused path comes from: only its first segment, if that is plain
 * (a hidden file under /en/ gets the English page).
 */
export function refusedPathScope(rawUrl: string | undefined): ServedPath {
  const first = /^\/([a-z]{2})\//.exec(rawUrl ?? '')?.[1];
  return { ok: true, segments: first ? [first] : [], trailingSlash: true, search: '', href: first ? `/${first}/` : '/' };
}
