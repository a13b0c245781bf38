// GET/HEAD /media/<file>: the CMS's public files (site/cms/media/), with the headers a CDN or a
// browser relies on (type, length, ETag, caching, ranges for video) and never anything outside
// that folder: the raw request path is checked segment by segment before it touches the disk.
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { etagMatches, fileEtag, parseRange, sendFileBody } from '../http/conditional';
import { projectPath } from '../project-root';

export const MEDIA_DIR = projectPath('site', 'cms', 'media');

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
};

// Drupal's .htaccess gives public files two weeks.
const CACHE_CONTROL = 'public, max-age=1209600';

export type MediaLookup = { ok: true; segments: string[]; contentType: string } | { ok: false; status: 400 | 404 };

/**
 * The file a request path below /media/ names (`raw`: still percent-encoded, without the query).
 * Encoded slashes, backslashes, NUL, "." and ".." segments are refused rather than normalized:
 * a CMS file name never contains them, so they can only be an attempt to leave the folder.
 */
export function lookupMedia(raw: string): MediaLookup {
  if (/%(2f|5c|00)/i.test(raw)) return { ok: false, status: 400 };
  const segments: string[] = [];
  for (const encoded of raw.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(encoded);
    } catch {
      return { ok: false, status: 400 };
    }
    if (segment === '' || segment === '.' || segment === '..' || /[\\/\0]/.test(segment)) return { ok: false, status: 400 };
    segments.push(segment);
  }
  const contentType = CONTENT_TYPES[extname(segments.at(-1) ?? '').toLowerCase()];
  return contentType ? { ok: true, segments, contentType } : { ok: false, status: 404 };
}

let mediaRoot: Promise<string> | undefined;

export async function serveMedia(req: IncomingMessage, res: ServerResponse, raw: string): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
  const lookup = lookupMedia(raw);
  if (!lookup.ok) return sendText(res, lookup.status, lookup.status === 400 ? 'Bad request' : 'Not found');
  // Symlinks are followed only where they stay inside the folder.
  mediaRoot ??= realpath(MEDIA_DIR).catch(() => MEDIA_DIR);
  const root = await mediaRoot;
  const file = await realpath(join(root, ...lookup.segments)).catch(() => null);
  const stats = file?.startsWith(root + sep) ? await stat(file).catch(() => null) : null;
  if (!file || !stats?.isFile()) return sendText(res, 404, 'Not found');

  const etag = fileEtag(stats);
  const headers: Record<string, string> = {
    'Content-Type': lookup.contentType,
    ETag: etag,
    'Last-Modified': stats.mtime.toUTCString(),
    'Cache-Control': CACHE_CONTROL,
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
  };
  // An SVG opened on its own is a document that could run scripts.
  if (lookup.contentType === 'image/svg+xml') headers['Content-Security-Policy'] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
  if (etagMatches(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const range = parseRange(req.headers.range, stats.size);
  if (range === 'invalid') return sendText(res, 416, 'Range not satisfiable', { 'Content-Range': `bytes */${stats.size}` });
  await sendFileBody(req, res, file, stats.size, range, headers);
}

export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  const body = `${text}\n`;
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}
