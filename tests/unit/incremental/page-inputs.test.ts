// site/incremental/page-inputs.ts: a page's input hash changes with what its item is — for an item
// of a kept list, its source and the files its media became (./item-sources), and its tiles as
// resolved now — and with nothing else of the item.
import { describe, expect, it } from 'vitest';
import { recordSource, settleSources } from '../../../site/incremental/item-sources';
import { InputHasher } from '../../../site/incremental/page-inputs';
import type { ContentItem, Locale } from '../../../site/model/content-types';
import type { ContentIndex, Page, SiteContext } from '../../../site/model/page-model';
import { item } from '../../helpers/items';

const content = { withLinks: () => ({ html: '', targets: [] }), linkField: () => ({ target: null }), titleAt: () => null } as unknown as ContentIndex;
const site = { locale: 'de', config: {}, messages: {}, notifications: [], assets: {}, year: 2026, menu: [], routeHref: () => '/de/', content } as unknown as SiteContext;
const sites = new Map<Locale, SiteContext>([['de', site]]);

function detail(of: ContentItem): Page {
  return { kind: 'detail', locale: 'de', path: of.path, href: `${of.path}/`, route: null, item: of, items: [], alternates: { de: `${of.path}/` }, switchHref: '/en/', changefreq: 'weekly', lastmod: null };
}

/** An item as a kept list gives it: its source recorded, then settled by the media stage. */
function kept(form: string, extra: Record<string, unknown> = {}): ContentItem {
  const made = item(7, 'de', 'accommodation', '/de/zimmer/sieben', extra);
  recordSource(made, form, []);
  settleSources([made], new Map());
  return made;
}

const hash = (of: ContentItem) => new InputHasher(sites, 'code').pageHash(detail(of), []);
const tiles = (targets: number[]) => ({ paragraphs: [{ kind: 'block_tiles', id: 1, title: null, tiles: targets.map((nid) => ({ nid, title: `Kachel ${nid}` })) }] });

describe('InputHasher', () => {
  it("hashes a kept item by its source alone: the same source gives the same hash whatever the item's fields say", () => {
    expect(hash(kept('form-a'))).toBe(hash(kept('form-a', { title: 'anders' })));
    expect(hash(kept('form-a'))).not.toBe(hash(kept('form-b')));
  });

  it("adds a kept item's tiles as resolved now", () => {
    const none = hash(kept('form-a'));
    const one = hash(kept('form-a', tiles([1])));
    expect(one).not.toBe(none);
    expect(hash(kept('form-a', tiles([1])))).toBe(one);
    expect(hash(kept('form-a', tiles([2])))).not.toBe(one);
  });

  it('hashes an item without a source by its JSON', () => {
    const plain = item(7, 'de', 'accommodation', '/de/zimmer/sieben');
    expect(hash(plain)).toBe(hash(item(7, 'de', 'accommodation', '/de/zimmer/sieben')));
    expect(hash(plain)).not.toBe(hash(item(7, 'de', 'accommodation', '/de/zimmer/sieben', { title: 'anders' })));
  });
});
