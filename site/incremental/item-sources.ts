// What an item of a kept content list was, so that its part of a page's input hash
// (./page-inputs.ts) is known without serializing the item again: the hash of its JSON as
// normalizing made it, which the list file keeps (./list-snapshots.ts). After normalizing, only
// the media stage changes an item, and only through the files its media URLs became
// (site/media/media-refs.ts): that hash and those files stand for the item as the media stage
// leaves it. Tile paragraphs are resolved later against the whole site; the hasher adds them
// itself. An item without a source (normalized with no kept lists, or a list the CMS sent short)
// is hashed from its JSON.
import { hash } from 'node:crypto';
import type { LocalFile } from '../media/media-tokens';

interface ItemSource {
  /** The hash of the item's JSON as normalized. */
  form: string;
  /** The media the item named, in the order normalizing named them: [url, owner]. */
  media: readonly (readonly [string, string])[];
}

/**
 * Until the media stage ran, an item's source; then, the hash of what it is as the media stage
 * left it — not the media stage's files, which the build lets go of before rendering.
 */
const sources = new WeakMap<object, ItemSource | string>();

/** `item`, normalized, hashes as `form` and named `media`. */
export function recordSource(item: object, form: string, media: readonly (readonly [string, string])[]): void {
  sources.set(item, { form, media });
}

/** The media stage made the items' media local with `files`. */
export function settleSources(items: Iterable<object>, files: ReadonlyMap<string, LocalFile>): void {
  for (const item of items) {
    const source = sources.get(item);
    if (source === undefined || typeof source === 'string') continue;
    // Its source and the local file (or none) of each media URL, in a line.
    let text = source.form;
    for (const [url] of source.media) {
      const file = files.get(url);
      text += file ? `\n${file.href} ${file.bytes} ${file.contentType} ${file.width} ${file.height}` : '\n-';
    }
    // One call per item: a hash object made, fed and finished for each of every kept item costs
    // more than hashing its few lines.
    sources.set(item, hash('sha256', text, 'base64url'));
  }
}

/**
 * What the item is, as the media stage left it, as a hash of its source and the files its media
 * became. Null when that is not known: hash the item itself.
 */
export function sourceText(item: object): string | null {
  const source = sources.get(item);
  return typeof source === 'string' ? source : null;
}
