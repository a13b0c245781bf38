// An item's source (site/incremental/item-sources.ts): what a kept item was made from stands for it
// in page hashes only once the media stage said what its media became, and changes with any file
// its media became.
import { describe, expect, it } from 'vitest';
import { recordSource, settleSources, sourceText } from '../../../site/incremental/item-sources';
import type { LocalFile } from '../../../site/media/media-tokens';

const A = 'https://cms.example/a.jpg';
const B = 'https://cms.example/b.pdf';
const file = (href: string, extra: Partial<LocalFile> = {}): LocalFile => ({ href, bytes: 10, contentType: 'image/jpeg', width: 4, height: 3, ...extra });

describe('item sources', () => {
  it('says nothing of an item without a source, or before the media stage ran', () => {
    const item = {};
    expect(sourceText(item)).toBeNull();
    recordSource(item, 'form', [[A, 'owner']]);
    expect(sourceText(item)).toBeNull();
    settleSources([item], new Map([[A, file('/media/a.1.jpg')]]));
    expect(sourceText(item)).not.toBeNull();
  });

  it('changes with the normalized form and every field of each file its media became, or a file missing', () => {
    const text = (form: string, files: Map<string, LocalFile>) => {
      const item = {};
      recordSource(item, form, [[A, 'owner'], [B, 'owner']]);
      settleSources([item], files);
      return sourceText(item);
    };
    const files = new Map([[A, file('/media/a.1.jpg')], [B, file('/media/b.1.pdf', { width: null, height: null, contentType: 'application/pdf' })]]);
    const base = text('f', files);
    expect(text('f', new Map(files))).toBe(base);
    const variants = [
      text('f2', files),
      text('f', new Map([...files, [A, file('/media/a.2.jpg')]])),
      text('f', new Map([...files, [A, file('/media/a.1.jpg', { bytes: 11 })]])),
      text('f', new Map([...files, [A, file('/media/a.1.jpg', { width: 5 })]])),
      text('f', new Map([...files, [A, file('/media/a.1.jpg', { height: 5 })]])),
      text('f', new Map([...files, [A, file('/media/a.1.jpg', { contentType: 'image/png' })]])),
      text('f', new Map([[B, files.get(B)!]])),
    ];
    for (const variant of variants) expect(variant).not.toBe(base);
    expect(new Set(variants).size).toBe(variants.length);
  });
});
