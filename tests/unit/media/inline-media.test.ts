// Media in content after the media stage (site/media/media-refs.ts, inline-media.ts): every token
// becomes the local href wherever its holder was copied to; what could not be had is removed, a
// link to a missing file unwrapped; images get width and height from the file where none was given.
import { describe, expect, it } from 'vitest';
import { cleanHtml } from '../../../site/content/sanitize-html';
import { localizeMedia, MediaRefs } from '../../../site/media/media-refs';
import type { LocalFile } from '../../../site/media/media-tokens';

const base = 'https://cms.example.org';
const file = (name: string, width: number | null = 800, height: number | null = 600): LocalFile => ({ href: `/media/${name}`, bytes: 1234, contentType: 'image/jpeg', width, height });

async function cleaned(html: string) {
  const result = await cleanHtml(html, { base, mediaOrigins: new Set([base]) });
  return result!.html as string;
}

describe('localizeMedia on inline HTML', () => {
  it('swaps tokens for local files, adds missing sizes, removes images and unwraps links that could not be had', async () => {
    const html = await cleaned(
      '<p><img src="/sites/default/files/inline-images/a.jpg" alt="A"><img src="/gone.jpg" alt="B"><img src="/b.jpg" width="10" height="5" alt="C" srcset="/b.jpg 1x, /b2.jpg 2x, /gone.jpg 3x"></p>' +
      '<p><a href="/sites/default/files/price.pdf">Preise</a> und <a href="/sites/default/files/missing.pdf"><strong>alt</strong></a></p>',
    );
    const holder = { body: html };
    const files = new Map([
      [`${base}/sites/default/files/inline-images/a.jpg`, file('a.1111111111.jpg')],
      [`${base}/b.jpg`, file('b.2222222222.jpg')],
      [`${base}/b2.jpg`, file('b2.3333333333.jpg')],
      [`${base}/sites/default/files/price.pdf`, { ...file('price.4444444444.pdf', null, null), contentType: 'application/pdf' }],
    ]);
    localizeMedia(holder, files);
    expect(holder.body).toBe(
      '<p><img src="/media/a.1111111111.jpg" alt="A" width="800" height="600"><img src="/media/b.2222222222.jpg" width="10" height="5" alt="C" srcset="/media/b.2222222222.jpg 1x, /media/b2.3333333333.jpg 2x"></p>' +
      '<p><a href="/media/price.4444444444.pdf">Preise</a> und <strong>alt</strong></p>',
    );
  });

  it('removes an inline image whose size nobody knows', async () => {
    const holder = { body: await cleaned('<p>Text <img src="/a.jpg" alt=""></p>') };
    localizeMedia(holder, new Map([[`${base}/a.jpg`, file('a.1111111111.jpg', null, null)]]));
    expect(holder.body).toBe('<p>Text </p>');
  });
});

describe('localizeMedia on pictures and files', () => {
  it('follows copies of the object that registered the media (a spread item keeps working)', async () => {
    const refs = new MediaRefs(base, () => {});
    const picture = refs.picture({ url: '/a.jpg', alt: 'A', width: 0, height: 0, card: { url: '/a-card.jpg', width: 400, height: 300 }, hero: { url: '/gone.jpg', width: 1, height: 1 } })!;
    const body = await cleaned('<p><img src="/a.jpg" alt=""></p>');
    const base1 = { title: 'x', images: [picture], body };
    const item = { ...base1, type: 'accommodation', menuFile: refs.download({ url: '/gone.pdf' }), extra: refs.download({ url: '/menu.pdf' }) };
    localizeMedia(item, new Map([
      [`${base}/a.jpg`, file('a.1111111111.jpg')],
      [`${base}/a-card.jpg`, file('a-card.2222222222.jpg')],
      [`${base}/menu.pdf`, { ...file('menu.3333333333.pdf', null, null), contentType: 'application/pdf' }],
    ]));
    expect(item.images).toEqual([{ src: '/media/a.1111111111.jpg', width: 800, height: 600, alt: 'A', title: null, card: { src: '/media/a-card.2222222222.jpg', width: 400, height: 300, alt: 'A', title: null }, hero: null }]);
    expect(item.body).toBe('<p><img src="/media/a.1111111111.jpg" alt="" width="800" height="600"></p>');
    expect(item.menuFile).toBeNull();
    expect(item.extra).toEqual({ src: '/media/menu.3333333333.pdf', bytes: 1234, contentType: 'application/pdf' });
  });

  it('drops a picture whose main file is missing from its list', () => {
    const refs = new MediaRefs(base, () => {});
    const images = [refs.picture({ url: '/gone.jpg', alt: '' }), refs.picture({ url: '/a.jpg', alt: '', width: 5, height: 5 })];
    const holder = { images };
    localizeMedia(holder, new Map([[`${base}/a.jpg`, file('a.1111111111.jpg')]]));
    expect(holder.images.map((image) => image!.src)).toEqual(['/media/a.1111111111.jpg']);
  });
});
