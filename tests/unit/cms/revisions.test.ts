// Revisions as Drupal's content moderation keeps them: default revisions, pending drafts (in both
// languages or in one), never-published and archived items, and what an editor and an anonymous
// caller each get of them from nodeQuery, nodeById, nodeRevisionById, route() and references.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureSet } from '../../../site/cms/fixtures/types';
import { type ContentBackend, startContentBackend } from '../../../site/cms/server';
import { data } from './cms-client';

const T0 = 1_700_000_000;
const SAVED = 1_750_000_000;
const EDITOR = 'revisions-editor-token';

const fixtures: FixtureSet = {
  nodes: [
    {
      nid: 1,
      type: 'accommodation',
      created: T0,
      changed: T0,
      shared: { fieldWeight: 0, fieldPriceFrom: 190 },
      de: {
        title: 'Turmzimmer',
        status: true,
        path: '/de/uebernachten/turmzimmer',
        body: { value: '<p>Hoch oben.</p>' },
        fieldContent: [{ bundle: 'call_to_action', id: 101, fieldTitle: 'Buchen' }],
      },
      en: {
        title: 'Tower Room',
        status: true,
        path: '/en/accommodation/tower-room',
        body: { value: '<p>High up.</p>' },
        fieldContent: [{ bundle: 'call_to_action', id: 101, fieldTitle: 'Book' }],
      },
      draft: {
        vid: 11,
        changed: SAVED,
        shared: { fieldPriceFrom: 210 },
        de: { title: 'Turmzimmer neu', body: { value: '<p>Frisch renoviert.</p>' }, fieldContent: [{ bundle: 'call_to_action', id: 101, fieldTitle: 'Jetzt buchen' }] },
        en: { title: 'Tower Room, renewed', fieldContent: [{ bundle: 'call_to_action', id: 101, fieldTitle: 'Book now' }] },
      },
    },
    {
      nid: 2,
      type: 'events',
      created: T0,
      changed: T0 + 2,
      shared: { fieldWeight: 0 },
      de: { title: 'Weihnachtsmarkt', status: true, path: '/de/veranstaltungen/weihnachtsmarkt' },
      en: { title: 'Christmas market', status: true, path: '/en/events/christmas-market' },
      draft: { vid: 12, changed: SAVED + 60, de: { title: 'Weihnachtsmarkt mit Eisbahn' } },
    },
    {
      nid: 3,
      type: 'packages_and_special_offers',
      created: T0,
      changed: T0 + 3,
      shared: { fieldWeight: 0 },
      de: { title: 'Lesewochenende', status: false, path: '/de/spezialangebot/lesewochenende' },
      en: { title: 'Reading weekend', status: false, path: '/en/specialoffers/reading-weekend' },
    },
    {
      nid: 4,
      type: 'courses_and_menus',
      created: T0,
      changed: T0 + 4,
      shared: { fieldWeight: 0 },
      de: { title: 'Sonntagsbrunch', status: false, moderationState: 'archived', path: '/de/sonntagsbrunch' },
      en: { title: 'Sunday Brunch', status: false, moderationState: 'archived', path: '/en/sunday-brunch' },
    },
    {
      nid: 5,
      type: 'accommodation',
      created: T0,
      changed: T0 + 5,
      shared: { fieldWeight: 1 },
      de: {
        title: 'Gartenzimmer',
        status: true,
        path: '/de/uebernachten/gartenzimmer',
        fieldContent: [{ bundle: 'block_tiles', id: 501, fieldTiles: [{ targetId: '1' }, { targetId: '3' }] }],
      },
    },
  ],
  terms: [],
  media: [],
};

let backend: ContentBackend;
beforeAll(async () => {
  backend = await startContentBackend({ fixtures, editorToken: EDITOR });
});
afterAll(() => backend?.close());

const NODE = 'nid vid title status moderationState changed langcode';
type Row = { nid: number; vid: number; title: string; status: boolean; moderationState: string; changed: number; langcode: string } | null;

async function nodeQuery(args: string, token?: string): Promise<{ count: number; entities: Row[] }> {
  const query = `{ q: nodeQuery(limit: 20, sort: [{ field: "nid", direction: ASC }], ${args}) { count entities { ... on Node { ${NODE} } } } }`;
  return (await data(backend.endpoint, query, { token })).q;
}
const editor = (args = '') => nodeQuery(args, EDITOR);
const anonymous = (args = '') => nodeQuery(args);
const pairs = (rows: Row[]) => rows.map((row) => row && [row.nid, row.vid]);

describe('nodeQuery revisions, as an editor', () => {
  it('DEFAULT, the default mode: the default revision of every item, with its moderation state', async () => {
    const result = await editor();
    expect(await editor('revisions: DEFAULT')).toEqual(result);
    expect(result.count).toBe(5);
    expect(result.entities.map((row) => row && [row.nid, row.vid, row.title, row.status, row.moderationState])).toEqual([
      [1, 1, 'Turmzimmer', true, 'published'],
      [2, 2, 'Weihnachtsmarkt', true, 'published'],
      [3, 3, 'Lesewochenende', false, 'draft'],
      [4, 4, 'Sonntagsbrunch', false, 'archived'],
      [5, 5, 'Gartenzimmer', true, 'published'],
    ]);
  });

  it('LATEST: the pending draft where there is one, unpublished, dated when it was saved', async () => {
    const result = await editor('revisions: LATEST');
    expect(result.count).toBe(5);
    expect(result.entities[0]).toEqual({ nid: 1, vid: 11, title: 'Turmzimmer neu', status: false, moderationState: 'draft', changed: SAVED, langcode: 'de' });
    expect(result.entities[1]).toMatchObject({ nid: 2, vid: 12, title: 'Weihnachtsmarkt mit Eisbahn', status: false, moderationState: 'draft', changed: SAVED + 60 });
    expect(pairs(result.entities.slice(2))).toEqual([[3, 3], [4, 4], [5, 5]]);
  });

  it('LATEST carries a language the draft left alone as it was, still published', async () => {
    const result = await editor('revisions: LATEST, filter: { conditions: [{ field: "langcode", value: ["en"] }] }');
    expect(result.entities[0]).toMatchObject({ nid: 1, vid: 11, title: 'Tower Room, renewed', status: false, moderationState: 'draft', changed: SAVED });
    expect(result.entities[1]).toEqual({ nid: 2, vid: 12, title: 'Christmas market', status: true, moderationState: 'published', changed: T0 + 2, langcode: 'en' });
  });

  it('ALL: every revision as its own entity, by nid then vid', async () => {
    const result = await editor('revisions: ALL');
    expect(result.count).toBe(7);
    expect(pairs(result.entities)).toEqual([[1, 1], [1, 11], [2, 2], [2, 12], [3, 3], [4, 4], [5, 5]]);
  });

  it('filters each revision by its own fields', async () => {
    const published = '{ field: "status", value: ["1"] }';
    expect(pairs((await editor(`revisions: LATEST, filter: { conditions: [${published}] }`)).entities)).toEqual([[5, 5]]);
    expect(pairs((await editor(`revisions: LATEST, filter: { conditions: [${published}, { field: "langcode", value: ["en"] }] }`)).entities)).toEqual([[2, 12]]);
    expect(pairs((await editor(`revisions: ALL, filter: { conditions: [${published}] }`)).entities)).toEqual([[1, 1], [2, 2], [5, 5]]);
    expect(pairs((await editor('revisions: ALL, filter: { conditions: [{ field: "vid", value: ["11"] }] }')).entities)).toEqual([[1, 11]]);
    const price = await data(backend.endpoint, `{ d: nodeQuery(filter: { conditions: [{ field: "field_price_from", value: ["200"], operator: GREATER_THAN }] }) { count }
      l: nodeQuery(revisions: LATEST, filter: { conditions: [{ field: "field_price_from", value: ["200"], operator: GREATER_THAN }] }) { count } }`, { token: EDITOR });
    expect(price).toEqual({ d: { count: 0 }, l: { count: 1 } });
  });

  it('gives a draft its changed fields and paragraphs, and keeps the alias', async () => {
    const query = `query ($mode: EntityQueryRevisionMode) { nodeQuery(revisions: $mode, filter: { conditions: [{ field: "nid", value: ["1"] }] }) { entities {
      ... on NodeAccommodation { fieldPriceFrom body { value } entityUrl { path }
        fieldContent { ... on ParagraphCallToAction { fieldTitle en: entityTranslation(language: EN) { ... on ParagraphCallToAction { fieldTitle } } } } } } } }`;
    const [published] = (await data(backend.endpoint, query, { variables: { mode: 'DEFAULT' }, token: EDITOR })).nodeQuery.entities;
    const [draft] = (await data(backend.endpoint, query, { variables: { mode: 'LATEST' }, token: EDITOR })).nodeQuery.entities;
    expect(published).toEqual({ fieldPriceFrom: 190, body: { value: '<p>Hoch oben.</p>' }, entityUrl: { path: '/de/uebernachten/turmzimmer' }, fieldContent: [{ fieldTitle: 'Buchen', en: { fieldTitle: 'Book' } }] });
    expect(draft).toEqual({ fieldPriceFrom: 210, body: { value: '<p>Frisch renoviert.</p>' }, entityUrl: { path: '/de/uebernachten/turmzimmer' }, fieldContent: [{ fieldTitle: 'Jetzt buchen', en: { fieldTitle: 'Book now' } }] });
  });

  it('translates within a revision: the draft in German, the English of the same revision', async () => {
    const { nodeQuery: result } = await data(backend.endpoint, `{ nodeQuery(revisions: LATEST, filter: { conditions: [{ field: "nid", value: ["2"] }] }) { entities {
      ... on Node { vid title } en: entityTranslation(language: EN) { ... on Node { vid title status } } } } }`, { token: EDITOR });
    expect(result.entities).toEqual([{ vid: 12, title: 'Weihnachtsmarkt mit Eisbahn', en: { vid: 12, title: 'Christmas market', status: true } }]);
  });
});

describe('nodeById, nodeRevisionById, route() and references', () => {
  const BY_ID = `query ($id: String!, $language: LanguageId) {
    item: nodeById(id: $id, language: $language) { ... on Node { nid vid title status moderationState } }
    revision: nodeRevisionById(id: $id, language: $language) { ... on Node { nid vid title status moderationState } } }`;
  const byId = (id: string, token?: string, language?: string) => data(backend.endpoint, BY_ID, { variables: { id, language }, token });

  it('nodeById answers with the default revision, in the language asked for where it has one', async () => {
    expect((await byId('1', EDITOR)).item).toEqual({ nid: 1, vid: 1, title: 'Turmzimmer', status: true, moderationState: 'published' });
    expect((await byId('1', EDITOR, 'EN')).item).toMatchObject({ vid: 1, title: 'Tower Room' });
    expect((await byId('5', EDITOR, 'EN')).item).toMatchObject({ nid: 5, title: 'Gartenzimmer' });
    expect((await byId('3', EDITOR)).item).toEqual({ nid: 3, vid: 3, title: 'Lesewochenende', status: false, moderationState: 'draft' });
    expect((await byId('99', EDITOR)).item).toBeNull();
    expect((await byId('abc', EDITOR)).item).toBeNull();
  });

  it('nodeRevisionById answers with the revision it names', async () => {
    expect((await byId('11', EDITOR)).revision).toEqual({ nid: 1, vid: 11, title: 'Turmzimmer neu', status: false, moderationState: 'draft' });
    expect((await byId('11', EDITOR, 'EN')).revision).toMatchObject({ vid: 11, title: 'Tower Room, renewed' });
    expect((await byId('12', EDITOR, 'EN')).revision).toEqual({ nid: 2, vid: 12, title: 'Christmas market', status: true, moderationState: 'published' });
    expect((await byId('1', EDITOR)).revision).toMatchObject({ nid: 1, vid: 1, title: 'Turmzimmer' });
    expect((await byId('999', EDITOR)).revision).toBeNull();
  });

  const ROUTE = `query ($path: String!) { route(path: $path) { path en: translate(language: EN) { path }
    ... on EntityCanonicalUrl { entity { ... on Node { nid vid title status moderationState } } } } }`;

  it('route() answers with the default revision; an editor also resolves unpublished aliases', async () => {
    const room = await data(backend.endpoint, ROUTE, { variables: { path: '/de/uebernachten/turmzimmer' }, token: EDITOR });
    expect(room.route.entity).toEqual({ nid: 1, vid: 1, title: 'Turmzimmer', status: true, moderationState: 'published' });
    const offer = await data(backend.endpoint, ROUTE, { variables: { path: '/de/spezialangebot/lesewochenende' }, token: EDITOR });
    expect(offer.route).toEqual({
      path: '/de/spezialangebot/lesewochenende',
      en: { path: '/en/specialoffers/reading-weekend' },
      entity: { nid: 3, vid: 3, title: 'Lesewochenende', status: false, moderationState: 'draft' },
    });
    const brunch = await data(backend.endpoint, ROUTE, { variables: { path: '/en/sunday-brunch' }, token: EDITOR });
    expect(brunch.route.entity).toMatchObject({ nid: 4, moderationState: 'archived', status: false });
  });

  it('entity references answer with the default revision', async () => {
    const { nodeById } = await data(backend.endpoint, `{ nodeById(id: "5") { ... on NodeAccommodation { fieldContent { ... on ParagraphBlockTiles {
      fieldTiles { targetId entity { ... on Node { vid title } } } } } } } }`, { token: EDITOR });
    expect(nodeById.fieldContent[0].fieldTiles).toEqual([
      { targetId: '1', entity: { vid: 1, title: 'Turmzimmer' } },
      { targetId: '3', entity: { vid: 3, title: 'Lesewochenende' } },
    ]);
  });
});

describe('an anonymous caller', () => {
  it('gets null in place of what is not published, while count still counts it', async () => {
    const result = await anonymous();
    expect(result.count).toBe(5);
    expect(pairs(result.entities)).toEqual([[1, 1], [2, 2], null, null, [5, 5]]);
  });

  it('sees no draft revision, whatever the mode: LATEST and ALL hold nulls for them', async () => {
    const latest = await anonymous('revisions: LATEST');
    expect(latest.count).toBe(5);
    expect(pairs(latest.entities)).toEqual([null, null, null, null, [5, 5]]);
    const all = await anonymous('revisions: ALL');
    expect(all.count).toBe(7);
    expect(pairs(all.entities)).toEqual([[1, 1], null, [2, 2], null, null, null, [5, 5]]);
    // The English of a German-only draft is published, but its revision is not the default one.
    const english = await anonymous('revisions: LATEST, filter: { conditions: [{ field: "langcode", value: ["en"] }] }');
    expect(pairs(english.entities)).toEqual([null, null, null, null]);
  });

  it('gets null from nodeById and nodeRevisionById for what it may not view', async () => {
    const query = `{ draftItem: nodeById(id: "3") { ... on Node { nid } } archived: nodeById(id: "4") { ... on Node { nid } }
      published: nodeById(id: "1") { ... on Node { vid title } } draft: nodeRevisionById(id: "11") { ... on Node { nid } }
      otherLanguage: nodeRevisionById(id: "12", language: EN) { ... on Node { nid } } defaultRevision: nodeRevisionById(id: "2") { ... on Node { vid title } } }`;
    expect(await data(backend.endpoint, query)).toEqual({
      draftItem: null,
      archived: null,
      published: { vid: 1, title: 'Turmzimmer' },
      draft: null,
      otherLanguage: null,
      defaultRevision: { vid: 2, title: 'Weihnachtsmarkt' },
    });
  });

  it('gets null from route() for a never-published or archived alias, and null references to them', async () => {
    const route = (path: string) => `{ route(path: "${path}") { path } }`;
    expect(await data(backend.endpoint, route('/de/spezialangebot/lesewochenende'))).toEqual({ route: null });
    expect(await data(backend.endpoint, route('/de/sonntagsbrunch'))).toEqual({ route: null });
    expect(await data(backend.endpoint, route('/de/uebernachten/turmzimmer'))).toEqual({ route: { path: '/de/uebernachten/turmzimmer' } });
    const { nodeById } = await data(backend.endpoint, `{ nodeById(id: "5") { ... on NodeAccommodation { fieldContent { ... on ParagraphBlockTiles {
      fieldTiles { targetId entity { ... on Node { title } } } } } } } }`);
    expect(nodeById.fieldContent[0].fieldTiles).toEqual([{ targetId: '1', entity: { title: 'Turmzimmer' } }, { targetId: '3', entity: null }]);
  });
});

describe('fixture checks', () => {
  const room = fixtures.nodes[0]!;

  it('refuses a draft that is not newer, a vid used twice and a draft that sets what follows from it', async () => {
    const older = { ...room, draft: { ...room.draft!, vid: 1 } };
    await expect(startContentBackend({ fixtures: { ...fixtures, nodes: [older] } })).rejects.toThrow(/not newer/);
    const twice = { ...fixtures.nodes[1]!, draft: { ...fixtures.nodes[1]!.draft!, vid: 11 } };
    await expect(startContentBackend({ fixtures: { ...fixtures, nodes: [room, twice] } })).rejects.toThrow(/both have a revision 11/);
    const published = { ...room, draft: { ...room.draft!, de: { ...room.draft!.de, status: true } } };
    await expect(startContentBackend({ fixtures: { ...fixtures, nodes: [published] } })).rejects.toThrow(/sets "status"/);
    const archivedButPublished = { ...room, de: { ...room.de, moderationState: 'archived' as const } };
    await expect(startContentBackend({ fixtures: { ...fixtures, nodes: [archivedButPublished] } })).rejects.toThrow(/published but "archived"/);
  });

  it('drops a draft’s changes to a translation the item no longer has', async () => {
    const { en: _, ...germanOnly } = room;
    const backend = await startContentBackend({ fixtures: { ...fixtures, nodes: [germanOnly] }, editorToken: EDITOR });
    try {
      const answer = await data(backend.endpoint, '{ nodeRevisionById(id: "11") { ... on Node { title } ... on Entity { en: entityTranslation(language: EN) { entityId } } } }', { token: EDITOR });
      expect(answer.nodeRevisionById).toEqual({ title: 'Turmzimmer neu', en: null });
    } finally {
      await backend.close();
    }
  });
});
