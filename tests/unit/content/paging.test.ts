import { afterEach, describe, expect, it } from 'vitest';
import { ContentClient } from '../../../site/content/client';
import { fetchContent } from '../../../site/content/fetch-content';
import { PAGE_SIZE, fetchAllPages } from '../../../site/content/paging';
import { QUERIES } from '../../../site/content/queries';
import { MENU_TOPICS } from '../../../site/model/route-table';
import { json, startGraphqlStub, type GraphqlStub } from '../../helpers/graphql-stub';

let stub: GraphqlStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
});

/** A list of `total` items where `entity(n)` says what the CMS sends for item n (1-based). */
function listServer(total: number, entity: (n: number) => unknown) {
  return startGraphqlStub((request, _attempt, res) => {
    const { offset, limit } = request.variables as { offset: number; limit: number };
    const entities = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => entity(offset + i + 1));
    json(res, { data: { nodeQuery: { count: total, entities } } });
  });
}

const client = () => new ContentClient({ endpoint: stub!.endpoint, concurrency: 4, timeoutMs: 2000, retries: 0 });

describe('paging past entities the caller may not see', () => {
  it('counts a null on a full page as one item left out and keeps paging', async () => {
    // Item 10 of every page is hidden: every page still holds 50 entries, as the CMS counts them.
    stub = await listServer(500, (n) => (n % PAGE_SIZE === 10 ? null : { nid: n }));
    const list = await fetchAllPages(client(), QUERIES.contentPage, { type: 'events', langcode: 'de' }, 'nodeQuery', 'nid');
    expect(list.entities).toHaveLength(490);
    expect(list.leftOut).toHaveLength(10);
    expect(list.leftOut.every((item) => item.id === null)).toBe(true);
    expect(stub.requests).toHaveLength(500 / PAGE_SIZE);
  });

  it('pages on when a whole window of pages holds nothing but nulls', async () => {
    stub = await listServer(1200, (n) => (n <= 900 ? null : { nid: n }));
    const list = await fetchAllPages(client(), QUERIES.contentPage, { type: 'events', langcode: 'de' }, 'nodeQuery', 'nid');
    expect(list.entities.map((item) => item.nid)).toEqual(Array.from({ length: 300 }, (_, i) => 901 + i));
    expect(list.leftOut).toHaveLength(900);
  });

  it('leaves out an unpublished entity, naming its id', async () => {
    stub = await listServer(120, (n) => ({ nid: n, status: n !== 60 }));
    const list = await fetchAllPages(client(), QUERIES.contentPage, { type: 'events', langcode: 'de' }, 'nodeQuery', 'nid');
    expect(list.entities).toHaveLength(119);
    expect(list.entities.some((item) => item.nid === 60)).toBe(false);
    expect(list.leftOut).toEqual([{ id: 60, reason: expect.stringContaining('unpublished') }]);
  });

  it('publishes every visible item of a long list with nulls, and reports the hidden ones as left out, not as a short list', async () => {
    stub = await startGraphqlStub((request, _attempt, res) => {
      const { offset, limit, type, langcode } = request.variables as { offset?: number; limit?: number; type?: string; langcode?: string };
      if (request.operationName === 'Menu') return json(res, { data: Object.fromEntries(MENU_TOPICS.map(({ alias }) => [alias, { entities: [] }])) });
      if (type !== 'accommodation' || langcode !== 'de') return json(res, { data: { nodeQuery: { count: 0, entities: [] }, taxonomyTermQuery: { count: 0, entities: [] } } });
      const entities = Array.from({ length: Math.max(0, Math.min(limit!, 200 - offset!)) }, (_, i) => {
        const nid = offset! + i + 1;
        return nid % 40 === 0 ? null : { nid, title: `Zimmer ${nid}`, langcode: 'de', status: true, entityUrl: { path: `/de/uebernachten/zimmer-${nid}` } };
      });
      json(res, { data: { nodeQuery: { count: 200, entities } } });
    });
    const content = await fetchContent(client(), { locales: ['de'], base: new URL(stub.endpoint).origin, mediaOrigins: new Set(), onMedia: () => {} });
    expect(content.items.get('de')?.get('accommodation')).toHaveLength(195);
    expect(content.skipped.filter((skip) => skip.nid === null)).toHaveLength(5);
    expect(content.warnings).toEqual([]);
  });
});
