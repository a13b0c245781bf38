// Reuse of normalized items in watch (site/content/normalize-memo.ts through fetchContent): an item
// comes back as the same object only when its raw answer object is the same and the prepare that
// made it completed; a list whose answer is new is normalized again.
import { describe, expect, it } from 'vitest';
import type { ContentClient } from '../../../site/content/client';
import { fetchContent } from '../../../site/content/fetch-content';
import { NormalizeMemo } from '../../../site/content/normalize-memo';
import type { Operation } from '../../../site/content/queries';

const room = (nid: number, title: string) => ({
  __typename: 'NodeAccommodation', entityBundle: 'accommodation', nid, title, langcode: 'de', status: true, fieldWeight: 0,
  entityUrl: { path: `/de/uebernachten/zimmer-${nid}` }, body: { processed: `<p>${title}</p>` }, fieldTeaser: title, fieldImages: [], fieldContent: [],
});

/** A client answering from a table, with the same object for the same request (like watch's cache). */
function cachedClient(rooms: () => object) {
  const answers = new Map<string, unknown>();
  const client = {
    endpoint: 'http://127.0.0.1:9/graphql',
    stats: { requests: 0, retries: 0 },
    request(operation: Operation, variables: Record<string, unknown>) {
      const key = `${operation.name} ${JSON.stringify(variables)}`;
      if (!answers.has(key)) {
        const isRooms = operation.name === 'ContentPage' && variables.type === 'accommodation';
        answers.set(key, operation.name === 'Menu' ? {} : { nodeQuery: isRooms ? rooms() : { count: 0, entities: [] }, taxonomyTermQuery: { count: 0, entities: [] } });
      }
      return Promise.resolve(answers.get(key));
    },
  };
  return { client: client as unknown as ContentClient, forget: () => answers.clear() };
}

const roomsOf = async (client: ContentClient, memo: NormalizeMemo) =>
  (await fetchContent(client, { locales: ['de'], base: 'http://127.0.0.1:9', mediaOrigins: new Set(['http://127.0.0.1:9']), onMedia: () => {}, memo })).items.get('de')!.get('accommodation')!;

describe('NormalizeMemo', () => {
  it('gives back the same item for the same answer once the prepare completed, and a new one for a new answer', async () => {
    let title = 'Turmzimmer';
    const { client, forget } = cachedClient(() => ({ count: 1, entities: [room(1, title)] }));
    const memo = new NormalizeMemo();
    memo.begin();
    const [first] = await roomsOf(client, memo);
    memo.commit();
    memo.begin();
    const [again] = await roomsOf(client, memo);
    expect(again).toBe(first);

    title = 'Turmzimmer mit Blick';
    forget();
    memo.begin();
    const [edited] = await roomsOf(client, memo);
    expect(edited).not.toBe(first);
    expect(edited!.title).toBe('Turmzimmer mit Blick');
  });

  it('reuses nothing from a prepare that did not complete', async () => {
    const { client } = cachedClient(() => ({ count: 1, entities: [room(1, 'Turmzimmer')] }));
    const memo = new NormalizeMemo();
    memo.begin();
    const [first] = await roomsOf(client, memo);
    // No commit: that attempt failed after normalizing.
    memo.begin();
    const [again] = await roomsOf(client, memo);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
