// What an item of a kept content list was made from, so that its part of a page's input hash
// (./page-inputs.ts) is known without serializing the item. Normalizing is a pure function of the
// raw answer (the entry's key) and the scope (docs/incremental.md, "How a build decides"); after
// it, only the media stage changes an item, and only through the files its media URLs became
// (site/media/media-refs.ts): the key, the scope and those files stand for the item as the media
// stage leaves it. Tile paragraphs are resolved later against the whole site; the hasher adds
// them itself. An item without a source (normalized with no kept lists, or a list the CMS sent
// short) is hashed from its JSON.
import type { LocalFile } from '../media/media-tokens';

interface ItemSource {
  key: string;
  scope: string;
  /** The media the item named, in the order normalizing named them: [url, owner]. */
  media: readonly (readonly [string, string])[];
  /** What the media stage made of each URL; until it ran, the source says nothing. */
  files: ReadonlyMap<string, LocalFile> | null;
}

const sources = new WeakMap<object, ItemSource>();

/** `item` was normalized from the raw answer `key` under `scope`, naming `media`. */
export function recordSource(item: object, key: string, scope: string, media: readonly (readonly [string, string])[]): void {
  sources.set(item, { key, scope, media, files: null });
}

/** The media stage made the items' media local with `files`. */
export function settleSources(items: Iterable<object>, files: ReadonlyMap<string, LocalFile>): void {
  for (const item of items) {
    const source = sources.get(item);
    if (source) source.files = files;
  }
}

/**
 * What the item is, as the media stage left it, in a line: its source and the local file (or
 * none) of each media URL. Null when that is not known: hash the item itself.
 */
export function sourceText(item: object): string | null {
  const source = sources.get(item);
  if (!source?.files) return null;
  let text = `${source.key} ${source.scope}`;
  for (const [url] of source.media) {
    const file = source.files.get(url);
    text += file ? `\n${file.href} ${file.bytes} ${file.contentType} ${file.width} ${file.height}` : '\n-';
  }
  return text;
}
