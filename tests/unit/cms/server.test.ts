// The backend's HTTP surface: what a client, a browser or an attacker gets back.
import { statSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupMedia, MEDIA_DIR } from '../../../site/cms/media-files';
import { type ContentBackend, savedOver, startContentBackend } from '../../../site/cms/server';
import { fixtures } from '../../../site/cms/fixtures/index';

const empty = { nodes: [], terms: [], media: [] };
let backend: ContentBackend;
beforeAll(async () => {
  backend = await startContentBackend({ fixtures: empty });
});
afterAll(() => backend?.close());

const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(backend.endpoint, { method: 'POST', headers, body });

/** A request with the path exactly as given: fetch() would resolve "/media/../x" before sending. */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(backend.origin);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('POST /graphql', () => {
  it('binds to loopback and names its endpoint', () => {
    expect(backend.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/graphql$/);
    expect(backend.endpoint.startsWith(backend.origin)).toBe(true);
  });

  it('answers validation errors with HTTP 200 and an errors array', async () => {
    const response = await post(JSON.stringify({ query: '{ nodeQuery { nope } }' }));
    expect(response.status).toBe(200);
    const json = (await response.json()) as { data?: unknown; errors: { message: string }[] };
    expect(json.data).toBeUndefined();
    expect(json.errors[0]!.message).toMatch(/Cannot query field "nope"/);
  });

  it('runs the named operation with variables', async () => {
    const query = 'query A { availableLanguages { id } } query B($path: String!) { route(path: $path) { path } }';
    const response = await post(JSON.stringify({ query, variables: { path: '/en/wellness' }, operationName: 'B' }));
    expect(await response.json()).toEqual({ data: { route: { path: '/en/wellness' } } });
  });

  it('rejects a body that is not JSON with 400 and a JSON error', async () => {
    const response = await post('{ query: nope');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(/not valid JSON/);
  });

  it('rejects GET with 405 and Allow: POST', async () => {
    const response = await fetch(`${backend.endpoint}?query={availableLanguages{id}}`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('rejects bodies over 1 MiB with 413', async () => {
    const response = await post(JSON.stringify({ query: `{ availableLanguages { id } }${' '.repeat(1024 * 1024)}` }));
    expect(response.status).toBe(413);
  });

  it('answers 404 elsewhere', async () => {
    expect((await fetch(`${backend.origin}/admin`)).status).toBe(404);
  });
});

describe('injected failures', () => {
  it('answers every POST with 503 and an HTML page at failRate 1', async () => {
    const failing = await startContentBackend({ fixtures: empty, failRate: 1 });
    try {
      const response = await fetch(failing.endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{availableLanguages{id}}"}' });
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toMatch(/Service Unavailable/);
    } finally {
      await failing.close();
    }
  });

  it('delays answers by latencyMs', async () => {
    const slow = await startContentBackend({ fixtures: empty, latencyMs: 120 });
    try {
      const started = performance.now();
      await fetch(slow.endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{availableLanguages{id}}"}' });
      expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    } finally {
      await slow.close();
    }
  });
});

describe('GET /media/', () => {
  const file = 'synthetic.svg';
  const size = statSync(`${MEDIA_DIR}/${file}`).size;

  it('serves a file with type, length, ETag and caching, ignoring the query string', async () => {
    const response = await fetch(`${backend.origin}/media/${file}?style=hero`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-length')).toBe(String(size));
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(await response.text()).toContain('<svg');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const etag = (await fetch(`${backend.origin}/media/${file}`)).headers.get('etag')!;
    const response = await fetch(`${backend.origin}/media/${file}`, { headers: { 'if-none-match': etag } });
    expect(response.status).toBe(304);
    expect(await response.text()).toBe('');
  });

  it('answers HEAD without a body', async () => {
    const response = await fetch(`${backend.origin}/media/${file}`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(size));
  });

  it('serves byte ranges (video players ask for them)', async () => {
    const response = await fetch(`${backend.origin}/media/${file}`, { headers: { range: 'bytes=0-3' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 0-3/${size}`);
    expect(await response.text()).toBe('<svg');
  });

  it('answers 404 for a missing file', async () => {
    expect((await fetch(`${backend.origin}/media/nope.svg`)).status).toBe(404);
  });

  it.each(['/media/../package.json', '/media/%2e%2e/package.json', '/media/..%2fpackage.json', '/media/%2e%2e%2fpackage.json', '/media/a/../../package.json'])(
    'refuses to leave the media folder: %s',
    async (path) => {
      const { status, body } = await rawGet(path);
      expect([400, 404]).toContain(status);
      expect(body).not.toContain('hotel-site');
    },
  );

  it('decides without touching the disk which paths are acceptable', () => {
    expect(lookupMedia('tower%20room.svg')).toEqual({ ok: true, segments: ['tower room.svg'], contentType: 'image/svg+xml' });
    expect(lookupMedia('menu.PDF')).toMatchObject({ ok: true, contentType: 'application/pdf' });
    expect(lookupMedia('a%00.svg')).toEqual({ ok: false, status: 400 });
    expect(lookupMedia('..%5cpackage.json')).toEqual({ ok: false, status: 400 });
    expect(lookupMedia('README.md')).toEqual({ ok: false, status: 404 });
  });
});

describe('content', () => {
  it('starts with the hotel fixtures by default and adds synthetic items on request', async () => {
    const withExtra = await startContentBackend({ extraItems: 24 });
    try {
      const response = await fetch(withExtra.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ nodeQuery(filter: { conditions: [{ field: "nid", value: ["100000"], operator: GREATER_THAN_OR_EQUAL }] }) { count } }' }),
      });
      expect(await response.json()).toEqual({ data: { nodeQuery: { count: 24 } } });
    } finally {
      await withExtra.close();
    }
  });
});

describe('replacing the content, as a Drupal save does', () => {
  it('gives a node that changed a newer `changed` and leaves the others alone', () => {
    const before = structuredClone(fixtures);
    const after = structuredClone(fixtures);
    const edited = after.nodes[0]!;
    edited.de.title = `${edited.de.title} (bearbeitet)`;
    const saved = savedOver(before, after, 2_000_000_000);
    expect(saved.nodes[0]!.changed).toBe(2_000_000_000);
    expect(saved.nodes.slice(1).map((node) => node.changed)).toEqual(before.nodes.slice(1).map((node) => node.changed));
  });

  it('dates a changed draft, not the published item, and a changed published part, not the draft', () => {
    const before = structuredClone(fixtures);
    const index = before.nodes.findIndex((node) => node.draft);
    const original = before.nodes[index]!;
    const draftEdit = structuredClone(before);
    draftEdit.nodes[index]!.draft!.de = { ...draftEdit.nodes[index]!.draft!.de, title: 'Noch ein Entwurf' };
    const savedDraft = savedOver(before, draftEdit, 2_000_000_000).nodes[index]!;
    expect(savedDraft.draft!.changed).toBe(2_000_000_000);
    expect(savedDraft.changed).toBe(original.changed);
    const publishedEdit = structuredClone(before);
    publishedEdit.nodes[index]!.de.fieldTeaser = 'Neu veröffentlicht.';
    const savedPublished = savedOver(before, publishedEdit, 2_000_000_000).nodes[index]!;
    expect(savedPublished.changed).toBe(2_000_000_000);
    expect(savedPublished.draft!.changed).toBe(original.draft!.changed);
    const newDraft = structuredClone(before);
    const plain = newDraft.nodes.findIndex((node) => !node.draft && node.de.status);
    newDraft.nodes[plain]!.draft = { vid: 999_999, changed: 0, de: { title: 'Erster Entwurf' } };
    const savedNew = savedOver(before, newDraft, 2_000_000_000).nodes[plain]!;
    expect(savedNew.draft!.changed).toBe(2_000_000_000);
    expect(savedNew.changed).toBe(before.nodes[plain]!.changed);
  });
});
