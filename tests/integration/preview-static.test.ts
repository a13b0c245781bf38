// `hotel-site preview --static`: the fixture build served exactly as a static host would — files
// with their types, folders with index.html and redirects, the languages' 404 pages, HTTP caching
// and compression — and nothing outside the folder, whatever the path or a symlink inside says.
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../site/config/load-config';
import { resolveConfig } from '../../site/config/resolve-config';
import { projectPath } from '../../site/project-root';
import { sourceHash } from '../../site/output/security-headers';
import { ERROR_PAGE_STYLE } from '../../site/serve/error-pages';
import { startPreview, type Preview } from '../../site/serve/preview/start-preview';
import { runCli } from '../helpers/cli';
import { startCliServer } from '../helpers/cli-server';
import { rawRequest, TRAVERSAL_PATHS } from '../helpers/raw-http';
import { getWithHost } from '../helpers/raw-socket';

const secret = `TOP-SECRET-${Math.random()}`;
let dir: string;
let site: string;
let preview: Preview;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'preview-static-'));
  site = join(dir, 'site');
  await cp(inject('fixtureSite'), site, { recursive: true });
  // Beside the served folder, and reachable from inside it through symlinks: never to be served.
  await writeFile(join(dir, 'secret.txt'), secret);
  await symlink(join(dir, 'secret.txt'), join(site, 'de', 'leak'));
  await symlink(dir, join(site, 'de', 'leak-dir'));
  const loaded = await loadConfig({ configFile: projectPath('site.config.ts') });
  preview = await startPreview({ config: resolveConfig(loaded.config, {}, {}), host: '127.0.0.1', port: 0, staticDir: site, log: () => {} });
});

afterAll(async () => {
  await preview?.close();
  await rm(dir, { recursive: true, force: true, maxRetries: 10 });
});

describe('preview --static', () => {
  it('serves files with their content types and folders with their index.html', async () => {
    const page = await rawRequest(preview.url, '/de/uebernachten/turmzimmer/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.text).toBe(await readFile(join(site, 'de/uebernachten/turmzimmer/index.html'), 'utf8'));
    const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(page.text)![1]!;
    expect((await rawRequest(preview.url, stylesheet)).headers['content-type']).toBe('text/css; charset=utf-8');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.text)![1]!;
    expect((await rawRequest(preview.url, script)).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await rawRequest(preview.url, '/sitemap.xml')).headers['content-type']).toBe('application/xml; charset=utf-8');
    expect((await rawRequest(preview.url, '/robots.txt')).headers['content-type']).toBe('text/plain; charset=utf-8');
    expect((await rawRequest(preview.url, '/favicon.svg')).headers['content-type']).toBe('image/svg+xml');
    expect((await rawRequest(preview.url, '/')).text).toContain('url=/de/');
  });

  it('sends the headers the build wrote to _headers, serves no _headers itself, and refuses a rebound Host', async () => {
    const { port } = new URL(preview.url);
    const page = await getWithHost(Number(port), '/de/', `127.0.0.1:${port}`);
    expect(page.status).toBe(200);
    const written = (await readFile(join(site, '_headers'), 'utf8')).split('\n').slice(1).filter(Boolean);
    for (const line of written) {
      const [, name, value] = /^ {2}([\w-]+): (.+)$/.exec(line)!;
      // HSTS is for the https site; a browser ignores it over the preview's plain http.
      if (name === 'Strict-Transport-Security') continue;
      // The server's own error page adds its style's hash; nothing else differs.
      const served = page.headers[name!.toLowerCase()]!.replace(` ${sourceHash(ERROR_PAGE_STYLE)}`, '');
      expect(served, name).toBe(value);
    }
    expect((await getWithHost(Number(port), '/_headers', `127.0.0.1:${port}`)).status).toBe(404);
    const refused = await getWithHost(Number(port), '/de/', 'rebind.attacker.example');
    expect(refused.status).toBe(403);
    expect(refused.body).not.toContain('<html');
  });

  it('redirects /de to /de/ (301), keeping the query', async () => {
    for (const [from, to] of [['/de', '/de/'], ['/en', '/en/'], ['/de/uebernachten?ref=mail', '/de/uebernachten/?ref=mail']]) {
      const response = await rawRequest(preview.url, from!);
      expect(response.status, from).toBe(301);
      expect(response.headers.location).toBe(to);
    }
  });

  it('answers unknown paths with the language 404 page, German elsewhere', async () => {
    const cases: [string, string][] = [['/de/gibt-es-nicht/', 'de/404.html'], ['/en/nothing/here', 'en/404.html'], ['/old-site.php', '404.html'], ['/robots.txt/', '404.html'], ['/en/.env', 'en/404.html']];
    for (const [path, file] of cases) {
      const response = await rawRequest(preview.url, path);
      expect(response.status, path).toBe(404);
      expect(response.text, path).toBe(await readFile(join(site, file), 'utf8'));
    }
    expect((await rawRequest(preview.url, '/en/x')).text).toContain('This page could not be found');
    expect((await rawRequest(preview.url, '/x')).text).toContain('Diese Seite konnte nicht gefunden werden');
  });

  it('answers HEAD and conditional GET, and compresses text by Accept-Encoding', async () => {
    const get = await rawRequest(preview.url, '/en/');
    const etag = get.headers.etag as string;
    expect(etag).toBeTruthy();
    const head = await rawRequest(preview.url, '/en/', { method: 'HEAD' });
    expect([head.status, head.raw.length, head.headers['content-length'], head.headers.etag]).toEqual([200, 0, get.headers['content-length'], etag]);
    expect((await rawRequest(preview.url, '/en/', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect((await rawRequest(preview.url, '/en/', { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
    const br = await rawRequest(preview.url, '/en/', { headers: { 'Accept-Encoding': 'gzip;q=0.5, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.text).toBe(get.text);
    const gzip = await rawRequest(preview.url, '/en/', { headers: { 'Accept-Encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(get.text);
    // The compressed representation revalidates with its own tag.
    const again = await rawRequest(preview.url, '/en/', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag as string } });
    expect(again.status).toBe(304);
    expect((await rawRequest(preview.url, '/en/', { method: 'DELETE' })).status).toBe(405);
  });

  it('refuses path traversal with 400 or 404 and never reads outside its folder', async () => {
    expect(TRAVERSAL_PATHS.length).toBeGreaterThanOrEqual(15);
    for (const path of TRAVERSAL_PATHS) {
      for (const method of ['GET', 'HEAD']) {
        const response = await rawRequest(preview.url, path, { method });
        expect([400, 404], `${method} ${path}`).toContain(response.status);
        expect(response.text, path).not.toContain(secret);
      }
    }
  });
});

describe('hotel-site preview (the bin)', () => {
  it('serves a built folder with --static and stops cleanly on SIGTERM', async () => {
    const server = await startCliServer(['preview', '--static', site, '--port', '0']);
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(server.stdout()).toContain(site);
      expect((await rawRequest(server.url, '/de/')).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('says so when there is no built folder (exit 2)', async () => {
    const result = await runCli(['preview', '--static', join(dir, 'missing'), '--port', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`error: ${join(dir, 'missing')} is not a folder`);
    expect(result.stderr).toContain('hotel-site build');
  });

  it('lists its options in --help, and watch its alias', async () => {
    const preview = await runCli(['preview', '--help']);
    for (const flag of ['--port <n>', '--strict-port', '--host [host]', '--endpoint <url>', '--static [dir]', '--open', '--config <file>']) expect(preview.stdout).toContain(flag);
    const watch = await runCli(['dev', '--help']);
    expect(watch.code).toBe(0);
    expect(watch.stdout).toContain('Usage: hotel-site watch|dev');
  });
});
