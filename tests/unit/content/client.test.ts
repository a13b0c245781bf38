import { afterEach, describe, expect, it } from 'vitest';
import { ContentClient, backoffDelay, classifyFailure, retryAfterOf } from '../../../site/content/client';
import { QUERIES } from '../../../site/content/queries';
import { UserError } from '../../../site/errors';
import { json, startGraphqlStub, type GraphqlStub } from '../../helpers/graphql-stub';

let stub: GraphqlStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
});

const options = { concurrency: 3, timeoutMs: 2000, retries: 3, baseDelayMs: 5, maxDelayMs: 20 };
const ok = { data: { route: null } };

describe('ContentClient', () => {
  it('never has more requests in flight than the concurrency limit', async () => {
    stub = await startGraphqlStub(async (_request, _attempt, res) => {
      await new Promise((resolve) => setTimeout(resolve, 40));
      json(res, ok);
    });
    const client = new ContentClient({ ...options, endpoint: stub.endpoint });
    await Promise.all(Array.from({ length: 20 }, (_, i) => client.request(QUERIES.routeResolver, { path: `/de/${i}` })));
    expect(stub.requests).toHaveLength(20);
    expect(stub.maxInFlight).toBe(3);
    expect(client.stats.requests).toBe(20);
  });

  it('retries HTTP 503 with an HTML body, then succeeds', async () => {
    stub = await startGraphqlStub((_request, attempt, res) => {
      if (attempt <= 2) {
        res.writeHead(503, { 'content-type': 'text/html' });
        res.end('<html><body><h1>Service Unavailable</h1></body></html>');
      } else json(res, ok);
    });
    const client = new ContentClient({ ...options, endpoint: stub.endpoint });
    await expect(client.request(QUERIES.routeResolver, { path: '/de' })).resolves.toEqual({ route: null });
    expect(stub.requests).toHaveLength(3);
    expect(client.stats.retries).toBe(2);
  });

  it('does not retry a GraphQL error and names the operation, variables and cause', async () => {
    stub = await startGraphqlStub((_request, _attempt, res) => json(res, { errors: [{ message: 'Cannot query field "nope" on type "Query".' }] }));
    const client = new ContentClient({ ...options, endpoint: stub.endpoint });
    const error = await client.request(QUERIES.routeResolver, { path: '/de/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as Error).message).toContain('RouteResolver');
    expect((error as Error).message).toContain('"/de/x"');
    expect((error as Error).message).toContain('Cannot query field "nope"');
    expect(stub.requests).toHaveLength(1);
  });

  it('retries an answer without the lists the schema guarantees instead of reading it as empty', async () => {
    const answers = [{}, { data: { nodeQuery: null } }, { data: { nodeQuery: { count: 0, entities: [] } } }];
    stub = await startGraphqlStub((_request, attempt, res) => json(res, answers[attempt - 1]));
    const client = new ContentClient({ ...options, endpoint: stub.endpoint });
    await expect(client.request(QUERIES.contentPage, { type: 'events', langcode: 'de', offset: 0, limit: 50 })).resolves.toEqual({ nodeQuery: { count: 0, entities: [] } });
    expect(stub.requests).toHaveLength(3);

    stub.requests.length = 0;
    const broken = await startGraphqlStub((_request, _attempt, res) => json(res, { data: {} }));
    const failing = new ContentClient({ ...options, endpoint: broken.endpoint, retries: 1 });
    const error = await failing.request(QUERIES.contentPage, { type: 'events', langcode: 'de', offset: 0, limit: 50 }).catch((e: unknown) => e);
    await broken.close();
    expect((error as Error).message).toMatch(/ContentPage .* failed after 2 attempts: unreadable answer: the answer has no nodeQuery/);
  });

  it('gives up after the configured retries when the backend stays down', async () => {
    stub = await startGraphqlStub((_request, _attempt, res) => {
      res.writeHead(502);
      res.end('Bad gateway');
    });
    const client = new ContentClient({ ...options, endpoint: stub.endpoint, retries: 2 });
    const error = await client.request(QUERIES.menu, { language: 'DE' }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/Menu \{"language":"DE"\} failed after 3 attempts: HTTP 502/);
    expect(stub.requests).toHaveLength(3);
  });

  it('times out a request that never answers and retries it', async () => {
    stub = await startGraphqlStub((_request, attempt, res) => {
      if (attempt === 1) return; // never answers
      json(res, ok);
    });
    const client = new ContentClient({ ...options, endpoint: stub.endpoint, timeoutMs: 200 });
    await expect(client.request(QUERIES.routeResolver, { path: '/de' })).resolves.toEqual({ route: null });
    expect(client.stats.retries).toBe(1);
  });

  it('reports a backend that refuses connections as a network error after retries', async () => {
    const closed = await startGraphqlStub(() => {});
    await closed.close();
    const client = new ContentClient({ ...options, endpoint: closed.endpoint, retries: 1 });
    const error = await client.request(QUERIES.routeResolver, { path: '/de' }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/failed after 2 attempts: network error: ECONNREFUSED/);
  });
});

describe('retry policy', () => {
  it('grows the backoff window exponentially and caps it', () => {
    expect(backoffDelay(0, 100, 10_000, () => 1)).toBe(100);
    expect(backoffDelay(3, 100, 10_000, () => 1)).toBe(800);
    expect(backoffDelay(20, 100, 10_000, () => 1)).toBe(10_000);
    expect(backoffDelay(5, 100, 10_000, () => 0)).toBe(0);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('Tue, 24 Nov 2026 12:00:00 GMT');
    expect(retryAfterOf('3', now)).toBe(3000);
    expect(retryAfterOf('Tue, 24 Nov 2026 12:00:05 GMT', now)).toBe(5000);
    expect(retryAfterOf('Tue, 24 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterOf('soon', now)).toBe(0);
    expect(retryAfterOf(null, now)).toBe(0);
  });

  it('retries timeouts and network errors but not other failures of the query itself', () => {
    expect(classifyFailure(Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' })).retry).toBe(true);
    expect(classifyFailure(new TypeError('fetch failed')).retry).toBe(true);
  });
});
