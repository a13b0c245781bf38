// gzip or brotli as the request's Accept-Encoding allows, with the compressed bodies of
// recent representations kept, keyed by ETag: reloading a page or its stylesheet does not compress
// it again. Brotli at quality 5: nearly the size of 11 at a fraction of the time, as CDNs do
// on the fly.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Below this, compression saves less than the headers it costs. */
export const MIN_COMPRESS_BYTES = 512;
const CACHE_BYTES = 64 * 1024 * 1024;

/** The best encoding the client accepts ("br;q=1, gzip;q=0.8", "*", "identity"), or null. */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).filter((name) => weightOf(name) > 0).sort((a, b) => weightOf(b) - weightOf(a));
  return best[0] ?? null;
}

/** Least recently used first (Map keeps insertion order; a hit is re-inserted). */
const cache = new Map<string, Buffer>();
let cachedBytes = 0;

export function compress(body: Buffer, encoding: Encoding, key: string | null): Buffer {
  const cacheKey = key === null ? null : `${encoding}:${key}`;
  const hit = cacheKey === null ? undefined : cache.get(cacheKey);
  if (hit && cacheKey !== null) {
    cache.delete(cacheKey);
    cache.set(cacheKey, hit);
    return hit;
  }
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : gzipSync(body, { level: 6 });
  if (cacheKey !== null && compressed.length < CACHE_BYTES / 8) {
    cache.set(cacheKey, compressed);
    cachedBytes += compressed.length;
    for (const [oldKey, old] of cache) {
      if (cachedBytes <= CACHE_BYTES) break;
      cache.delete(oldKey);
      cachedBytes -= old.length;
    }
  }
  return compressed;
}
