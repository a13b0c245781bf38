// Entities as the site reads them: translations, route resolution for the language switch,
// references and links in the parent's language, typed paragraphs, image derivatives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureSet } from '../../../site/cms/fixtures/types';
import { type ContentBackend, startContentBackend } from '../../../site/cms/server';

const castle = { url: '/media/synthetic.svg', alt: 'Schloss', width: 1600, height: 1000 };

const fixtures: FixtureSet = {
  nodes: [
    {
      nid: 1,
      type: 'accommodation',
      created: 1_700_000_000,
      changed: 1_700_086_400,
      shared: { fieldWeight: 0, fieldImages: [castle], fieldRoomFeatures: [{ targetId: '10' }], fieldAccommodationCategory: { targetId: '11' }, fieldSize: 32 },
      de: {
        title: 'Turmzimmer',
        status: true,
        path: '/de/uebernachten/turmzimmer',
        body: { value: '<p>Hoch oben.</p>' },
        fieldContent: [
          { bundle: 'call_to_action', id: 501, fieldTitle: 'Nebenan', fieldLink: { title: 'Gartenzimmer', uri: 'entity:node/2' } },
          { bundle: 'video', id: 502, fieldVideo: { targetId: '900' } },
          { bundle: 'logo_grid_with_links', id: 503, fieldLogos: [{ id: 504, fieldTitle: 'Relais', fieldLink: { title: 'Relais', uri: 'https://example.com/relais' } }] },
        ],
      },
      en: {
        title: 'Tower Room',
        status: true,
        path: '/en/accommodation/tower-room',
        fieldContent: [{ bundle: 'call_to_action', id: 501, fieldTitle: 'Next door', fieldLink: { title: 'Garden Room', uri: 'entity:node/2' } }],
      },
    },
    {
      nid: 2,
      type: 'accommodation',
      created: 1_700_000_000,
      changed: 1_700_000_000,
      shared: { fieldWeight: 1 },
      de: { title: 'Gartenzimmer', status: true, path: '/de/uebernachten/gartenzimmer' },
      en: { title: 'Garden Room', status: true, path: '/en/accommodation/garden-room' },
    },
    {
      nid: 3,
      type: 'accommodation',
      created: 1_700_000_000,
      changed: 1_700_000_000,
      shared: { fieldWeight: 2 },
      de: { title: 'Zirbelstube', status: true, path: '/de/uebernachten/zirbelstube' },
      en: { title: 'Pine Parlour', status: false, path: '/en/accommodation/pine-parlour' },
    },
    {
      nid: 4,
      type: 'accommodation',
      created: 1_700_000_000,
      changed: 1_700_000_000,
      shared: { fieldWeight: 3 },
      de: { title: 'Geheimzimmer', status: false, path: '/de/uebernachten/geheimzimmer' },
    },
    {
      nid: 5,
      type: 'wellness',
      created: 1_700_000_000,
      changed: 1_700_000_000,
      shared: { fieldWeight: 0, fieldSublistContentType: { targetId: 'spa_treatments' } },
      de: { title: 'Spa-Behandlungen', status: true, path: '/de/wellness/spa-behandlungen' },
    },
    {
      nid: 6,
      type: 'highlights',
      created: 1_700_000_000,
      changed: 1_700_000_000,
      shared: { fieldWeight: 0 },
      de: { title: 'Störche', status: true, path: '/de/highlights/störche', fieldLink: { title: 'Wellness', uri: 'internal:/de/wellness' } },
      en: { title: 'Storks', status: true, path: '/en/highlights/storks', fieldLink: { title: 'Stork cam', uri: 'https://example.com/storks' } },
    },
  ],
  terms: [
    { tid: 10, vocabulary: 'room_features', weight: 0, de: { name: 'Kamin' }, en: { name: 'Fireplace' } },
    { tid: 11, vocabulary: 'accommodation_category', weight: 0, de: { name: 'Turmzimmer-Kategorie' } },
  ],
  media: [{ mid: 900, bundle: 'remote_video', name: 'Rundgang', fieldMediaOembedVideo: 'https://www.youtube.com/watch?v=abc' }],
};

const EDITOR = 'resolvers-editor-token';
let backend: ContentBackend;
beforeAll(async () => {
  backend = await startContentBackend({ fixtures, editorToken: EDITOR });
});
afterAll(() => backend?.close());

/** Anonymous unless `token` is given. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function query(text: string, variables: Record<string, unknown> = {}, token?: string): Promise<any> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const response = await fetch(backend.endpoint, { method: 'POST', headers, body: JSON.stringify({ query: text, variables }) });
  const json = (await response.json()) as { data: unknown; errors?: unknown[] };
  expect(json.errors).toBeUndefined();
  return json.data;
}

const ROUTE = `query ($path: String!) { route(path: $path) { __typename path routed
  en: translate(language: EN) { path } de: translate(language: DE) { path }
  ... on EntityCanonicalUrl { entity { ... on Node { nid title langcode } } } } }`;

describe('route()', () => {
  it('resolves an alias case-insensitively, with a trailing slash, to the item and its translation', async () => {
    const { route } = await query(ROUTE, { path: '/DE/Uebernachten/Turmzimmer/' });
    expect(route).toEqual({
      __typename: 'EntityCanonicalUrl',
      path: '/de/uebernachten/turmzimmer',
      routed: true,
      en: { path: '/en/accommodation/tower-room' },
      de: { path: '/de/uebernachten/turmzimmer' },
      entity: { nid: 1, title: 'Turmzimmer', langcode: 'de' },
    });
  });

  it('decodes percent-escapes and answers in the language of the path', async () => {
    const { route } = await query(ROUTE, { path: '/de/highlights/st%C3%B6rche' });
    expect(route.entity).toEqual({ nid: 6, title: 'Störche', langcode: 'de' });
    const english = await query(ROUTE, { path: '/en/highlights/storks' });
    expect(english.route.entity.title).toBe('Storks');
  });

  it('resolves a list page to a DefaultInternalUrl that translates to the other language', async () => {
    const { route } = await query(ROUTE, { path: '/de/uebernachten' });
    expect(route).toMatchObject({ __typename: 'DefaultInternalUrl', path: '/de/uebernachten', routed: true, en: { path: '/en/accommodation' } });
    const home = await query(ROUTE, { path: '/en' });
    expect(home.route).toMatchObject({ __typename: 'DefaultInternalUrl', de: { path: '/de' } });
  });

  it('is null for unknown and unpublished paths', async () => {
    expect((await query(ROUTE, { path: '/de/gibt-es-nicht' })).route).toBeNull();
    expect((await query(ROUTE, { path: '/de/uebernachten/geheimzimmer' })).route).toBeNull();
    expect((await query(ROUTE, { path: '/en/accommodation/pine-parlour' })).route).toBeNull();
  });

  it('translates to null where the other translation is missing or unpublished', async () => {
    expect((await query(ROUTE, { path: '/de/uebernachten/zirbelstube' })).route.en).toBeNull();
    expect((await query(ROUTE, { path: '/de/wellness/spa-behandlungen' })).route.en).toBeNull();
  });
});

describe('entities', () => {
  const ITEM = `query ($lang: String!) { nodeQuery(filter: { conditions: [{ field: "nid", value: ["1"] }, { field: "langcode", value: [$lang] }] }) {
    entities { __typename entityId entityBundle entityLabel entityLanguage { id name isDefault } entityChanged
      ... on NodeAccommodation {
        vid uuid body { value format processed summary }
        fieldRoomFeatures { targetId entity { ... on TaxonomyTerm { name entityLanguage { id } } } }
        fieldAccommodationCategory { targetId entity { entityLabel entityLanguage { id } } }
        fieldContent { __typename id entityBundle
          ... on ParagraphCallToAction { fieldTitle fieldLink { title uri url { __typename path } } }
          ... on ParagraphVideo { fieldVideo { __typename entityId ... on MediaRemoteVideo { name fieldMediaOembedVideo } } }
          ... on ParagraphLogoGridWithLinks { fieldLogos { __typename id fieldTitle fieldLink { url { __typename path } } } } }
        noTranslation: entityTranslation(language: DE) { entityLabel }
      } } } }`;

  it('types items, paragraphs and media by bundle and fills Drupal defaults', async () => {
    const [item] = (await query(ITEM, { lang: 'de' })).nodeQuery.entities;
    expect(item).toMatchObject({
      __typename: 'NodeAccommodation',
      entityId: '1',
      entityBundle: 'accommodation',
      entityLabel: 'Turmzimmer',
      entityLanguage: { id: 'de', name: 'Deutsch', isDefault: true },
      entityChanged: '2023-11-15T22:13:20.000Z',
      vid: 1,
      body: { value: '<p>Hoch oben.</p>', format: 'basic_html', processed: '<p>Hoch oben.</p>', summary: null },
    });
    expect(item.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(item.fieldContent.map((p: { __typename: string }) => p.__typename)).toEqual(['ParagraphCallToAction', 'ParagraphVideo', 'ParagraphLogoGridWithLinks']);
    expect(item.fieldContent[1].fieldVideo).toEqual({ __typename: 'MediaRemoteVideo', entityId: '900', name: 'Rundgang', fieldMediaOembedVideo: 'https://www.youtube.com/watch?v=abc' });
    expect(item.fieldContent[2].fieldLogos).toEqual([
      { __typename: 'ParagraphLogoTitleAndLink', id: 504, fieldTitle: 'Relais', fieldLink: { url: { __typename: 'ExternalUrl', path: 'https://example.com/relais' } } },
    ]);
  });

  it('resolves references and entity links in the language of the referencing item', async () => {
    const [de] = (await query(ITEM, { lang: 'de' })).nodeQuery.entities;
    const [en] = (await query(ITEM, { lang: 'en' })).nodeQuery.entities;
    expect(de.fieldRoomFeatures).toEqual([{ targetId: '10', entity: { name: 'Kamin', entityLanguage: { id: 'de' } } }]);
    expect(en.fieldRoomFeatures).toEqual([{ targetId: '10', entity: { name: 'Fireplace', entityLanguage: { id: 'en' } } }]);
    // No English translation of the term: Drupal falls back to the default language.
    expect(en.fieldAccommodationCategory).toEqual({ targetId: '11', entity: { entityLabel: 'Turmzimmer-Kategorie', entityLanguage: { id: 'de' } } });
    expect(en.fieldContent[0].fieldLink).toEqual({
      title: 'Garden Room',
      uri: 'entity:node/2',
      url: { __typename: 'EntityCanonicalUrl', path: '/en/accommodation/garden-room' },
    });
  });

  it('gives entityTranslation, or null where the translation does not exist or the caller may not view it', async () => {
    const text = `{ nodeQuery(limit: 50, filter: { conditions: [{ field: "type", value: ["accommodation"] }] }, sort: [{ field: "nid", direction: ASC }]) {
      entities { entityId en: entityTranslation(language: EN) { entityLabel ... on Node { status } } } } }`;
    const editor = await query(text, {}, EDITOR);
    expect(editor.nodeQuery.entities).toEqual([
      { entityId: '1', en: { entityLabel: 'Tower Room', status: true } },
      { entityId: '2', en: { entityLabel: 'Garden Room', status: true } },
      { entityId: '3', en: { entityLabel: 'Pine Parlour', status: false } },
      { entityId: '4', en: null },
    ]);
    // Anonymous: the unpublished English of 3 is null, and 4 (unpublished) is a null entry.
    const anonymous = await query(text);
    expect(anonymous.nodeQuery.entities).toEqual([
      { entityId: '1', en: { entityLabel: 'Tower Room', status: true } },
      { entityId: '2', en: { entityLabel: 'Garden Room', status: true } },
      { entityId: '3', en: null },
      null,
    ]);
  });

  it('translates paragraphs: the same paragraph id in the other translation, else null', async () => {
    const data = await query(`{ nodeQuery(filter: { conditions: [{ field: "nid", value: ["1"] }] }) { entities { ... on NodeAccommodation {
      fieldContent { id ... on Entity { en: entityTranslation(language: EN) { entityLanguage { id } ... on ParagraphCallToAction { fieldTitle } } } } } } } }`);
    expect(data.nodeQuery.entities[0].fieldContent.slice(0, 2)).toEqual([
      { id: 501, en: { entityLanguage: { id: 'en' }, fieldTitle: 'Next door' } },
      { id: 502, en: null },
    ]);
  });

  it('returns a content-type reference with its machine name and no entity', async () => {
    const data = await query(`{ nodeQuery(filter: { conditions: [{ field: "type", value: ["wellness"] }] }) {
      entities { ... on NodeWellness { fieldSublistContentType { targetId entity { entityId } } } } } }`);
    expect(data.nodeQuery.entities[0].fieldSublistContentType).toEqual({ targetId: 'spa_treatments', entity: null });
  });

  it('resolves link fields: internal list paths and external URLs', async () => {
    const data = await query(`query ($lang: String!) { nodeQuery(filter: { conditions: [{ field: "nid", value: ["6"] }, { field: "langcode", value: [$lang] }] }) {
      entities { ... on NodeHighlights { fieldLink { url { __typename path routed en: translate(language: EN) { path } } } } } } }`, { lang: 'de' });
    expect(data.nodeQuery.entities[0].fieldLink.url).toEqual({ __typename: 'DefaultInternalUrl', path: '/de/wellness', routed: true, en: { path: '/en/wellness' } });
    const english = await query(`{ nodeQuery(filter: { conditions: [{ field: "nid", value: ["6"] }, { field: "langcode", value: ["en"] }] }) {
      entities { ... on NodeHighlights { fieldLink { url { __typename path } } } } } }`);
    expect(english.nodeQuery.entities[0].fieldLink.url).toEqual({ __typename: 'ExternalUrl', path: 'https://example.com/storks' });
  });

  it('lists the languages', async () => {
    const data = await query('{ availableLanguages { id name argument isDefault } }');
    expect(data.availableLanguages).toEqual([
      { id: 'de', name: 'Deutsch', argument: 'DE', isDefault: true },
      { id: 'en', name: 'English', argument: 'EN', isDefault: false },
    ]);
  });
});

describe('images', () => {
  it('gives absolute URLs and scaled derivatives that never upscale', async () => {
    const data = await query(`{ nodeQuery(filter: { conditions: [{ field: "nid", value: ["1"] }] }) { entities { ... on NodeAccommodation { fieldImages {
      url width height
      thumbnail: derivative(style: THUMBNAIL) { url width height }
      large: derivative(style: LARGE) { url width height }
      hero: derivative(style: HERO) { url width height } } } } } }`);
    const [image] = data.nodeQuery.entities[0].fieldImages;
    expect(image).toEqual({
      url: `${backend.origin}/media/synthetic.svg`,
      width: 1600,
      height: 1000,
      thumbnail: { url: `${backend.origin}/media/synthetic.svg?style=thumbnail`, width: 100, height: 63 },
      large: { url: `${backend.origin}/media/synthetic.svg?style=large`, width: 480, height: 300 },
      hero: { url: `${backend.origin}/media/synthetic.svg?style=hero`, width: 1600, height: 1000 },
    });
    const served = await fetch(image.hero.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
  });
});
