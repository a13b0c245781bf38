import { afterEach, describe, expect, it } from 'vitest';
import { ContentClient } from '../../../site/content/client';
import type { ListStore } from '../../../site/content/content-lists';
import { fetchContent, LISTS_AT_ONCE } from '../../../site/content/fetch-content';
import { PAGE_SIZE, fetchAllPages } from '../../../site/content/paging';
import { QUERIES } from '../../../site/content/queries';
import { NODE_TYPES } from '../../../site/model/content-types';
import { json, startGraphqlStub, type GraphqlStub } from '../../helpers/graphql-stub';

let stub: GraphqlStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
});

function listServer(total: number) {
  return startGraphqlStub((request, _attempt, res) => {
    const { offset, limit } = request.variables as { offset: number; limit: number };
    const entities = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({ nid: offset + i + 1, title: `Item ${offset + i + 1}` }));
    json(res, { data: { nodeQuery: { count: total, entities } } });
  });
}

describe('paging', () => {
  it('pages with offset until count: 500 items in pages of 50', async () => {
    stub = await listServer(500);
    const client = new ContentClient({ endpoint: stub.endpoint, concurrency: 4, timeoutMs: 2000, retries: 0 });
    const { entities: items, reported } = await fetchAllPages(client, QUERIES.contentPage, { type: 'events', langcode: 'de' }, 'nodeQuery', 'nid');
    expect(items).toHaveLength(500);
    expect(reported).toBe(500);
    expect(new Set(items.map((item) => item.nid)).size).toBe(500);
    expect(stub.requests).toHaveLength(500 / PAGE_SIZE);
    expect(stub.requests.map((r) => r.variables.offset).sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 10 }, (_, i) => i * 50));
    expect(stub.requests.every((r) => r.variables.limit === 50 && r.variables.type === 'events' && r.variables.langcode === 'de')).toBe(true);
  });

  it('makes one request for an empty list', async () => {
    stub = await listServer(0);
    const client = new ContentClient({ endpoint: stub.endpoint, concurrency: 4, timeoutMs: 2000, retries: 0 });
    expect(await fetchAllPages(client, QUERIES.contentPage, { type: 'golf', langcode: 'en' }, 'nodeQuery', 'nid')).toEqual({ entities: [], reported: 0, leftOut: [] });
    expect(stub.requests).toHaveLength(1);
  });

  it('keeps one copy of an item that moved between pages while paging', async () => {
    stub = await startGraphqlStub((request, _attempt, res) => {
      const { offset } = request.variables as { offset: number };
      // Item 50 appears on both pages, as when an editor changes a weight during the build.
      const entities = offset === 0 ? Array.from({ length: 50 }, (_, i) => ({ nid: i + 1 })) : [{ nid: 50 }, { nid: 51 }];
      json(res, { data: { nodeQuery: { count: 52, entities } } });
    });
    const client = new ContentClient({ endpoint: stub.endpoint, concurrency: 2, timeoutMs: 2000, retries: 0 });
    const { entities } = await fetchAllPages(client, QUERIES.contentPage, { type: 'events', langcode: 'de' }, 'nodeQuery', 'nid');
    expect(entities.map((item) => item.nid)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1));
  });

  it('stops at the first short page when count overstates the list (no thousands of empty pages)', async () => {
    stub = await startGraphqlStub((request, _attempt, res) => {
      const { offset } = request.variables as { offset: number };
      json(res, { data: { nodeQuery: { count: 2 ** 31 - 1, entities: offset < 120 ? Array.from({ length: Math.min(50, 120 - offset) }, (_, i) => ({ nid: offset + i + 1 })) : [] } } });
    });
    const client = new ContentClient({ endpoint: stub.endpoint, concurrency: 4, timeoutMs: 2000, retries: 0 });
    const { entities, reported } = await fetchAllPages(client, QUERIES.contentPage, { type: 'events', langcode: 'de' }, 'nodeQuery', 'nid');
    expect(entities).toHaveLength(120);
    expect(reported).toBe(100_000);
    // The first page, then one window of 16.
    expect(stub.requests.length).toBeLessThanOrEqual(17);
  });

  it('follows a count that grows while paging', async () => {
    stub = await startGraphqlStub((request, _attempt, res) => {
      const { offset } = request.variables as { offset: number };
      const entities = Array.from({ length: Math.max(0, Math.min(50, 130 - offset)) }, (_, i) => ({ nid: offset + i + 1 }));
      json(res, { data: { nodeQuery: { count: offset === 0 ? 60 : 130, entities } } });
    });
    const client = new ContentClient({ endpoint: stub.endpoint, concurrency: 4, timeoutMs: 2000, retries: 0 });
    const { entities } = await fetchAllPages(client, QUERIES.contentPage, { type: 'events', langcode: 'de' }, 'nodeQuery', 'nid');
    expect(entities).toHaveLength(130);
  });

  it('stops when pages bring nothing new (a backend ignoring offset) and says how many it got', async () => {
    stub = await startGraphqlStub((_request, _attempt, res) => {
      json(res, { data: { nodeQuery: { count: 5000, entities: Array.from({ length: 50 }, (_, i) => ({ nid: i + 1 })) } } });
    });
    const client = new ContentClient({ endpoint: stub.endpoint, concurrency: 4, timeoutMs: 2000, retries: 0 });
    const { entities, reported } = await fetchAllPages(client, QUERIES.contentPage, { type: 'events', langcode: 'de' }, 'nodeQuery', 'nid');
    expect({ got: entities.length, reported }).toEqual({ got: 50, reported: 5000 });
    expect(stub.requests.length).toBeLessThanOrEqual(17);
  });
});

describe('the fetch stage', () => {
  it('lets every list in flight listen for a stop without Node warning of a listener leak', async () => {
    const warned: Error[] = [];
    const onWarning = (warning: Error) => warned.push(warning);
    process.on('warning', onWarning);
    try {
      const pending: (() => void)[] = [];
      // Like ContentClient: each request in flight listens to the stage's signal; all answer at once.
      const client = {
        endpoint: 'http://127.0.0.1:9/graphql',
        stats: { requests: 0, retries: 0 },
        request(operation: { name: string }, _variables: unknown, options: { signal?: AbortSignal } = {}) {
          const stop = () => {};
          options.signal?.addEventListener('abort', stop, { once: true });
          return new Promise((resolve) => {
            pending.push(() => {
              options.signal?.removeEventListener('abort', stop);
              resolve(operation.name === 'Menu' ? {} : { nodeQuery: { count: 0, entities: [] }, taxonomyTermQuery: { count: 0, entities: [] } });
            });
            // Answered together, on the next turn: every request asked in this one is in flight at once.
            if (pending.length === 1) setImmediate(() => pending.splice(0).forEach((answer) => answer()));
          });
        },
      };
      const outer = new AbortController();
      await fetchContent(client as unknown as ContentClient, { locales: ['de', 'en'], base: 'http://127.0.0.1:9', mediaOrigins: new Set(), onMedia: () => {}, signal: outer.signal });
      await new Promise((resolve) => setImmediate(resolve));
      expect(warned.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('fetches and normalizes a few content lists at a time, each list whole before the next starts', async () => {
    const open = new Set<string>();
    const started: string[] = [];
    let most = 0;
    const client = contentPageClient(async (list, variables) => {
      if (!open.has(list)) started.push(list);
      open.add(list);
      most = Math.max(most, open.size);
      // Two pages per list, the second a turn later: a list stays open across turns.
      await new Promise((resolve) => setImmediate(resolve));
      const offset = Number(variables.offset);
      const entities = Array.from({ length: offset === 0 ? PAGE_SIZE : 1 }, (_, i) => ({ nid: offset + i + 1, status: true }));
      if (offset > 0) setImmediate(() => open.delete(list));
      return { nodeQuery: { count: PAGE_SIZE + 1, entities } };
    });
    await fetchContent(client as unknown as ContentClient, { locales: ['de', 'en'], base: 'http://127.0.0.1:9', mediaOrigins: new Set(), onMedia: () => {} });
    const lists = NODE_TYPES.filter((type) => type !== 'notifications').length * 2;
    expect(new Set(started).size).toBe(lists);
    expect(lists).toBeGreaterThan(LISTS_AT_ONCE);
    expect(most).toBe(LISTS_AT_ONCE);
  });

  it('asks for the lists that moved since the last build before it reads the kept ones, and reads a moved list as kept while its pages are on the wire', async () => {
    const events: string[] = [];
    const moved = 'en accommodation';
    const client = contentPageClient(async (list) => {
      events.push(`request ${list}`);
      await new Promise((resolve) => setImmediate(resolve));
      events.push(`answer ${list}`);
      return { nodeQuery: { count: 1, entities: [{ nid: 1, status: true }] } };
    });
    const store: ListStore = {
      scope: () => {},
      unchanged: (locale, type) => `${locale} ${type}` !== moved,
      async take(locale, type) {
        events.push(`take ${locale} ${type}`);
        return [];
      },
      async previous(locale, type) {
        events.push(`previous ${locale} ${type}`);
        return [];
      },
      keep: () => {},
    };
    await fetchContent(client as unknown as ContentClient, { locales: ['de', 'en'], base: 'http://127.0.0.1:9', mediaOrigins: new Set(), onMedia: () => {}, store });
    expect(events.filter((event) => event.startsWith('request'))).toEqual([`request ${moved}`]);
    expect(events.indexOf(`request ${moved}`)).toBeLessThan(events.findIndex((event) => event.startsWith('take')));
    expect(events.indexOf(`previous ${moved}`)).toBeLessThan(events.indexOf(`answer ${moved}`));
  });
});

/** A CMS client stub: no menu, empty term and notification lists, each content list's page from `answer`. */
function contentPageClient(answer: (list: string, variables: Record<string, unknown>) => Promise<unknown>) {
  return {
    endpoint: 'http://127.0.0.1:9/graphql',
    stats: { requests: 0, retries: 0 },
    async request(operation: { name: string }, variables: Record<string, unknown>) {
      if (operation.name === 'Menu') return {};
      if (operation.name !== 'ContentPage') return { nodeQuery: { count: 0, entities: [] }, taxonomyTermQuery: { count: 0, entities: [] } };
      return answer(`${String(variables.langcode)} ${String(variables.type)}`, variables);
    },
  };
}
