// Drupal's own paths of a content item, as the CMS's "preview" and "latest version" links name
// them, so that such a link can point at the editor's preview (docs/drafts.md). Pure.
import type { Locale } from '../../model/content-types';

export type DrupalPath =
  /** `/node/{nid}`, `/node/{nid}/latest`, with an optional language prefix: the item's page. */
  | { kind: 'item'; nid: number; locale: Locale | null }
  /** `/node/{nid}/revisions/{vid}/view`: that revision of the item. */
  | { kind: 'revision'; nid: number; vid: number; locale: Locale | null };

const ID = /^[1-9][0-9]{0,9}$/;

export function parseDrupalPath(segments: readonly string[], locales: readonly Locale[]): DrupalPath | null {
  let rest = segments;
  let locale: Locale | null = null;
  if (rest.length && (locales as readonly string[]).includes(rest[0]!)) {
    locale = rest[0] as Locale;
    rest = rest.slice(1);
  }
  if (rest[0] !== 'node' || !ID.test(rest[1] ?? '')) return null;
  const nid = Number(rest[1]);
  const tail = rest.slice(2);
  if (tail.length === 0 || (tail.length === 1 && tail[0] === 'latest')) return { kind: 'item', nid, locale };
  if (tail.length === 3 && tail[0] === 'revisions' && ID.test(tail[1]!) && tail[2] === 'view') return { kind: 'revision', nid, vid: Number(tail[1]), locale };
  return null;
}
