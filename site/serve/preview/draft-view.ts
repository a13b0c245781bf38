// What the notice bar of a draft-view page says (docs/drafts.md): which revision the page shows,
// when it was saved and what it changes, from the latest revisions' records and the published
// view's items. Pure.
import { revisionKey, type RevisionInfo } from '../../content/content-lists';
import { changedFields } from '../../content/revision-diff';
import type { ContentItem } from '../../model/content-types';
import type { DraftView } from '../../model/page-model';
import { hrefOfPath } from '../../routes/url-to-file';
import { LEAVE_PATH } from './draft-access';

export interface DraftViewInput {
  /** The draft view's revision of each item, by revisionKey(). */
  revisions: ReadonlyMap<string, RevisionInfo>;
  /** The published view's items, by revisionKey(). */
  published: ReadonlyMap<string, ContentItem>;
  /** Origin of the CMS: its edit form is `{origin}/node/{nid}/edit`. */
  cmsOrigin: string;
}

export function createDraftView({ revisions, published, cmsOrigin }: DraftViewInput): DraftView {
  return {
    leaveHref: LEAVE_PATH,
    draftOf(item) {
      const revision = revisions.get(revisionKey(item.locale, item.nid));
      if (!revision || revision.published) return null;
      const before = published.get(revisionKey(item.locale, item.nid));
      return {
        vid: revision.vid,
        savedAt: revision.changed,
        neverPublished: !before,
        fields: before ? changedFields(before, item) : [],
        // Aliases are not revisioned: the published page has the same address outside draft view.
        publishedHref: before ? `${LEAVE_PATH}?to=${encodeURIComponent(hrefOfPath(before.path))}` : null,
        editHref: `${cmsOrigin}/node/${item.nid}/edit`,
      };
    },
  };
}

/** Every item of a prepared site's content by revisionKey(). */
export function itemsByRevisionKey(items: ReadonlyMap<string, ReadonlyMap<string, readonly ContentItem[]>>): Map<string, ContentItem> {
  const byKey = new Map<string, ContentItem>();
  for (const types of items.values()) for (const list of types.values()) for (const item of list) byKey.set(revisionKey(item.locale, item.nid), item);
  return byKey;
}

/** Where leaving draft view goes: a path of this site, never another origin. */
export function leaveTarget(search: string): string {
  const to = new URLSearchParams(search).get('to');
  return to && to.startsWith('/') && !to.startsWith('//') && !to.includes('\\') ? to : '/';
}
