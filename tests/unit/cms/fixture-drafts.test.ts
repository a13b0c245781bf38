// The hotel's fixture content in its editorial states (fixtures/moderation.ts): what the preview's
// draft view and its tests rely on, and that none of it changes what anonymous callers get.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../../site/cms/fixtures/index';
import type { FixtureNode } from '../../../site/cms/fixtures/types';
import { discover } from '../../../site/cms/fixtures/discover';
import { stay } from '../../../site/cms/fixtures/stay';
import { type ContentBackend, startContentBackend } from '../../../site/cms/server';
import { data } from './cms-client';

let backend: ContentBackend;
beforeAll(async () => {
  backend = await startContentBackend();
});
afterAll(() => backend?.close());

const ITEM = `query ($nid: String!, $lang: String!, $mode: EntityQueryRevisionMode) {
  nodeQuery(revisions: $mode, filter: { conditions: [{ field: "nid", value: [$nid] }, { field: "langcode", value: [$lang] }] }) { entities {
    ... on Node { nid vid title status moderationState changed entityUrl { path } }
    ... on NodeAccommodation { fieldPriceFrom fieldTeaser body { value } fieldImages { url alt } } } } }`;

async function item(nid: number, lang: 'de' | 'en', mode: 'DEFAULT' | 'LATEST', editor = true) {
  const answer = await data(backend.endpoint, ITEM, { variables: { nid: String(nid), lang, mode }, token: editor ? backend.editorToken : undefined });
  return answer.nodeQuery.entities[0];
}

describe('fixture drafts', () => {
  it('101 Kaminsuite: a draft in both languages with a new title, text and price', async () => {
    for (const lang of ['de', 'en'] as const) {
      const [published, draft] = [await item(101, lang, 'DEFAULT'), await item(101, lang, 'LATEST')];
      expect(published).toMatchObject({ vid: 101, status: true, moderationState: 'published', fieldPriceFrom: 329 });
      expect(draft).toMatchObject({ vid: 1101, status: false, moderationState: 'draft', fieldPriceFrom: 349, entityUrl: published.entityUrl });
      expect(draft.title).not.toBe(published.title);
      expect(draft.body.value).not.toBe(published.body.value);
      expect(draft.fieldTeaser).not.toBe(published.fieldTeaser);
      expect(draft.changed).toBeGreaterThan(published.changed);
    }
    expect((await item(101, 'de', 'LATEST')).title).toBe('Kaminsuite mit Parkblick');
  });

  it('102 Prinzessinnensuite: a draft that changes its first picture to a file only the draft uses', async () => {
    const [published, draft] = [await item(102, 'de', 'DEFAULT'), await item(102, 'de', 'LATEST')];
    expect(draft).toMatchObject({ vid: 1102, title: published.title, fieldPriceFrom: published.fieldPriceFrom, moderationState: 'draft' });
    expect(published.fieldImages[0].url).toMatch(/\/media\/stay-four-poster\.svg$/);
    expect(draft.fieldImages[0].url).toMatch(/\/media\/stay-oriel-breakfast\.svg$/);
    expect(draft.fieldImages[1]).toEqual(published.fieldImages[1]);
    const file = await fetch(draft.fieldImages[0].url);
    expect(file.status).toBe(200);
    const everywhere = JSON.stringify([...stay.nodes, ...discover.nodes, ...stay.media, ...discover.media, ...stay.terms, ...discover.terms]);
    expect(everywhere).not.toContain('stay-oriel-breakfast.svg');
  });

  it('500 Weihnachtsmarkt: a German draft; the English of that revision is still the published one', async () => {
    const de = await item(500, 'de', 'LATEST');
    expect(de).toMatchObject({ vid: 1500, status: false, moderationState: 'draft', title: 'Weihnachtsmarkt im Schlosshof mit Eisstockschießen' });
    const [enPublished, enLatest] = [await item(500, 'en', 'DEFAULT'), await item(500, 'en', 'LATEST')];
    expect(enLatest).toEqual({ ...enPublished, vid: 1500 });
    expect(enLatest).toMatchObject({ status: true, moderationState: 'published' });
  });

  it('548 Lesewochenende: never published, its alias resolved for an editor only', async () => {
    const offer = await item(548, 'de', 'DEFAULT');
    expect(offer).toMatchObject({ vid: 548, status: false, moderationState: 'draft', entityUrl: { path: '/de/spezialangebot/lesewochenende' } });
    const route = `query ($path: String!) { route(path: $path) { ... on EntityCanonicalUrl { en: translate(language: EN) { path } entity { ... on Node { nid } } } } }`;
    const asEditor = await data(backend.endpoint, route, { variables: { path: '/de/spezialangebot/lesewochenende' }, token: backend.editorToken });
    expect(asEditor.route).toEqual({ en: { path: '/en/specialoffers/reading-weekend' }, entity: { nid: 548 } });
    expect((await data(backend.endpoint, route, { variables: { path: '/de/spezialangebot/lesewochenende' } })).route).toBeNull();
  });

  it('177 Sonntagsbrunch: archived', async () => {
    for (const lang of ['de', 'en'] as const) expect(await item(177, lang, 'DEFAULT')).toMatchObject({ status: false, moderationState: 'archived' });
    expect(await item(177, 'de', 'DEFAULT', false)).toBeNull();
  });

  it('leaves every published translation as it was, and no draft reaches an anonymous caller', async () => {
    const before = new Map([...stay.nodes, ...discover.nodes].map((node) => [node.nid, node]));
    // Without the editorial states (drafts, moderation state names) every node is the one authored.
    const authored = (node: FixtureNode) => ({ ...node, draft: undefined, de: { ...node.de, moderationState: undefined }, en: node.en && { ...node.en, moderationState: undefined } });
    for (const node of fixtures.nodes) {
      const original = before.get(node.nid);
      if (original) expect(authored(node)).toEqual(authored(original));
      else expect([node.de.status, node.en?.status]).not.toContain(true);
    }
    const page = await data(backend.endpoint, '{ nodeQuery(revisions: LATEST, limit: 100, filter: { conditions: [{ field: "nid", value: ["101", "102", "500", "548", "177"], operator: IN }] }) { count entities { ... on Node { nid } } } }');
    expect(page.nodeQuery).toEqual({ count: 5, entities: [null, null, null, null, null] });
  });
});
