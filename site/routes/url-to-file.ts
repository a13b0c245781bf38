// "URL → output file", owned by this module alone. Pages are folders with index.html, so a
// static host serves /de/uebernachten/ for /de/uebernachten/index.html; error pages are files.
import { join, resolve, sep } from 'node:path';

/** Non-empty segments of characters encodeURIComponent leaves as they are, each after a slash. */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9\-_.!~*'()]+)+$/;

/** Site-relative href of a decoded alias path: each segment encoded, trailing slash. */
export function hrefOfPath(path: string): string {
  // Most aliases need no encoding; the route map, the link index and the page hashes ask for
  // every item's href, so those skip splitting and encoding.
  if (PLAIN_PATH.test(path)) return `${path}/`;
  const segments = path.split('/').filter(Boolean);
  return segments.length ? `/${segments.map(encodeURIComponent).join('/')}/` : '/';
}

/** The file a page href is written to, inside `outDir`; throws if it would land outside. */
export function fileOfHref(outDir: string, href: string): string {
  const segments = href.split('/').filter(Boolean).map(decodeURIComponent);
  const file = href.endsWith('.html') ? join(outDir, ...segments) : join(outDir, ...segments, 'index.html');
  const root = resolve(outDir) + sep;
  if (!resolve(file).startsWith(root)) throw new Error(`refusing to write outside the output folder: ${href}`);
  return file;
}
