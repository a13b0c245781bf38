// Deferred localizing (site/media/media-refs.ts): an item's media are made local when it is first
// read, with the same result as the walk over the whole content, shared objects included.
import { describe, expect, it } from 'vitest';
import { deferLocalizing, localizeMedia, localized, MediaRefs } from '../../../site/media/media-refs';
import type { LocalFile } from '../../../site/media/media-tokens';

const base = 'https://cms.example.org';
const file = (name: string): LocalFile => ({ href: `/media/${name}`, bytes: 1234, contentType: 'image/jpeg', width: 800, height: 600 });
const files = new Map([[`${base}/a.jpg`, file('a.1111111111.jpg')]]);

function items() {
  const refs = new MediaRefs(base, () => {});
  // One object under two items, as normalizing shares terms; its picture's file is missing.
  const shared = { name: 'shared', logo: refs.picture({ url: '/gone.jpg', alt: '', width: 1, height: 1 }) };
  return [
    { nid: 1, images: [refs.picture({ url: '/a.jpg', alt: 'A', width: 0, height: 0 }), refs.picture({ url: '/gone.jpg', alt: 'B', width: 1, height: 1 })], term: shared },
    { nid: 2, images: [refs.picture({ url: '/a.jpg', alt: 'C', width: 10, height: 5 })], term: shared },
  ];
}

describe('deferred localizing', () => {
  it('makes an item local when it is first read, as the walk over all of them does', () => {
    const walked = items();
    localizeMedia(walked, files);
    const deferred = items();
    deferLocalizing(deferred, files);
    expect(JSON.stringify(deferred[1])).toContain('__hotel-site-media-');
    expect(localized(deferred[1])).toBe(deferred[1]);
    expect(deferred[1]).toEqual(walked[1]);
    expect(localized(deferred[0])).toEqual(walked[0]);
    expect(deferred[0]!.images).toHaveLength(1);
    expect(deferred[0]!.term.logo).toBeNull();
  });

  it('leaves what was not deferred alone, and an item made local once as it is', () => {
    const other = { src: 'kept as it is' };
    expect(localized(other)).toEqual({ src: 'kept as it is' });
    expect(localized(null)).toBeNull();
    const [item] = items();
    deferLocalizing([item!], files);
    localized(item);
    const once = JSON.stringify(item);
    item!.images[0]!.src = 'changed since';
    localized(item);
    expect(item!.images[0]!.src).toBe('changed since');
    expect(once).not.toContain('__hotel-site-media-');
  });
});
