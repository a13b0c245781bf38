// The media cache between builds (node_modules/.cache/hotel-site/media): each CMS file once, with
// what HTTP said about it. Entries follow HTTP caching (RFC 9111), as Astro's remote-image cache
// does: fresh for as long as the CMS's Cache-Control max-age (or Expires) allows; once stale,
// revalidated with If-None-Match / If-Modified-Since, so a file the editors replaced at the same
// URL is fetched again while an unchanged one costs an empty 304.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface CacheMeta {
  url: string;
  contentType: string;
  etag: string | null;
  lastModified: string | null;
  /** Epoch milliseconds until which the copy may be used without asking the CMS. */
  freshUntil: number;
}

export interface CacheEntry {
  /** The cached file's path (its body). */
  file: string;
  meta: CacheMeta | null;
}

export function cacheEntry(cacheDir: string, url: string): CacheEntry & { metaFile: string } {
  const file = join(cacheDir, createHash('sha256').update(url).digest('hex').slice(0, 32));
  return { file, metaFile: `${file}.json`, meta: null };
}

/** The entry's metadata, or null when there is none (or it is from an older layout). */
export async function readMeta(metaFile: string): Promise<CacheMeta | null> {
  try {
    const meta = JSON.parse(await readFile(metaFile, 'utf8')) as Partial<CacheMeta>;
    if (typeof meta.url !== 'string' || typeof meta.contentType !== 'string') return null;
    return { url: meta.url, contentType: meta.contentType, etag: meta.etag ?? null, lastModified: meta.lastModified ?? null, freshUntil: meta.freshUntil ?? 0 };
  } catch {
    return null;
  }
}

export function writeMeta(metaFile: string, meta: CacheMeta): Promise<void> {
  return writeFile(metaFile, JSON.stringify(meta));
}

/** Until when a response may be reused without revalidation (RFC 9111 4.2.1); 0 = revalidate. */
export function freshUntil(headers: Headers, now: number): number {
  const cacheControl = (headers.get('cache-control') ?? '').toLowerCase();
  if (/(^|,)\s*(no-store|no-cache)\b/.test(cacheControl)) return 0;
  const maxAge = /(?:^|,)\s*max-age\s*=\s*"?(\d+)/.exec(cacheControl)?.[1];
  if (maxAge !== undefined) {
    const age = Number(headers.get('age') ?? 0) || 0;
    return now + Math.max(0, Number(maxAge) - age) * 1000;
  }
  const expires = Date.parse(headers.get('expires') ?? '');
  const date = Date.parse(headers.get('date') ?? '');
  // Expires is relative to the server's clock (Date), not ours.
  if (Number.isFinite(expires)) return now + Math.max(0, expires - (Number.isFinite(date) ? date : now));
  return 0;
}

/** Conditional request headers for a stale entry. */
export function validators(meta: CacheMeta | null): Record<string, string> {
  const headers: Record<string, string> = {};
  if (meta?.etag) headers['if-none-match'] = meta.etag;
  if (meta?.lastModified) headers['if-modified-since'] = meta.lastModified;
  return headers;
}
