// HTML of items taken from the kept content lists (site/incremental/kept-html.ts): the cache may
// have been written by anyone, so a field goes through the sanitizer again before it is shown —
// when a page reads it, or anything copies the item — and what the sanitizer made comes out as it
// was.
import { describe, expect, it } from 'vitest';
import { checkKeptHtml } from '../../../site/incremental/kept-html';
import { keptItem } from '../../../site/incremental/kept-items';
import type { ContentItem } from '../../../site/model/content-types';

const SCRIPTED = '<p>Zimmer</p><script>alert(1)</script><img src="x" onerror="alert(2)">';

function kept(fields: Record<string, unknown>): ContentItem {
  const item = { nid: 1, locale: 'de', title: 'Turmzimmer', ...fields } as unknown as ContentItem;
  keptItem(item);
  return item;
}

describe('HTML of kept items', () => {
  it('is sanitized again when a page reads it, and stays in its place among the fields', () => {
    const item = kept({ body: SCRIPTED, teaser: 'kurz', paragraphs: [{ kind: 'free_html', html: SCRIPTED }] });
    checkKeptHtml(item);
    const fields = item as unknown as { body: string; paragraphs: { html: string }[] };
    expect(fields.body).not.toMatch(/alert/);
    expect(fields.body).toContain('<p>Zimmer</p>');
    expect(fields.paragraphs[0]!.html).not.toMatch(/alert/);
    expect(Object.keys(item)).toEqual(['nid', 'locale', 'title', 'body', 'teaser', 'paragraphs']);
  });

  it('is sanitized again when the item is copied without being read field by field', () => {
    for (const copy of [(item: object) => JSON.stringify(item), (item: object) => JSON.stringify({ ...item }), (item: object) => JSON.stringify(structuredClone(item))]) {
      const item = kept({ body: SCRIPTED, openingHours: SCRIPTED });
      checkKeptHtml(item);
      expect(copy(item)).not.toMatch(/alert/);
    }
  });

  it('leaves what the sanitizer made as it was, and items not from the cache alone', () => {
    const clean = '<p>Blick auf den <a href="/de/park/">Park</a></p>';
    const item = kept({ body: clean });
    checkKeptHtml(item);
    expect((item as unknown as { body: string }).body).toBe(clean);
    const fresh = { nid: 2, locale: 'de', body: SCRIPTED } as unknown as ContentItem;
    checkKeptHtml(fresh);
    expect(Object.getOwnPropertyDescriptor(fresh, 'body')?.value).toBe(SCRIPTED);
  });

  it('takes a value written before the first read as it is', () => {
    const item = kept({ body: SCRIPTED });
    checkKeptHtml(item);
    (item as unknown as { body: string }).body = '<p>neu</p>';
    expect((item as unknown as { body: string }).body).toBe('<p>neu</p>');
  });
});
