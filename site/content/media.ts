// Media referenced by content is copied into the site (issue 2: the site never hot-links the CMS).
// Normalization registers every image, file and inline HTML image here with its CMS URL; the media
// stage downloads each URL once (bounded concurrency, retries, a cache between builds that follows
// HTTP freshness and revalidation: ./media-cache), writes it to
// <out>/media/<name>.<content hash>.<ext>, and patches the registered objects with the local href
// (and with width/height probed from the file when the CMS gave none). Media that the CMS answers
// with 404/403 or with something that is not an image is dropped with a warning; a CMS that stays
// down fails the build like any other request.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { imageSize } from 'image-size';
import pLimit from 'p-limit';
import { UserError } from '../errors';
import { backoffDelay } from './client';
import { cacheEntry, freshUntil, readMeta, validators, writeMeta, type CacheMeta } from './media-cache';
import { absoluteHttpUrl, mediaToken } from './sanitize-html';
import type { Download, Image, Picture } from './types';
import { int, obj, str, type Raw } from './read-raw';

interface LocalFile {
  href: string;
  bytes: number;
  contentType: string;
  width: number | null;
  height: number | null;
}

type Patch = (files: Map<string, LocalFile>) => void;

/** Collects media references during normalization; patches them once the files are local. */
export class MediaSet {
  private readonly urls = new Set<string>();
  private readonly patches: Patch[] = [];
  /** Pictures whose file could not be had; pruned from the content after patching. */
  readonly missing = new WeakSet<object>();
  private missed = 0;

  constructor(private readonly base: string) {}

  get size(): number {
    return this.urls.size;
  }

  /** Whether anything was marked missing: without, pruning has nothing to look for. */
  get anyMissing(): boolean {
    return this.missed > 0;
  }

  private markMissing(holder: object): void {
    this.missing.add(holder);
    this.missed++;
  }

  all(): string[] {
    return [...this.urls];
  }

  private image(raw: Raw | null, alt: string): Image | null {
    const url = absoluteHttpUrl(str(raw?.url), this.base);
    if (!raw || !url) return null;
    this.urls.add(url);
    const image: Image = { src: url, width: int(raw.width) ?? 0, height: int(raw.height) ?? 0, alt, title: str(raw.title) };
    this.patches.push((files) => {
      const file = files.get(url);
      if (!file) return this.markMissing(image);
      image.src = file.href;
      if (!(image.width > 0 && image.height > 0)) {
        if (!file.width || !file.height) return this.markMissing(image);
        image.width = file.width;
        image.height = file.height;
      }
    });
    return image;
  }

  /** A FieldImage with its derivatives (fragment Image). */
  picture(value: unknown): Picture | null {
    const raw = obj(value);
    const alt = str(raw?.alt) ?? '';
    const main = this.image(raw, alt);
    if (!main) return null;
    const picture: Picture = { ...main, card: this.image(obj(raw?.card), alt), hero: this.image(obj(raw?.hero), alt) };
    // The spread copied `main`; patch the copy and forget the original.
    this.patches.push(() => {
      picture.src = main.src;
      picture.width = main.width;
      picture.height = main.height;
      if (this.missing.has(main)) this.markMissing(picture);
      if (picture.card && this.missing.has(picture.card)) picture.card = null;
      if (picture.hero && this.missing.has(picture.hero)) picture.hero = null;
    });
    return picture;
  }

  /** A downloadable file (menu card, press kit): ImageResource. */
  download(value: unknown): Download | null {
    const url = absoluteHttpUrl(str(obj(value)?.url), this.base);
    if (!url) return null;
    this.urls.add(url);
    const download: Download = { src: url, bytes: 0, contentType: '' };
    this.patches.push((files) => {
      const file = files.get(url);
      if (!file) return this.markMissing(download);
      Object.assign(download, { src: file.href, bytes: file.bytes, contentType: file.contentType });
    });
    return download;
  }

  /** Inline images of sanitized HTML (tokens from sanitize-html.ts), patched in `holder[key]`. */
  html<K extends string>(holder: Record<K, string | null>, key: K, images: string[]): void {
    if (!images.length) return;
    for (const url of images) this.urls.add(url);
    this.patches.push((files) => {
      let html = holder[key];
      if (!html) return;
      for (const url of images) {
        const file = files.get(url);
        // An inline image that could not be had is removed rather than hot-linked.
        html = file
          ? html.split(mediaToken(url)).join(file.href)
          : html.replace(new RegExp(`<img[^>]*src="${escapeRegExp(mediaToken(url))}"[^>]*>`, 'g'), '');
      }
      holder[key] = html;
    });
  }

  /** Keeps `holder.src` equal to the local copy of `file` (and drops the holder with it). */
  follow(holder: { src: string }, file: Download): void {
    this.patches.push(() => {
      if (this.missing.has(file)) this.markMissing(holder);
      else holder.src = file.src;
    });
  }

  apply(files: Map<string, LocalFile>): void {
    for (const patch of this.patches) patch(files);
  }
}

// What makes an SVG more than a picture when it is opened as a document: script, handlers,
// embedded documents, entity tricks, and links anywhere but inside the file itself.
const SVG_HAZARDS: [RegExp, string][] = [
  [/<script\b/i, 'a script'],
  [/\son[a-z]+\s*=/i, 'an event handler'],
  [/javascript:|vbscript:|data:text\/html/i, 'a script URL'],
  [/<(foreignObject|iframe|embed|object|handler|listener)\b/i, 'an embedded document'],
  [/<!ENTITY/i, 'an entity declaration'],
  [/\b(?:xlink:)?href\s*=\s*(["'])\s*(?!#|data:image\/(?:png|jpe?g|gif|webp);)/i, 'a link out of the file'],
  [/@import|url\(\s*["']?\s*(?!#|data:image\/)/i, 'an external style resource'],
];

/** Why an SVG may not be published, or null when it is only a picture. Exported for tests. */
export function unsafeSvg(text: string): string | null {
  for (const [pattern, what] of SVG_HAZARDS) if (pattern.test(text)) return what;
  return null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Removes pictures and downloads that could not be had, anywhere in the content. */
export function pruneMissing<T>(value: T, missing: WeakSet<object>): T {
  if (Array.isArray(value)) {
    for (let i = value.length - 1; i >= 0; i--) {
      if (value[i] && typeof value[i] === 'object' && missing.has(value[i])) value.splice(i, 1);
      else pruneMissing(value[i], missing);
    }
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const child = record[key];
      if (child && typeof child === 'object' && missing.has(child)) record[key] = null;
      else pruneMissing(child, missing);
    }
  }
  return value;
}

export interface DownloadOptions {
  urls: string[];
  /** The dist folder being written; files go to <outDir>/media/. */
  outDir: string;
  /** Files kept between runs (./media-cache); null keeps nothing on disk. */
  cacheDir: string | null;
  concurrency: number;
  timeoutMs: number;
  retries: number;
  baseDelayMs?: number;
  onWarning: (message: string) => void;
  onRetry?: (message: string) => void;
  /** Decides what is fresh (default Date.now; tests). */
  now?: () => number;
}

export interface DownloadStats {
  downloaded: number;
  fromCache: number;
  failed: number;
  bytes: number;
}

const EXTENSIONS: Record<string, string> = {
  'image/svg+xml': '.svg',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
  'image/avif': '.avif',
  'image/gif': '.gif',
  'application/pdf': '.pdf',
  'video/mp4': '.mp4',
  'video/webm': '.webm',
};

class PermanentFailure extends Error {}

/** What one CMS file became locally; kept per process so watch and preview skip unchanged files. */
interface Resolved {
  name: string;
  bytes: number;
  contentType: string;
  width: number | null;
  height: number | null;
  freshUntil: number;
  /** Where the bytes are: the cache file, or the bytes themselves without a disk cache. */
  source: string | Buffer;
}
const resolvedInProcess = new Map<string, Resolved>();
/** Media files this process already wrote, by output path. */
const writtenInProcess = new Set<string>();

type Fetched = { notModified: true; headers: Headers } | { notModified: false; headers: Headers; body: Buffer; contentType: string };

/** Downloads every URL once; returns the local file for each one that could be had. */
export async function downloadMedia(options: DownloadOptions): Promise<{ files: Map<string, LocalFile>; stats: DownloadStats }> {
  const { outDir, cacheDir, timeoutMs, retries, baseDelayMs = 300 } = options;
  const now = options.now ?? Date.now;
  if (cacheDir) await mkdir(cacheDir, { recursive: true });
  await mkdir(join(outDir, 'media'), { recursive: true });
  const limit = pLimit(options.concurrency);
  const files = new Map<string, LocalFile>();
  const stats: DownloadStats = { downloaded: 0, fromCache: 0, failed: 0, bytes: 0 };
  const written = new Set<string>();

  async function fetchOnce(url: string, meta: CacheMeta | null): Promise<Fetched> {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow', headers: validators(meta) });
    if (response.status === 304 && meta) return { notModified: true, headers: response.headers };
    if (response.status === 404 || response.status === 403 || response.status === 410) {
      throw new PermanentFailure(`HTTP ${response.status}`);
    }
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!EXTENSIONS[contentType]) throw new PermanentFailure(`unsupported content type "${contentType || 'none'}"`);
    const body = Buffer.from(await response.arrayBuffer());
    const unsafe = contentType === 'image/svg+xml' ? unsafeSvg(body.toString('utf8')) : null;
    if (unsafe) throw new PermanentFailure(`an SVG with ${unsafe} is not published (opened on its own, it would run on the site's origin)`);
    return { notModified: false, headers: response.headers, body, contentType };
  }

  async function fetchWithRetries(url: string, meta: CacheMeta | null): Promise<Fetched> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await limit(() => fetchOnce(url, meta));
      } catch (error) {
        if (error instanceof PermanentFailure || attempt >= retries) throw error;
        const delay = backoffDelay(attempt, baseDelayMs, 10_000);
        options.onRetry?.(`media ${url}: ${(error as Error).message}; retry ${attempt + 1} in ${delay} ms`);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  /** The file's bytes and type: the cached copy while fresh or confirmed by a 304, else downloaded. */
  async function obtain(url: string): Promise<{ body: Buffer; contentType: string; freshUntil: number } | null> {
    const entry = cacheDir ? cacheEntry(cacheDir, url) : null;
    const meta = entry ? await readMeta(entry.metaFile) : null;
    const cachedBody = entry && meta ? await readFile(entry.file).catch(() => null) : null;
    const usable = meta && cachedBody ? meta : null;
    if (usable && cachedBody && usable.freshUntil > now()) {
      stats.fromCache++;
      return { body: cachedBody, contentType: usable.contentType, freshUntil: usable.freshUntil };
    }
    let fetched: Fetched;
    try {
      fetched = await fetchWithRetries(url, usable);
    } catch (error) {
      if (error instanceof PermanentFailure) {
        stats.failed++;
        options.onWarning(`media ${url} left out: ${error.message}`);
        return null;
      }
      // The CMS cannot be asked right now: a copy it once sent is better than no build (RFC 9111
      // 4.2.4, serving stale on error).
      if (usable && cachedBody) {
        options.onWarning(`media ${url}: could not be revalidated (${(error as Error).message}); using the copy from an earlier build`);
        stats.fromCache++;
        return { body: cachedBody, contentType: usable.contentType, freshUntil: 0 };
      }
      throw new UserError(`Downloading media ${url} failed after ${retries + 1} attempts: ${(error as Error).message}`, {
        cause: error,
        hint: 'Check that the CMS serves its media, then build again. Nothing was published.',
      });
    }
    const fresh = freshUntil(fetched.headers, now());
    if (fetched.notModified && entry) {
      stats.fromCache++;
      await writeMeta(entry.metaFile, { ...usable!, freshUntil: fresh, etag: fetched.headers.get('etag') ?? usable!.etag });
      return { body: cachedBody!, contentType: usable!.contentType, freshUntil: fresh };
    }
    if (fetched.notModified) throw new Error(`media ${url}: HTTP 304 to a request without validators`);
    if (entry) {
      await writeFile(entry.file, fetched.body);
      await writeMeta(entry.metaFile, {
        url, contentType: fetched.contentType, etag: fetched.headers.get('etag'), lastModified: fetched.headers.get('last-modified'), freshUntil: fresh,
      });
    }
    stats.downloaded++;
    return { body: fetched.body, contentType: fetched.contentType, freshUntil: fresh };
  }

  async function resolve(url: string): Promise<Resolved | null> {
    // Only with a disk cache (a configured CMS): the embedded backend's files are the project's
    // own, edited in place under the same URL, and cheap to read again.
    const known = cacheDir ? resolvedInProcess.get(`${cacheDir}\0${url}`) : undefined;
    if (known && known.freshUntil > now()) {
      stats.fromCache++;
      return known;
    }
    const got = await obtain(url);
    if (!got) return null;
    const { body, contentType } = got;
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
    let width: number | null = null;
    let height: number | null = null;
    if (contentType.startsWith('image/')) {
      try {
        ({ width, height } = imageSize(body) as { width: number; height: number });
      } catch {
        // Not a readable image: keep the CMS's dimensions, if any.
      }
    }
    const source = cacheDir ? cacheEntry(cacheDir, url).file : body;
    const resolved = { name: `${baseName(url)}.${hash}${EXTENSIONS[contentType]}`, bytes: body.length, contentType, width, height, freshUntil: got.freshUntil, source };
    if (cacheDir) resolvedInProcess.set(`${cacheDir}\0${url}`, resolved);
    return resolved;
  }

  async function one(url: string): Promise<void> {
    const resolved = await resolve(url);
    if (!resolved) return;
    const { name } = resolved;
    const target = join(outDir, 'media', name);
    if (!written.has(name)) {
      written.add(name);
      stats.bytes += resolved.bytes;
      if (!writtenInProcess.has(target)) {
        await (typeof resolved.source === 'string' ? copyFile(resolved.source, target) : writeFile(target, resolved.source));
        writtenInProcess.add(target);
      }
    }
    files.set(url, { href: `/media/${name}`, bytes: resolved.bytes, contentType: resolved.contentType, width: resolved.width, height: resolved.height });
  }

  await Promise.all(options.urls.map(one));
  return { files, stats };
}

/** A short, safe file name from the URL's last path segment ("Tower Room.JPG" → "tower-room"). */
function baseName(url: string): string {
  let last = '';
  try {
    last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    // keep empty
  }
  const stem = last.slice(0, last.length - extname(last).length);
  const slug = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'media';
}

