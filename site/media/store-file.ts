// A downloaded media file made publishable: its type checked against its bytes, an SVG rebuilt by an
// allow-list, pictures measured, then stored under <slug>.<hash><ext> in the cache (or the output
// folder without one).
import { createHash } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { imageSize } from 'image-size';
import type { LimitFunction } from 'p-limit';
import { FileProblem } from './fetch-problems';
import type { FetchResult } from './fetch-file';
import { freshUntil, writeBody, type CachedFile, type MediaCache } from './media-cache';
import type { MediaPlacement } from './media-placement';
import { EXTENSIONS, sharedType, typeProblem } from './media-types';
import { sanitizeSvg } from './svg-sanitize';

/** Bytes read from a spooled file to check its signature and measure it. */
const HEAD_BYTES = 512 * 1024;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface StoreContext {
  cache: MediaCache | null;
  mediaDir: string;
  fs: LimitFunction;
  placement: MediaPlacement;
  now(): number;
  /** When the stage started: the cache entry's last use. */
  started: number;
}

/** Checks and stores a downloaded body; returns the cache entry describing it. */
export async function storeFile(url: URL, fetched: Extract<FetchResult, { notModified: false }>, context: StoreContext): Promise<CachedFile> {
  const { cache, fs } = context;
  let { body, sha256, bytes } = fetched;
  const head = body ?? (await fs(() => readHead(fetched.spooled!)));
  const problem = typeProblem(fetched.contentType, head);
  if (problem) throw new FileProblem(problem);
  if (fetched.contentType === 'image/svg+xml') {
    if (!body) throw new FileProblem('an SVG this large is not published', { permanent: true });
    const safe = sanitizeSvg(body);
    if (!safe.ok) throw new FileProblem(`an SVG ${safe.reason} (opened on its own, it would run on the site's origin)`, { permanent: true });
    body = safe.svg;
    bytes = body.length;
    sha256 = createHash('sha256').update(body).digest('hex');
  }
  const { width, height } = fetched.contentType.startsWith('image/') ? measure(body ?? head) : { width: null, height: null };
  const name = `${baseName(url)}.${sha256.slice(0, 10)}${EXTENSIONS[fetched.contentType]}`;
  const target = cache ? await cache.bodyTarget(sha256) : join(context.mediaDir, name);
  let written: string | null = null;
  if (body) written = await writeBody(target, body);
  else await fs(() => rename(fetched.spooled!, target));
  if (body && fetched.spooled) await rm(fetched.spooled, { force: true });
  if (cache) await context.placement.place(name, target);
  else context.placement.written(name);
  const headers = fetched.headers;
  return {
    sha256, name, contentType: sharedType(fetched.contentType), bytes, width, height,
    etag: headers.get('etag'), lastModified: headers.get('last-modified'), freshUntil: freshUntil(headers, context.now()), usedAt: context.started, written,
  };
}

function measure(bytes: Buffer): { width: number | null; height: number | null } {
  try {
    const size = imageSize(bytes);
    return { width: size.width || null, height: size.height || null };
  } catch {
    // Not measurable: the CMS's own dimensions are used, if it gave any.
    return { width: null, height: null };
  }
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A short, safe file name from the URL's last path segment ("Tower Room.JPG" → "tower-room"). */
function baseName(url: URL): string {
  const { pathname } = url;
  let last = pathname.slice(pathname.lastIndexOf('/') + 1);
  try {
    last = decodeURIComponent(last);
  } catch {
    last = '';
  }
  const stem = last.slice(0, last.length - extname(last).length);
  // Most names are a slug already: what the replacements below would leave as it is.
  if (SLUG.test(stem)) return stem.slice(0, 60);
  // Plain ASCII, as most names are, has no accents to take off.
  const slug = (/^[\x20-\x7e]*$/.test(stem) ? stem : stem.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'media';
}
