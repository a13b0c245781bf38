// What an item of a kept content list was, so that its part of a page's input hash
// (./page-inputs.ts) is known without serializing the item again: the hash of its JSON as
// normalizing made it, which the list file keeps (./list-snapshots.ts). After normalizing, only
// the media stage changes an item, and only through the files its media URLs became
// (site/media/media-refs.ts): that hash and those files stand for the item as the media stage
// leaves it. Tile paragraphs are resolved later against the whole site; the hasher adds them
// itself. An item without a source (normalized with no kept lists, or a list the CMS sent short)
// is hashed from its JSON.
import type { LocalFile } from '../media/media-tokens';

interface ItemSource {
  /** The hash of the item's JSON as normalized. */
  form: string;
  /** The media the item named, in the order normalizing named them: [url, owner]. */
  media: readonly (readonly [string, string])[];
  /** What the media stage made of each URL; until it ran, the source says nothing. */
  files: ReadonlyMap<string, LocalFile> | null;
}

const sources = new WeakMap<object, ItemSource>();

/** `item`, normalized, hashes as `form` and named `media`. */
export function recordSource(item: object, form: string, media: readonly (readonly [string, string])[]): void {
  sources.set(item, { form, media, files: null });
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
  let text = source.form;
  for (const [url] of source.media) {
    const file = source.files.get(url);
    text += file ? `\n${file.href} ${file.bytes} ${file.contentType} ${file.width} ${file.height}` : '\n-';
  }
  return text;
}
