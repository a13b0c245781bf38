// Synthetic benchmark content: reproducible, well-formed, and served like real content.
import { describe, expect, it } from 'vitest';
import { SYNTHETIC_DRAFT_VID_OFFSET, SYNTHETIC_FIRST_NID, SYNTHETIC_TYPES, syntheticFixtures } from '../../../site/cms/synthetic';
import { imageSize } from 'image-size';
import { startContentBackend } from '../../../site/cms/server';
import { data } from './cms-client';

describe('syntheticFixtures', () => {
  it('is deterministic for a count and seed, and differs between seeds', () => {
    expect(syntheticFixtures(300, 7)).toEqual(syntheticFixtures(300, 7));
    expect(syntheticFixtures(300, 8).nodes.map((n) => n.de.title)).not.toEqual(syntheticFixtures(300, 7).nodes.map((n) => n.de.title));
  });

  it('gives unique nids and aliases under the list bases, spread over the detail types', () => {
    const { nodes } = syntheticFixtures(2000);
    expect(nodes.map((n) => n.nid)).toEqual(nodes.map((_, i) => SYNTHETIC_FIRST_NID + i));
    const paths = nodes.flatMap((n) => [n.de.path, ...(n.en ? [n.en.path] : [])]);
    expect(new Set(paths.map((p) => p.toLowerCase())).size).toBe(paths.length);
    expect(new Set(nodes.map((n) => n.type))).toEqual(new Set(SYNTHETIC_TYPES));
    const room = nodes.find((n) => n.type === 'accommodation' && n.en)!;
    expect(room.de.path).toMatch(/^\/de\/uebernachten\/zimmer-\d+$/);
    expect(room.en!.path).toMatch(/^\/en\/accommodation\/room-\d+$/);
    const spa = nodes.find((n) => n.type === 'spa_treatments')!;
    expect(spa.de.path.startsWith('/de/wellness/spabehandlung/')).toBe(true);
  });

  it('translates about 95% of the items and unpublishes a few translations', () => {
    const { nodes } = syntheticFixtures(2000);
    const translated = nodes.filter((n) => n.en).length / nodes.length;
    const unpublished = nodes.filter((n) => !n.de.status || n.en?.status === false).length / nodes.length;
    expect(translated).toBeGreaterThan(0.92);
    expect(translated).toBeLessThan(0.98);
    expect(unpublished).toBeGreaterThan(0.01);
    expect(unpublished).toBeLessThan(0.06);
  });

  it('gives a few published items a pending draft, German only or in both languages, drawing no random numbers', () => {
    const { nodes } = syntheticFixtures(2000);
    const drafted = nodes.filter((n) => n.draft);
    expect(drafted.length / nodes.length).toBeGreaterThan(0.01);
    expect(drafted.length / nodes.length).toBeLessThan(0.04);
    expect(drafted.every((n) => n.de.status && n.draft!.vid === n.nid + SYNTHETIC_DRAFT_VID_OFFSET && n.draft!.changed > n.changed)).toBe(true);
    expect(drafted.some((n) => n.en && !n.draft!.en)).toBe(true);
    expect(drafted.some((n) => n.draft!.en)).toBe(true);
    // The published items are those of a run without drafts: the same draws in the same order.
    const fewer = syntheticFixtures(1000).nodes;
    expect(fewer.map(({ draft: _, ...rest }) => rest)).toEqual(nodes.slice(0, 1000).map(({ draft: _, ...rest }) => rest));
  });

  it('serves the synthetic drafts to an editor only', async () => {
    const backend = await startContentBackend({ fixtures: { nodes: [], terms: [], media: [] }, extraItems: 100 });
    try {
      const query = '{ nodeQuery(revisions: LATEST, limit: 100, filter: { conditions: [{ field: "status", value: ["0"] }] }) { count entities { ... on Node { vid moderationState } } } }';
      const editor = await data(backend.endpoint, query, { token: backend.editorToken });
      const drafts = editor.nodeQuery.entities.filter((e: { vid: number }) => e.vid > SYNTHETIC_DRAFT_VID_OFFSET);
      expect(drafts.length).toBeGreaterThan(0);
      expect(drafts.every((e: { moderationState: string }) => e.moderationState === 'draft')).toBe(true);
      const anonymous = await data(backend.endpoint, query);
      expect(anonymous.nodeQuery.count).toBe(editor.nodeQuery.count);
      expect(anonymous.nodeQuery.entities.every((e: unknown) => e === null)).toBe(true);
    } finally {
      await backend.close();
    }
  });

  it('writes bodies of realistic size with a list and a link, and fills type fields', () => {
    const { nodes } = syntheticFixtures(240);
    const lengths = nodes.map((n) => n.de.body!.value.length);
    expect(Math.min(...lengths)).toBeGreaterThan(700);
    expect(Math.max(...lengths)).toBeLessThan(2600);
    expect(nodes[0]!.de.body!.value).toMatch(/<ul>.*<li>.*<\/ul>.*<a href="\/de\//s);
    const event = nodes.find((n) => n.type === 'events')!;
    expect((event.shared.fieldDate as { value: string }).value).toMatch(/^\d{4}-\d\d-\d\dT\d\d:00:00\+0[12]:00$/);
    expect(new Date((event.shared.fieldDate as { value: string }).value).getTime()).toBeGreaterThan(Date.now() - 31 * 86_400_000);
    expect(nodes.find((n) => n.type === 'functions_rooms')!.shared).toMatchObject({ fieldArea: expect.any(Number), fieldPricePerDay: expect.any(Number) });
  });

  it('is served by the backend, images included', async () => {
    const backend = await startContentBackend({ fixtures: { nodes: [], terms: [], media: [] }, extraItems: 120 });
    try {
      const response = await fetch(backend.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `{ nodeQuery(limit: 100, filter: { conditions: [{ field: "type", value: ["accommodation"] }, { field: "langcode", value: ["en"] }] }) {
            count entities { ... on NodeAccommodation { title entityUrl { path } fieldImages { url } } } } }`,
        }),
      });
      const { data } = (await response.json()) as { data: { nodeQuery: { count: number; entities: { entityUrl: { path: string }; fieldImages: { url: string }[] }[] } } };
      expect(data.nodeQuery.count).toBeGreaterThan(5);
      const [first] = data.nodeQuery.entities;
      expect(first!.entityUrl.path).toMatch(/^\/en\/accommodation\/room-\d+$/);
      const image = await fetch(first!.fieldImages[0]!.url);
      expect(image.status).toBe(200);
    } finally {
      await backend.close();
    }
  });

  it('serves each item its own files the way Drupal lays them out, with derivatives, inline images, PDFs and 304s', async () => {
    const backend = await startContentBackend({ fixtures: { nodes: [], terms: [], media: [] }, extraItems: 60 });
    try {
      const response = await fetch(backend.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `{ nodeQuery(limit: 100, filter: { conditions: [{ field: "langcode", value: ["de"] }] }) {
            entities { ... on NodeAccommodation { body { value } fieldImages { url card: derivative(style: LARGE) { url width height } } } } } }`,
        }),
      });
      const { data } = (await response.json()) as { data: { nodeQuery: { entities: ({ body: { value: string }; fieldImages: { url: string; card: { url: string; width: number; height: number } }[] } | Record<string, never> | null)[] } } };
      const rooms = data.nodeQuery.entities.filter((e) => e !== null && 'fieldImages' in e) as { body: { value: string }; fieldImages: { url: string; card: { url: string; width: number; height: number } }[] }[];
      const image = rooms[0]!.fieldImages[0]!;
      expect(image.url).toMatch(/\/sites\/default\/files\/2025-\d\d\/zimmer-\d+-1\.png$/);
      expect(image.card.url).toMatch(/\/sites\/default\/files\/styles\/large\/public\/2025-\d\d\/zimmer-\d+-1\.png\?itok=[\w-]{8}$/);
      const [original, card] = await Promise.all([fetch(image.url), fetch(image.card.url)]);
      const [originalBytes, cardBytes] = [Buffer.from(await original.arrayBuffer()), Buffer.from(await card.arrayBuffer())];
      expect(original.headers.get('content-type')).toBe('image/png');
      expect(original.headers.get('cache-control')).toBe('public, max-age=1209600');
      expect(imageSize(originalBytes)).toMatchObject({ width: 1600, height: 1000 });
      expect(imageSize(cardBytes)).toMatchObject({ width: image.card.width, height: image.card.height });
      const again = await fetch(image.url, { headers: { 'if-none-match': original.headers.get('etag')! } });
      expect(again.status).toBe(304);
      const bodies = syntheticFixtures(60).nodes.map((n) => n.de.body!.value).join('');
      const inline = /<img src="(\/sites\/default\/files\/inline-images\/[^"]+)"/.exec(bodies)![1]!;
      expect((await fetch(`${backend.origin}${inline}`)).status).toBe(200);
      const pdf = /<a href="(\/sites\/default\/files\/[^"]+\.pdf)"/.exec(syntheticFixtures(400).nodes.map((n) => n.de.body!.value).join(''))![1]!;
      expect(Buffer.from(await (await fetch(`${backend.origin}${pdf}`)).arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
      expect((await fetch(`${backend.origin}/sites/default/files/../package.json`)).status).toBe(404);
    } finally {
      await backend.close();
    }
  });
});
