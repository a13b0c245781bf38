import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentClient, backoffDelay } from '../../../site/content/client';
import { classifyFailure, retryAfterOf } from '../../../site/content/failure';
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

  it('sends the document, its variables and its operation name, as GraphQL over HTTP has them', async () => {
    // Every field either operation requires, so that both answers are readable.
    const data = Object.fromEntries([...QUERIES.routeResolver.required, ...QUERIES.menu.required].map((key) => [key, {}]));
    stub = await startGraphqlStub((_request, _attempt, res) => json(res, { data }));
    const client = new ContentClient({ ...options, endpoint: stub.endpoint });
    await client.request(QUERIES.routeResolver, { path: '/de' });
    await client.request(QUERIES.menu, { language: 'EN' });
    expect(stub.requests.map((request) => request.body)).toEqual([
      JSON.stringify({ query: QUERIES.routeResolver.document, variables: { path: '/de' }, operationName: 'RouteResolver' }),
      JSON.stringify({ query: QUERIES.menu.document, variables: { language: 'EN' }, operationName: QUERIES.menu.name }),
    ]);
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

  it('reads an answer as UTF-8 text: characters beyond ASCII, split across chunks, and a byte order mark', async () => {
    const title = 'Turmzimmer Südflügel — 湖 🏰';
    const bytes = Buffer.from(`\uFEFF${JSON.stringify({ data: { nodeQuery: { count: 1, entities: [{ title }] } } })}`, 'utf8');
    // Cut inside the castle's four bytes: a decoder that reads chunk by chunk would garble it.
    const cut = bytes.indexOf(Buffer.from('🏰')) + 2;
    stub = await startGraphqlStub((_request, _attempt, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(bytes.subarray(0, cut));
      setTimeout(() => res.end(bytes.subarray(cut)), 20);
    });
    const client = new ContentClient({ ...options, endpoint: stub.endpoint });
    await expect(client.request(QUERIES.contentPage, { type: 'events', langcode: 'de', offset: 0, limit: 50 })).resolves.toEqual({ nodeQuery: { count: 1, entities: [{ title }] } });
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
    expect((error as Error).message).toMatch(/failed after 2 attempts: connection refused \(ECONNREFUSED\): nothing listens at 127\.0\.0\.1:\d+/);
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

/** The UserError a request ends with, and how many requests the stub saw. */
async function failure(answer: Parameters<typeof startGraphqlStub>[0], extra: Partial<ConstructorParameters<typeof ContentClient>[0]> = {}) {
  stub = await startGraphqlStub(answer);
  const client = new ContentClient({ ...options, endpoint: stub.endpoint, ...extra });
  const error = (await client.request(QUERIES.routeResolver, { path: '/de' }).catch((e: unknown) => e)) as UserError;
  expect(error).toBeInstanceOf(UserError);
  return { error, requests: stub.requests.length, text: `${error.message}\n${error.hint}` };
}

const html = (status: number, title: string) => (_request: unknown, _attempt: number, res: import('node:http').ServerResponse) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`);
};

describe('answers too large to read', () => {
  it('stops reading at the limit and does not retry', async () => {
    const { requests, text } = await failure((_r, _a, res) => json(res, { data: { route: null }, padding: 'x'.repeat(3 * 1024 * 1024) }), { maxResponseBytes: 1024 * 1024 });
    expect(requests).toBe(1);
    expect(text).toContain('the answer is larger than 1 MB once decoded');
    expect(text).toContain('content.maxResponseBytes');
  });

  it('counts the decoded size: a small gzip answer inflating far past the limit fails at once', async () => {
    const bomb = gzipSync(Buffer.alloc(16 * 1024 * 1024, ' '));
    expect(bomb.length).toBeLessThan(100 * 1024);
    const started = performance.now();
    const { requests, text } = await failure(
      (_r, _a, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(bomb.length) });
        res.end(bomb);
      },
      { maxResponseBytes: 1024 * 1024 },
    );
    expect(requests).toBe(1);
    expect(text).toContain('larger than 1 MB');
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('endpoint diagnoses', () => {
  it('says a 404 HTML page means a wrong path, without retrying', async () => {
    const { requests, text } = await failure(html(404, 'Page not found'));
    expect(requests).toBe(1);
    expect(text).toContain('HTTP 404: the answer is an HTML page ("Page not found")');
    expect(text).toContain("Check the URL's path");
    expect(text).not.toContain('schema may differ');
  });

  it('says a 200 HTML page is no GraphQL endpoint, instead of the library\'s parse error', async () => {
    const { requests, text } = await failure(html(200, 'Willkommen'));
    expect(requests).toBe(1);
    expect(text).toContain('not a GraphQL endpoint: the answer is an HTML page ("Willkommen")');
    expect(text).not.toContain('Invalid execution result');
  });

  it('retries a page in between once the endpoint has answered GraphQL (a proxy\'s login page)', async () => {
    stub = await startGraphqlStub((request, attempt, res) => (attempt === 2 ? html(200, 'Please log in')(request, attempt, res) : json(res, ok)));
    const client = new ContentClient({ ...options, endpoint: stub.endpoint });
    await client.request(QUERIES.routeResolver, { path: '/de' });
    await expect(client.request(QUERIES.routeResolver, { path: '/en' })).resolves.toEqual({ route: null });
    expect(stub.requests).toHaveLength(3);
  });

  it('names other text that is no GraphQL answer', async () => {
    const { requests, text } = await failure((_r, _a, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('OK');
    });
    expect(requests).toBe(1);
    expect(text).toContain('not a GraphQL endpoint: the answer is text/plain text ("OK")');
  });

  it('does not retry 400, 404 or 501, and prints their text once', async () => {
    for (const status of [400, 404, 501]) {
      const { requests, error } = await failure((_r, _a, res) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: `answer ${status}` }));
      });
      expect(requests, `HTTP ${status}`).toBe(1);
      expect(error.message.split(`answer ${status}`)).toHaveLength(2);
      await stub!.close();
      stub = null;
    }
  });

  it('retries what can get better: 429 and 502-504, also as HTML pages', async () => {
    for (const status of [429, 502, 503, 504]) {
      stub = await startGraphqlStub((request, attempt, res) => (attempt === 1 ? html(status, 'Bad Gateway')(request, attempt, res) : json(res, ok)));
      const client = new ContentClient({ ...options, endpoint: stub.endpoint });
      await expect(client.request(QUERIES.routeResolver, { path: '/de' }), `HTTP ${status}`).resolves.toEqual({ route: null });
      expect(stub.requests).toHaveLength(2);
      await stub.close();
      stub = null;
    }
  });

  it('fails at once for a port fetch never connects to (http://127.0.0.1:9/)', async () => {
    const client = new ContentClient({ ...options, endpoint: 'http://127.0.0.1:9/', baseDelayMs: 300, maxDelayMs: 10_000 });
    const error = (await client.request(QUERIES.routeResolver, { path: '/de' }).catch((e: unknown) => e)) as UserError;
    expect(error.message).toContain('port 9 is one fetch never connects to');
    expect(error.message).not.toContain('after');
    expect(client.stats.retries).toBe(0);
  });

  it('fails fast for an unknown host instead of retrying for half a minute', async () => {
    const client = new ContentClient({ ...options, retries: 4, endpoint: 'http://cms.does-not-exist.invalid/graphql', baseDelayMs: 300, maxDelayMs: 10_000 });
    const started = performance.now();
    const error = (await client.request(QUERIES.routeResolver, { path: '/de' }).catch((e: unknown) => e)) as UserError;
    expect(error.message).toContain('unknown host: cms.does-not-exist.invalid has no address');
    expect(error.hint).toContain('host name');
    expect(client.stats.retries).toBe(0);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
