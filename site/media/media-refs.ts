// Media references in the content model (docs/media.md). Normalization never writes a CMS URL into
// the content: every image, file and inline HTML reference becomes a token naming the URL, and the
// URL is handed to the media stage at once (downloads start while other lists are still being
// fetched). Once the files are local, one walk over the final content tree (localizeMedia) turns
// each token into the local href — wherever the object holding it was copied to — adds width and
// height where the CMS gave none, and removes what could not be had: a picture or file from its
// list or field, an inline image from its HTML, a link to a file is unwrapped to its text.
import type { Download, Image, Picture } from '../model/content-types';
import { int, obj, str } from '../content/read-raw';
import { rewriteInlineMedia } from './inline-media';
import { hasMediaToken, mediaToken, tokenUrl, type LocalFile } from './media-tokens';

/**
 * Receives every URL the content references, with who references it (for warnings); `kept`: named
 * by an item unchanged since the last build (site/media/download-media.ts).
 */
export type MediaSink = (url: string, owner: string, kept?: boolean) => void;

/** Turns raw image and file fields into token-bearing content objects; see the header. */
export class MediaRefs {
  constructor(
    private readonly base: string,
    private readonly sink: MediaSink,
    private readonly owner = 'content',
  ) {}

  /** The same references, attributed to one item in warnings ("accommodation nid 12 (de)"). */
  forOwner(owner: string): MediaRefs {
    return new MediaRefs(this.base, this.sink, owner);
  }

  /** Registers `url` (absolute, or relative to the CMS) and returns its token. */
  token(url: string): string | null {
    const absolute = resolveUrl(url, this.base);
    if (!absolute) return null;
    this.sink(absolute, this.owner);
    return mediaToken(absolute);
  }

  /** URLs cleaned HTML references (already tokens in that HTML). */
  registerAll(urls: readonly string[]): void {
    for (const url of urls) this.sink(url, this.owner);
  }

  private image(raw: ReturnType<typeof obj>, alt: string): Image | null {
    const src = raw ? this.token(str(raw.url) ?? '') : null;
    if (!raw || !src) return null;
    return { src, width: int(raw.width) ?? 0, height: int(raw.height) ?? 0, alt, title: str(raw.title) };
  }

  /** A FieldImage with its derivatives (fragment Image). */
  picture(value: unknown): Picture | null {
    const raw = obj(value);
    const alt = str(raw?.alt) ?? '';
    const main = this.image(raw, alt);
    return main && Object.assign(main, { card: this.image(obj(raw?.card), alt), hero: this.image(obj(raw?.hero), alt) });
  }

  /** A downloadable file (menu card, press kit, video file): ImageResource. */
  download(value: unknown): Download | null {
    const src = this.token(str(obj(value)?.url) ?? '');
    return src ? { src, bytes: 0, contentType: '' } : null;
  }
}

/** An absolute URL for a reference, or null for what is no URL at all (junk, data:). */
export function resolveUrl(value: string, base: string): string | null {
  if (!value.trim() || /^\s*data:/i.test(value)) return null;
  try {
    return new URL(value, base).href;
  } catch {
    // Kept as written: the media stage refuses it with a warning naming the item.
    return /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : null;
  }
}

/**
 * Makes every media reference under `root` local (see the header). Objects shared by several
 * parents (terms, tiles) are visited once; cycles are fine.
 */
export function localizeMedia(root: unknown, files: ReadonlyMap<string, LocalFile>): void {
  // Strong sets, dropped with the walk: a WeakSet of a million objects made every garbage collection
  // during the walk process it as ephemerons, and costs two lookups where one does.
  const seen = new Set<object>();
  const removed = new Set<object>();
  /** The holder with its token made local, or false when it must go. */
  const localize = (holder: Record<string, unknown>, url: string): boolean => {
    const file = files.get(url);
    if (!file) return false;
    holder.src = file.href;
    if ('alt' in holder) {
      // An image: a page must know its size before it loads (no layout shift).
      if (!((holder.width as number) > 0 && (holder.height as number) > 0)) {
        if (!file.width || !file.height) return false;
        holder.width = file.width;
        holder.height = file.height;
      }
    } else if ('bytes' in holder) {
      holder.bytes = file.bytes;
      holder.contentType = file.contentType;
    }
    return true;
  };
  /** Whether `value` (an object) survives; strings in it are rewritten. */
  const visit = (value: object): boolean => {
    const known = seen.size;
    if (seen.add(value).size === known) return !removed.has(value);
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        const child: unknown = value[i];
        if (typeof child === 'string') {
          if (hasMediaToken(child)) value[i] = rewriteInlineMedia(child, files);
        } else if (child && typeof child === 'object' && !visit(child)) value.splice(i, 1);
      }
      return true;
    }
    if (value instanceof Map) {
      for (const child of value.values()) if (child && typeof child === 'object') visit(child);
      return true;
    }
    const record = value as Record<string, unknown>;
    const src = typeof record.src === 'string' ? tokenUrl(record.src) : null;
    if (src !== null && !localize(record, src)) {
      removed.add(value);
      return false;
    }
    // Content objects are plain data: for-in sees their own fields, without an array of keys each.
    for (const key in record) {
      const child = record[key];
      if (typeof child === 'string') {
        if (hasMediaToken(child)) record[key] = rewriteInlineMedia(child, files);
      } else if (child && typeof child === 'object' && !visit(child)) record[key] = null;
    }
    return true;
  };
  if (root && typeof root === 'object') visit(root);
}

/** Items whose media are made local when first read, each with the files to make them local with. */
const deferred = new WeakMap<object, ReadonlyMap<string, LocalFile>>();

/**
 * The items' media are made local only when something reads them (`localized`): a build that
 * renders a few pages does not walk the whole site. Whoever reads an item must ask for it. Each
 * item is walked on its own; an object two items share is met by both walks, and both make of it
 * what the walk over all of them would have (a token whose file is missing goes in both, a local
 * href is no token).
 */
export function deferLocalizing(items: Iterable<object>, files: ReadonlyMap<string, LocalFile>): void {
  for (const item of items) deferred.set(item, files);
}

/** `item` with its media local (a no-op unless its localizing was deferred). */
export function localized<T>(item: T): T {
  if (item && typeof item === 'object') {
    const files = deferred.get(item);
    if (files) {
      deferred.delete(item);
      localizeMedia(item, files);
    }
  }
  return item;
}
