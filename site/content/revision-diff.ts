// Which parts of an item a pending draft changes, for the notice on a draft-view page
// (docs/drafts.md): the published revision and the latest one, both normalized, compared field by
// field and named by what an editor recognises. Pure.
import type { ContentItem } from '../model/content-types';
import { DRAFT_FIELDS, type DraftField } from '../model/page-model';

const FIELD_OF: Record<string, DraftField | null> = {
  title: 'title',
  body: 'text',
  teaser: 'text',
  metaDescription: 'text',
  openingHours: 'text',
  images: 'pictures',
  priceFrom: 'price',
  price: 'price',
  pricePerDay: 'price',
  priceShortUsage: 'price',
  date: 'date',
  validity: 'date',
  paragraphs: 'sections',
  // What every save changes, or what is not revisioned: no difference an editor made.
  nid: null,
  locale: null,
  type: null,
  path: null,
  changed: null,
  created: null,
};

/** The kinds of fields that differ, in DRAFT_FIELDS order; empty when the revisions show alike. */
export function changedFields(published: ContentItem, latest: ContentItem): DraftField[] {
  const found = new Set<DraftField>();
  const before = published as unknown as Record<string, unknown>;
  const after = latest as unknown as Record<string, unknown>;
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const field = key in FIELD_OF ? FIELD_OF[key] : 'details';
    if (!field || found.has(field)) continue;
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) found.add(field);
  }
  return DRAFT_FIELDS.filter((field) => found.has(field));
}
