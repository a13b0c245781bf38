// nodeQuery / taxonomyTermQuery as the build and other tools see them: over HTTP, against a tiny
// fixture set whose answers can be worked out by hand. Queries run as an editor, who sees the
// unpublished items too (what anonymous callers get is in access.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureNode, FixtureSet } from '../../../site/cms/fixtures/types';
import { type ContentBackend, startContentBackend } from '../../../site/cms/server';

function room(nid: number, weight: number, de: [string, boolean] | null, en: [string, boolean] | null, shared: Record<string, unknown> = {}): FixtureNode {
  const slug = (title: string) => `${title.toLowerCase().replace(/\s+/g, '-')}-${nid}`;
  return {
    nid,
    type: 'accommodation',
    created: 1_700_000_000 + nid,
    changed: 1_700_000_000 + nid,
    shared: { fieldWeight: weight, ...shared },
    de: { title: de?.[0] ?? 'unused', status: de?.[1] ?? false, path: `/de/uebernachten/${slug(de?.[0] ?? `x${nid}`)}` },
    ...(en ? { en: { title: en[0], status: en[1], path: `/en/accommodation/${slug(en[0])}` } } : {}),
  };
}

const fixtures: FixtureSet = {
  nodes: [
    room(1, 1, ['Turmzimmer', true], ['Tower Room', true], { fieldSize: 32, fieldPriceFrom: 190 }),
    // Lower-case umlaut: German collation puts it with the a's, case-insensitively.
    room(2, 1, ['ährenzimmer', true], ['Ear Room', true], { fieldSize: 100, fieldPriceFrom: 240 }),
    room(3, 0, ['Zirbelstube', true], null, { fieldSize: 9 }),
    room(4, 2, ['Gartenzimmer', true], ['Garden Room', false], { fieldSize: 45, fieldPriceFrom: 150 }),
    room(5, 3, ['Geheimzimmer', false], null),
    room(6, 1, ['Turmzimmer', true], ['Tower Room', true], { fieldSize: 28 }), // same title and weight as 1
    {
      nid: 20,
      type: 'wellness',
      created: 1_700_000_020,
      changed: 1_700_000_020,
      shared: { fieldWeight: 0 },
      de: { title: 'Schlosstherme', status: true, path: '/de/wellness/schlosstherme' },
      en: { title: 'Castle Spa', status: true, path: '/en/wellness/castle-spa' },
    },
  ],
  terms: [
    { tid: 10, vocabulary: 'room_features', weight: 0, de: { name: 'Kamin' }, en: { name: 'Fireplace' } },
    { tid: 11, vocabulary: 'room_features', weight: 1, de: { name: 'Balkon' } },
    { tid: 12, vocabulary: 'location', weight: 0, de: { name: 'Erdgeschoss' }, en: { name: 'Ground floor' } },
  ],
  media: [],
};

const EDITOR = 'query-engine-editor-token';
const headers = { 'content-type': 'application/json', authorization: `Bearer ${EDITOR}` };
let backend: ContentBackend;
beforeAll(async () => {
  backend = await startContentBackend({ fixtures, editorToken: EDITOR });
});
afterAll(() => backend?.close());

type Result = { data: Record<string, { count: number; entities: Record<string, unknown>[] }> | null; errors?: { message: string }[] };

async function nodeQuery(args: string, fields = 'nid title langcode'): Promise<Result> {
  const response = await fetch(backend.endpoint, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query: `{ q: nodeQuery(${args}) { count entities { ... on Node { ${fields} } } } }` }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Result;
}

async function nids(args: string): Promise<number[]> {
  const result = await nodeQuery(args);
  expect(result.errors).toBeUndefined();
  return result.data!.q!.entities.map((entity) => entity.nid as number);
}

const rooms = '{ field: "type", value: ["accommodation"] }';

describe('nodeQuery language', () => {
  it('returns English translations, and only items that have one, for a langcode condition', async () => {
    const result = await nodeQuery(`limit: 50, filter: { conditions: [${rooms}, { field: "langcode", value: ["en"] }] }, sort: [{ field: "nid", direction: ASC }]`);
    expect(result.data!.q!.entities).toEqual([
      { nid: 1, title: 'Tower Room', langcode: 'en' },
      { nid: 2, title: 'Ear Room', langcode: 'en' },
      { nid: 4, title: 'Garden Room', langcode: 'en' },
      { nid: 6, title: 'Tower Room', langcode: 'en' },
    ]);
  });

  it('returns the German translations without a langcode condition', async () => {
    const result = await nodeQuery(`limit: 50, filter: { conditions: [${rooms}] }, sort: [{ field: "nid", direction: ASC }]`);
    expect(result.data!.q!.count).toBe(6);
    expect(result.data!.q!.entities.every((entity) => entity.langcode === 'de')).toBe(true);
    expect(result.data!.q!.entities[0]).toMatchObject({ title: 'Turmzimmer' });
  });

  it('evaluates a condition with its own language against that translation', async () => {
    // Published in English: 1, 2, 6 (4 is unpublished in English, 3 and 5 have no English).
    const ids = await nids(`filter: { conditions: [${rooms}, { field: "status", value: ["1"], language: EN }] }, sort: [{ field: "nid", direction: ASC }]`);
    expect(ids).toEqual([1, 2, 6]);
  });
});

describe('nodeQuery filters', () => {
  it('filters by publication status per language', async () => {
    const published = `sort: [{ field: "nid", direction: ASC }]`;
    expect(await nids(`filter: { conditions: [${rooms}, { field: "status", value: ["1"] }] }, ${published}`)).toEqual([1, 2, 3, 4, 6]);
    expect(await nids(`filter: { conditions: [${rooms}, { field: "status", value: ["0"] }] }, ${published}`)).toEqual([5]);
    expect(await nids(`filter: { conditions: [${rooms}, { field: "status", value: ["1"] }, { field: "langcode", value: ["en"] }] }, ${published}`)).toEqual([1, 2, 6]);
  });

  it('supports IN, LIKE, BETWEEN and IS_NULL', async () => {
    const asc = 'sort: [{ field: "nid", direction: ASC }]';
    expect(await nids(`filter: { conditions: [{ field: "nid", value: ["2", "4", "20"], operator: IN }] }, ${asc}`)).toEqual([2, 4, 20]);
    expect(await nids(`filter: { conditions: [{ field: "title", value: ["%ZIMMER"], operator: LIKE }] }, ${asc}`)).toEqual([1, 2, 4, 5, 6]);
    expect(await nids(`filter: { conditions: [{ field: "title", value: ["%zimmer"], operator: NOT_LIKE }] }, ${asc}`)).toEqual([3, 20]);
    expect(await nids(`filter: { conditions: [{ field: "field_price_from", value: ["150", "200"], operator: BETWEEN }] }, ${asc}`)).toEqual([1, 4]);
    expect(await nids(`filter: { conditions: [${rooms}, { field: "field_price_from", operator: IS_NULL }] }, ${asc}`)).toEqual([3, 5, 6]);
  });

  it('compares numeric fields as numbers, not as text', async () => {
    // As text "9" > "45"; as numbers only 100 and 45 are greater than 40.
    const ids = await nids(`filter: { conditions: [{ field: "field_size", value: ["40"], operator: GREATER_THAN }] }, sort: [{ field: "nid", direction: ASC }]`);
    expect(ids).toEqual([2, 4]);
  });

  it('combines nested groups with OR', async () => {
    const ids = await nids(
      `filter: { conjunction: OR, groups: [{ conditions: [{ field: "type", value: ["wellness"] }] }, { conditions: [${rooms}, { field: "field_weight", value: ["3"] }] }] }, sort: [{ field: "nid", direction: ASC }]`,
    );
    expect(ids).toEqual([5, 20]);
  });

  it('ignores disabled conditions', async () => {
    const ids = await nids(`filter: { conditions: [${rooms}, { field: "nid", value: ["1"], enabled: false }] }, limit: 50`);
    expect(ids).toHaveLength(6);
  });

  it('names an unknown field in its error', async () => {
    const result = await nodeQuery(`filter: { conditions: [{ field: "field_colour", value: ["red"] }] }`);
    expect(result.errors?.[0]?.message).toContain('"field_colour"');
  });
});

describe('nodeQuery sort and paging', () => {
  it('sorts descending when no direction is given, as Drupal does', async () => {
    expect(await nids(`filter: { conditions: [${rooms}] }, sort: [{ field: "field_weight" }, { field: "nid" }]`)).toEqual([5, 4, 6, 2, 1, 3]);
  });

  it('sorts ascending by weight, then title in German order, then nid', async () => {
    const ids = await nids(`filter: { conditions: [${rooms}] }, sort: [{ field: "field_weight", direction: ASC }, { field: "title", direction: ASC }]`);
    // weight 0: Zirbelstube; weight 1: ährenzimmer before Turmzimmer (1, then 6 by nid); then 4, 5.
    expect(ids).toEqual([3, 2, 1, 6, 4, 5]);
  });

  it('pages with offset while count stays the total', async () => {
    const args = (offset: number) => `offset: ${offset}, limit: 4, filter: { conditions: [${rooms}] }, sort: [{ field: "nid", direction: ASC }]`;
    const first = await nodeQuery(args(0));
    const second = await nodeQuery(args(4));
    expect(first.data!.q!.count).toBe(6);
    expect(second.data!.q!.count).toBe(6);
    expect([...first.data!.q!.entities, ...second.data!.q!.entities].map((e) => e.nid)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('refuses a limit above 100 and names the maximum', async () => {
    const result = await nodeQuery('limit: 101');
    expect(result.data).toBeNull();
    expect(result.errors?.[0]?.message).toMatch(/maximum of 100/);
  });

  it('refuses a negative limit', async () => {
    const result = await nodeQuery('limit: -1');
    expect(result.errors?.[0]?.message).toMatch(/negative/);
  });
});

describe('taxonomyTermQuery', () => {
  it('filters by vocabulary and returns the terms in the requested language', async () => {
    const response = await fetch(backend.endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        query: `{ taxonomyTermQuery(filter: { conditions: [{ field: "vid", value: ["room_features"] }, { field: "langcode", value: ["en"] }] }, sort: [{ field: "weight", direction: ASC }]) {
          count entities { ... on TaxonomyTerm { tid name vid { targetId } } } } }`,
      }),
    });
    const { data } = (await response.json()) as { data: { taxonomyTermQuery: { count: number; entities: unknown[] } } };
    expect(data.taxonomyTermQuery).toEqual({ count: 1, entities: [{ tid: 10, name: 'Fireplace', vid: { targetId: 'room_features' } }] });
  });
});
