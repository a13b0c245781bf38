// `hotel-site preview` rendering on demand, in this process: the error pages with their
// statuses, HTTP as a static host does it, one content snapshot for concurrent requests, traversal
// refused, and a CMS that is down. (That its pages equal the build's: preview-build.test.ts.)
import { rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedConfig } from '../../site/config/define-config';
import { loadConfig } from '../../site/config/load-config';
import { resolveConfig } from '../../site/config/resolve-config';
import { fixtures } from '../../site/cms/fixtures/index';
import { startContentBackend } from '../../site/cms/server';
import { projectPath } from '../../site/project-root';
import { renderPage } from '../../site/render/render-page';
import { hrefOfPath } from '../../site/routes/url-to-file';
import { contentSecurityPolicy, sourceHash } from '../../site/output/security-headers';
import { ERROR_PAGE_STYLE } from '../../site/serve/error-pages';
import { startPreview, type Preview } from '../../site/serve/preview/start-preview';
import { json, startGraphqlStub } from '../helpers/graphql-stub';
import { rawRequest, TRAVERSAL_PATHS } from '../helpers/raw-http';
import { getWithHost } from '../helpers/raw-socket';

const logs: string[] = [];
let config: ResolvedConfig;
let preview: Preview;
let renderFails = false;

async function loadProjectConfig(overrides: { endpoint?: string } = {}): Promise<ResolvedConfig> {
  const loaded = await loadConfig({ configFile: projectPath('site.config.ts') });
  return resolveConfig(loaded.config, overrides, {});
}

beforeAll(async () => {
  config = await loadProjectConfig();
  preview = await startPreview({
    config, host: '127.0.0.1', port: 0, log: (line) => logs.push(line),
    renderPage: (page, site) => {
      if (renderFails) throw new Error('a template broke');
      return renderPage(page, site);
    },
  });
});

afterAll(async () => {
  await preview?.close();
});

describe('preview (rendering on demand)', () => {
  it('serves the hashed stylesheet, script and media the pages link', async () => {
    const html = (await rawRequest(preview.url, '/de/uebernachten/turmzimmer/')).text;
    const links = [...html.matchAll(/(?:href|src)="(\/(?:assets|media)\/[^"]+)"/g)].map((match) => match[1]!);
    expect(links.some((link) => link.endsWith('.css'))).toBe(true);
    expect(links.some((link) => link.endsWith('.js'))).toBe(true);
    expect(links.some((link) => link.startsWith('/media/'))).toBe(true);
    for (const link of new Set(links)) expect((await rawRequest(preview.url, link)).status, link).toBe(200);
  });

  it('redirects a folder without its slash, as a static host does', async () => {
    for (const [from, to] of [['/de', '/de/'], ['/en/accommodation', '/en/accommodation/'], ['/de/uebernachten?x=1', '/de/uebernachten/?x=1']]) {
      const response = await rawRequest(preview.url, from!);
      expect(response.status, from).toBe(301);
      expect(response.headers.location).toBe(to);
    }
  });

  it('answers unknown paths with the localized not-found page and status 404', async () => {
    const de = await rawRequest(preview.url, '/de/gibt-es-nicht/');
    expect(de.status).toBe(404);
    expect(de.text).toContain('Diese Seite konnte nicht gefunden werden');
    expect(de.text).toContain('<html lang="de"');
    const en = await rawRequest(preview.url, '/en/no/such/page');
    expect(en.status).toBe(404);
    expect(en.text).toContain('This page could not be found');
    const elsewhere = await rawRequest(preview.url, '/wp-login.php');
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.text).toContain('Diese Seite konnte nicht gefunden werden');
  });

  it("shows the 500 page when rendering fails, and keeps serving", async () => {
    renderFails = true;
    try {
      const response = await rawRequest(preview.url, '/en/wellness/');
      expect(response.status).toBe(500);
      expect(response.text).toContain('Server error.');
      expect(response.text).toContain('Error code 500');
      expect(response.text).toContain('<html lang="en"');
      expect(logs.join('\n')).toContain('a template broke');
    } finally {
      renderFails = false;
    }
    expect((await rawRequest(preview.url, '/en/wellness/')).status).toBe(200);
  });

  it('answers HEAD and conditional GET, and compresses with brotli or gzip', async () => {
    const get = await rawRequest(preview.url, '/de/wellness/');
    const etag = get.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(get.headers['content-type']).toBe('text/html; charset=utf-8');
    const head = await rawRequest(preview.url, '/de/wellness/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    const notModified = await rawRequest(preview.url, '/de/wellness/', { headers: { 'If-None-Match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.raw.length).toBe(0);
    for (const encoding of ['br', 'gzip'] as const) {
      const compressed = await rawRequest(preview.url, '/de/wellness/', { headers: { 'Accept-Encoding': encoding } });
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toBe('Accept-Encoding');
      expect(compressed.raw.length).toBeLessThan(get.raw.length / 3);
      expect(compressed.text).toBe(get.text);
    }
    expect((await rawRequest(preview.url, '/de/wellness/', { method: 'POST' })).status).toBe(405);
  });

  it('shares one content snapshot between concurrent requests', async () => {
    // No reuse at all: every request after a load wants fresh content, so only coalescing can help.
    const fresh = await startPreview({ config, host: '127.0.0.1', port: 0, contentTtlMs: 0, log: () => {} });
    try {
      const pages = ['/de/', '/en/', '/de/wellness/', '/en/events/', '/de/faq/', '/en/accommodation/tower-room/', '/de/karriere/', '/en/sports/'];
      const responses = await Promise.all(pages.map((page) => rawRequest(fresh.url, page)));
      expect(responses.map((response) => response.status)).toEqual(pages.map(() => 200));
      expect(fresh.contentLoads).toBe(1);
      await rawRequest(fresh.url, '/de/');
      expect(fresh.contentLoads).toBe(2);
    } finally {
      await fresh.close();
    }
  });

  it('sends the site\'s security headers with rendered pages and answers only the hosts it is reached by', async () => {
    const { port } = new URL(preview.url);
    const page = await getWithHost(Number(port), '/de/', `localhost:${port}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBe(contentSecurityPolicy(config, { styles: [ERROR_PAGE_STYLE] }));
    expect(page.headers).toMatchObject({ 'x-frame-options': 'DENY', 'referrer-policy': 'strict-origin-when-cross-origin', 'x-content-type-options': 'nosniff' });
    expect((await getWithHost(Number(port), '/de/', new URL(config.siteUrl).host)).status).toBe(200);
    expect((await getWithHost(Number(port), '/de/', `rebind.attacker.example:${port}`)).status).toBe(403);
  });

  it('refuses path traversal with 400 or 404 and never reads outside its folder', async () => {
    // Beside the preview's own folder (a temporary folder in the system's temp dir).
    const secret = `TOP-SECRET-${Math.random()}`;
    const file = join(tmpdir(), 'secret.txt');
    await writeFile(file, secret);
    try {
      expect(TRAVERSAL_PATHS.length).toBeGreaterThanOrEqual(15);
      for (const path of TRAVERSAL_PATHS) {
        const response = await rawRequest(preview.url, path);
        expect([400, 404], path).toContain(response.status);
        expect(response.text, path).not.toContain(secret);
      }
    } finally {
      await rm(file, { force: true });
    }
  });
});

describe('preview after an edit in the CMS', () => {
  it('shows the edit on the next request once the snapshot is older than its TTL', async () => {
    const backend = await startContentBackend();
    const editor = await startPreview({ config: await loadProjectConfig({ endpoint: backend.endpoint }), host: '127.0.0.1', port: 0, contentTtlMs: 0, log: () => {} });
    try {
      const node = fixtures.nodes.find((candidate) => candidate.type === 'accommodation' && candidate.de.status)!;
      const href = hrefOfPath(node.de.path);
      expect((await rawRequest(editor.url, href)).text).toContain(node.de.title);
      const edited = structuredClone(fixtures);
      edited.nodes.find((candidate) => candidate.nid === node.nid)!.de.title = `${node.de.title} (frisch renoviert)`;
      backend.replaceFixtures(edited);
      const after = await rawRequest(editor.url, href);
      expect(after.status).toBe(200);
      expect(after.text).toContain(`${node.de.title} (frisch renoviert)`);
      // The menu page, where the overlay of every page takes its entries from (docs/menu.md).
      expect((await rawRequest(editor.url, '/de/navigation/')).text).toContain(`>${node.de.title} (frisch renoviert)</a>`);
    } finally {
      await editor.close();
      await backend.close();
    }
  });
});

describe('preview refreshes only what moved in the CMS', () => {
  it('asks only for list versions when nothing changed, and fetches just the edited list after a save', async () => {
    const backend = await startContentBackend();
    // A proxy in front of the backend that notes each operation the preview sends.
    const operations: string[] = [];
    const proxy = await startGraphqlStub(async (request, _attempt, res) => {
      operations.push(`${request.operationName} ${request.variables.type ?? ''}`.trim());
      const answer = await fetch(backend.endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: request.query, variables: request.variables }) });
      json(res, await answer.json());
    });
    const editor = await startPreview({ config: await loadProjectConfig({ endpoint: proxy.endpoint }), host: '127.0.0.1', port: 0, contentTtlMs: 0, log: () => {} });
    try {
      const room = fixtures.nodes.find((candidate) => candidate.type === 'accommodation' && candidate.de.status)!;
      const href = hrefOfPath(room.de.path);
      expect((await rawRequest(editor.url, href)).status).toBe(200);
      const first = operations.splice(0);
      expect(first.filter((operation) => operation.startsWith('ContentPage')).length).toBeGreaterThan(20);

      // A reload with nothing edited: one version request per language, the same page.
      const again = await rawRequest(editor.url, href);
      expect(operations.splice(0)).toEqual(['ListVersions', 'ListVersions']);
      expect(again.text).toContain(room.de.title);

      // An editor saves the room: its lists (both languages: `changed` is the node's) and the menus.
      const edited = structuredClone(fixtures);
      edited.nodes.find((candidate) => candidate.nid === room.nid)!.de.title = `${room.de.title} (neu)`;
      backend.replaceFixtures(edited);
      const after = await rawRequest(editor.url, href);
      expect(after.text).toContain(`${room.de.title} (neu)`);
      const refetched = operations.splice(0);
      expect(new Set(refetched.filter((operation) => operation.startsWith('ContentPage')))).toEqual(new Set(['ContentPage accommodation']));
      expect(refetched.filter((operation) => operation === 'ContentPage accommodation')).toHaveLength(2);

      // Unpublished: the count moves, the page goes.
      const unpublished = structuredClone(edited);
      unpublished.nodes.find((candidate) => candidate.nid === room.nid)!.de.status = false;
      backend.replaceFixtures(unpublished);
      expect((await rawRequest(editor.url, href)).status).toBe(404);
    } finally {
      await editor.close();
      await proxy.close();
      await backend.close();
    }
  });
});

describe('preview with the CMS down', () => {
  it('gives the editor a page saying so (503), and keeps running', async () => {
    const port = await closedPort();
    const down = await startPreview({ config: await loadProjectConfig({ endpoint: `http://127.0.0.1:${port}/graphql` }), host: '127.0.0.1', port: 0, log: () => {} });
    try {
      const response = await rawRequest(down.url, '/de/');
      expect(response.status).toBe(503);
      expect(response.text).toContain('CMS nicht erreichbar');
      expect(response.text).toContain(`127.0.0.1:${port}`);
      const en = await rawRequest(down.url, '/en/events/');
      expect(en.status).toBe(503);
      expect(en.text).toContain('CMS unreachable');
      // The page's own style is allowed by the policy the server sends.
      expect(response.headers['content-security-policy']).toContain(sourceHash(ERROR_PAGE_STYLE));
      // The server is still there: files that need no content are served.
      expect((await rawRequest(down.url, '/favicon.svg')).status).toBe(200);
    } finally {
      await down.close();
    }
  });
});

/** A port nobody listens on: bound once, then released. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
