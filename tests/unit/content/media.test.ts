// Media download and the cache between builds (site/content/media.ts, media-cache.ts): files are
// copied under content-hashed names; the cache follows HTTP freshness and revalidation, so an image
// the editors replace at the same URL reaches the next build, and an unchanged one costs a 304.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { downloadMedia, unsafeSvg, type DownloadOptions } from '../../../site/content/media';
import { freshUntil } from '../../../site/content/media-cache';

const svg = (fill: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="${fill}"/></svg>`;

interface Served {
  body: string;
  etag: string;
  cacheControl?: string;
  status?: number;
}

let server: Server;
let base: string;
let dir: string;
const files = new Map<string, Served>();
const log: { path: string; conditional: boolean; status: number }[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'media-test-'));
  files.clear();
  log.length = 0;
  server = createServer((req, res) => {
    const file = files.get(req.url ?? '');
    const conditional = req.headers['if-none-match'] !== undefined;
    const status = !file ? 404 : file.status ?? (conditional && req.headers['if-none-match'] === file.etag ? 304 : 200);
    log.push({ path: req.url ?? '', conditional, status });
    if (status !== 200) return void res.writeHead(status).end();
    res.writeHead(200, { 'content-type': 'image/svg+xml', etag: file!.etag, 'cache-control': file!.cacheControl ?? 'no-cache' });
    res.end(file!.body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  await rm(dir, { recursive: true, force: true });
});

/** One build's media stage into a fresh output folder, sharing the cache folder. */
async function build(urls: string[], extra: Partial<DownloadOptions> = {}) {
  const outDir = await mkdtemp(join(dir, 'out-'));
  const warnings: string[] = [];
  const result = await downloadMedia({
    urls, outDir, cacheDir: join(dir, 'cache'), concurrency: 4, timeoutMs: 2000, retries: 1, baseDelayMs: 1, onWarning: (message) => warnings.push(message), ...extra,
  });
  return { ...result, outDir, warnings };
}

describe('downloadMedia', () => {
  it('copies each file under a content-hashed name with the size read from the image', async () => {
    files.set('/files/Tower%20Room.svg', { body: svg('green'), etag: '"a"' });
    const { files: local, stats, outDir } = await build([`${base}/files/Tower%20Room.svg`]);
    const file = local.get(`${base}/files/Tower%20Room.svg`)!;
    expect(file.href).toMatch(/^\/media\/tower-room\.[0-9a-f]{10}\.svg$/);
    expect({ width: file.width, height: file.height, contentType: file.contentType }).toEqual({ width: 40, height: 30, contentType: 'image/svg+xml' });
    expect(await readFile(join(outDir, file.href), 'utf8')).toBe(svg('green'));
    expect(stats).toMatchObject({ downloaded: 1, fromCache: 0, failed: 0 });
  });

  it('uses the cached copy without asking the CMS while its max-age lasts', async () => {
    files.set('/a.svg', { body: svg('green'), etag: '"a"', cacheControl: 'public, max-age=1209600' });
    await build([`${base}/a.svg`]);
    const clock = Date.now() + 60_000;
    const second = await build([`${base}/a.svg`], { now: () => clock });
    expect(log).toHaveLength(1);
    expect(second.stats).toMatchObject({ downloaded: 0, fromCache: 1 });
    expect(await readdir(join(second.outDir, 'media'))).toHaveLength(1);
  });

  it('revalidates a stale copy: an unchanged file costs a 304, a replaced one is fetched again', async () => {
    files.set('/a.svg', { body: svg('green'), etag: '"v1"' });
    const first = await build([`${base}/a.svg`]);
    const unchanged = await build([`${base}/a.svg`]);
    expect(log.map(({ conditional, status }) => [conditional, status])).toEqual([[false, 200], [true, 304]]);
    expect(unchanged.files.get(`${base}/a.svg`)!.href).toBe(first.files.get(`${base}/a.svg`)!.href);

    // The editors replace the image; the URL stays.
    files.set('/a.svg', { body: svg('red'), etag: '"v2"' });
    const replaced = await build([`${base}/a.svg`]);
    const href = replaced.files.get(`${base}/a.svg`)!.href;
    expect(href).not.toBe(first.files.get(`${base}/a.svg`)!.href);
    expect(await readFile(join(replaced.outDir, href), 'utf8')).toBe(svg('red'));
    expect(replaced.stats).toMatchObject({ downloaded: 1 });
  });

  it('uses the copy of an earlier build, with a warning, when a stale file cannot be revalidated', async () => {
    files.set('/a.svg', { body: svg('green'), etag: '"v1"' });
    await build([`${base}/a.svg`]);
    files.set('/a.svg', { body: '', etag: '"v1"', status: 503 });
    const { files: local, warnings, outDir } = await build([`${base}/a.svg`]);
    expect(await readFile(join(outDir, local.get(`${base}/a.svg`)!.href), 'utf8')).toBe(svg('green'));
    expect(warnings).toEqual([expect.stringMatching(/a\.svg: could not be revalidated \(HTTP 503\); using the copy from an earlier build/)]);
  });

  it('leaves out a file the CMS no longer has, and fails on one it never could send', async () => {
    files.set('/gone.svg', { body: svg('green'), etag: '"v1"' });
    await build([`${base}/gone.svg`]);
    files.delete('/gone.svg');
    const gone = await build([`${base}/gone.svg`]);
    expect(gone.files.size).toBe(0);
    expect(gone.warnings).toEqual([expect.stringContaining('gone.svg left out: HTTP 404')]);

    files.set('/down.svg', { body: '', etag: '"x"', status: 503 });
    await expect(build([`${base}/down.svg`])).rejects.toThrow(/Downloading media .*down\.svg failed after 2 attempts: HTTP 503/);
  });
});

describe('downloadMedia without a disk cache (the embedded backend)', () => {
  it('writes the files into the site and keeps nothing between runs', async () => {
    files.set('/a.svg', { body: svg('green'), etag: '"v1"', cacheControl: 'max-age=600' });
    const { files: local, outDir } = await build([`${base}/a.svg`], { cacheDir: null });
    expect(await readFile(join(outDir, local.get(`${base}/a.svg`)!.href), 'utf8')).toBe(svg('green'));
    expect(await readdir(dir)).toEqual([expect.stringMatching(/^out-/)]);
  });
});

describe('unsafeSvg', () => {
  it('passes pictures (gradients and uses inside the file) and names what would run or load as a document', () => {
    expect(unsafeSvg('<svg xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="g"/></defs><rect fill="url(#g)"/><use href="#g"/></svg>')).toBeNull();
    expect(unsafeSvg('<svg><script>alert(1)</script></svg>')).toBe('a script');
    expect(unsafeSvg('<svg onload="alert(1)"></svg>')).toBe('an event handler');
    expect(unsafeSvg('<svg><a href="javascript:alert(1)">x</a></svg>')).toBe('a script URL');
    expect(unsafeSvg('<svg><foreignObject><div/></foreignObject></svg>')).toBe('an embedded document');
    expect(unsafeSvg('<!DOCTYPE svg [<!ENTITY x "y">]><svg/>')).toBe('an entity declaration');
    expect(unsafeSvg('<svg><image xlink:href="https://tracker.example/p.png"/></svg>')).toBe('a link out of the file');
    expect(unsafeSvg('<svg><style>@import url(https://x.example/a.css);</style></svg>')).toBe('an external style resource');
  });

  it('leaves such an SVG out of the site with a warning', async () => {
    files.set('/evil.svg', { body: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', etag: '"e"' });
    const { files: local, warnings } = await build([`${base}/evil.svg`]);
    expect(local.size).toBe(0);
    expect(warnings).toEqual([expect.stringContaining('evil.svg left out: an SVG with an event handler is not published')]);
  });
});

describe('freshUntil', () => {
  const at = 1_000_000;
  const headers = (entries: Record<string, string>) => new Headers(entries);
  it('follows max-age less the age, Expires against the server clock, and no-cache/no-store', () => {
    expect(freshUntil(headers({ 'cache-control': 'public, max-age=60' }), at)).toBe(at + 60_000);
    expect(freshUntil(headers({ 'cache-control': 'max-age=60', age: '20' }), at)).toBe(at + 40_000);
    expect(freshUntil(headers({ expires: 'Thu, 01 Jan 2026 00:01:00 GMT', date: 'Thu, 01 Jan 2026 00:00:00 GMT' }), at)).toBe(at + 60_000);
    expect(freshUntil(headers({ 'cache-control': 'no-cache, max-age=60' }), at)).toBe(0);
    expect(freshUntil(headers({ 'cache-control': 'no-store' }), at)).toBe(0);
    expect(freshUntil(headers({}), at)).toBe(0);
  });
});
