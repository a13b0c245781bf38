// The media stage (site/media/download-media.ts and the modules it uses): files are
// published under content-hashed names as hard links from one cache; the cache follows HTTP
// freshness and revalidation; every per-file problem (status, host, size, deadline, type) leaves
// that file out with one warning; only a media host that cannot be reached fails the stage.
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMediaDownloads, type MediaStageOptions } from '../../../site/media/download-media';
import { freshUntil, MediaCache } from '../../../site/media/media-cache';
import { createMediaPolicy } from '../../../site/media/media-policy';

const svg = (fill: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="${fill}"/></svg>`;
// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
interface Served {
  body: string | Buffer;
  etag?: string;
  type?: string;
  cacheControl?: string;
  status?: number;
}

let server: Server;
let base: string;
let dir: string;
const files = new Map<string, Served | Handler>();
const log: { path: string; conditional: boolean; status: number }[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'media-test-'));
  files.clear();
  log.length = 0;
  server = createServer((req, res) => {
    const file = files.get(req.url ?? '');
    if (typeof file === 'function') return file(req, res);
    const conditional = req.headers['if-none-match'] !== undefined;
    const status = !file ? 404 : (file.status ?? (conditional && req.headers['if-none-match'] === file.etag ? 304 : 200));
    log.push({ path: req.url ?? '', conditional, status });
    if (status !== 200) return void res.writeHead(status).end();
    res.writeHead(200, { 'content-type': file!.type ?? 'image/svg+xml', ...(file!.etag ? { etag: file!.etag } : {}), 'cache-control': file!.cacheControl ?? 'no-cache' });
    res.end(file!.body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  await rm(dir, { recursive: true, force: true, maxRetries: 10 });
});

/** One build's media stage into a fresh output folder, sharing the cache folder. */
async function build(urls: string[], extra: Partial<MediaStageOptions> & { cacheless?: boolean; mediaHosts?: string[]; kept?: boolean } = {}) {
  const outDir = await mkdtemp(join(dir, 'out-'));
  const warnings: string[] = [];
  const cache = extra.cacheless ? null : await MediaCache.open(join(dir, 'cache'), (message) => warnings.push(message));
  const downloads = startMediaDownloads({
    policy: createMediaPolicy(`${base}/graphql`, extra.mediaHosts),
    outDir,
    cache,
    limits: { maxBytes: 64 * 1024, deadlineMs: 1500, headersTimeoutMs: 1000 },
    concurrency: 4,
    retries: 1,
    baseDelayMs: 1,
    onWarning: (message) => warnings.push(message),
    ...extra,
  });
  for (const url of urls) downloads.request(url, 'page nid 1 (de)', extra.kept);
  const result = await downloads.settle();
  return { ...result, outDir, warnings };
}

describe('the media stage', () => {
  it('publishes each file under a content-hashed name with the size read from the image', async () => {
    files.set('/files/Tower%20Room.svg', { body: svg('green'), etag: '"a"' });
    const { files: local, stats, outDir } = await build([`${base}/files/Tower%20Room.svg`]);
    const file = local.get(`${base}/files/Tower%20Room.svg`)!;
    expect(file.href).toMatch(/^\/media\/tower-room\.[0-9a-f]{10}\.svg$/);
    expect({ width: file.width, height: file.height, contentType: file.contentType }).toEqual({ width: 40, height: 30, contentType: 'image/svg+xml' });
    expect(await readFile(join(outDir, file.href), 'utf8')).toContain('fill="green"');
    expect(stats).toMatchObject({ files: 1, downloaded: 1, fromCache: 0, failed: 0 });
  });

  it('runs many downloads at once without Node warning of a listener leak', async () => {
    const warned: Error[] = [];
    const onWarning = (warning: Error) => warned.push(warning);
    process.on('warning', onWarning);
    try {
      // Each file answers only once all 20 requests are in flight: every one listens for a stop.
      const waiting: ServerResponse[] = [];
      for (let i = 0; i < 20; i++) {
        files.set(`/slow-${i}.svg`, (_req, res) => {
          waiting.push(res);
          if (waiting.length < 20) return;
          for (const [n, held] of waiting.entries()) held.writeHead(200, { 'content-type': 'image/svg+xml' }).end(svg(`#${String(n).padStart(6, '0')}`));
        });
      }
      const { stats } = await build(Array.from({ length: 20 }, (_, i) => `${base}/slow-${i}.svg`), { concurrency: 20 });
      expect(stats).toMatchObject({ downloaded: 20, failed: 0 });
      await new Promise((resolve) => setImmediate(resolve));
      expect(warned.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('uses the cached copy without asking the CMS while its max-age lasts, as a hard link of one cached body', async () => {
    files.set('/a.png', { body: PNG, type: 'image/png', etag: '"a"', cacheControl: 'public, max-age=1209600' });
    await build([`${base}/a.png`]);
    const clock = Date.now() + 60_000;
    const second = await build([`${base}/a.png`], { now: () => clock });
    expect(log).toHaveLength(1);
    expect(second.stats).toMatchObject({ downloaded: 0, fromCache: 1 });
    const published = join(second.outDir, second.files.get(`${base}/a.png`)!.href);
    // Bodies sit in 256 folders by the first two digits of their hash.
    const bodies = await readdir(join(dir, 'cache', 'media', 'files'), { recursive: true });
    expect(bodies).toHaveLength(2);
    const body = bodies.find((path) => /^[0-9a-f]{2}\/[0-9a-f]{64}$/.test(path));
    expect(body).toBeDefined();
    expect((await stat(published)).ino).toBe((await stat(join(dir, 'cache', 'media', 'files', body!))).ino);
    // One index for the whole cache, not a file per media file.
    expect((await readdir(join(dir, 'cache', 'media'))).sort()).toEqual(['files', 'manifest.json', 'spool']);
  });

  it('leaves what it published and the saved manifest as they are when a later stage fails after it settled', async () => {
    files.set('/a.png', { body: PNG, type: 'image/png', etag: '"a"' });
    const outDir = await mkdtemp(join(dir, 'out-'));
    const downloads = startMediaDownloads({
      policy: createMediaPolicy(`${base}/graphql`), outDir, cache: await MediaCache.open(join(dir, 'cache'), () => {}),
      limits: { maxBytes: 64 * 1024, deadlineMs: 1500, headersTimeoutMs: 1000 }, concurrency: 4, retries: 1, baseDelayMs: 1, onWarning: () => {},
    });
    downloads.request(`${base}/a.png`, 'page nid 1 (de)');
    const { files: local } = await downloads.settle();
    const manifest = join(dir, 'cache', 'media', 'manifest.json');
    const saved = await readFile(manifest, 'utf8');
    const { mtimeMs } = await stat(manifest);
    await downloads.cancel();
    downloads.request(`${base}/b.png`, 'page nid 2 (de)');
    expect(await readFile(join(outDir, local.get(`${base}/a.png`)!.href))).toEqual(PNG);
    expect(await readFile(manifest, 'utf8')).toBe(saved);
    expect((await stat(manifest)).mtimeMs).toBe(mtimeMs);
    expect(log.map((entry) => entry.path)).toEqual(['/a.png']);
  });

  it('takes the files the previous output holds with its folder, linking only new ones, and names the unused ones', async () => {
    files.set('/a.png', { body: PNG, type: 'image/png', cacheControl: 'public, max-age=1209600' });
    files.set('/b.svg', { body: svg('red'), cacheControl: 'public, max-age=1209600' });
    files.set('/c.svg', { body: svg('blue'), cacheControl: 'public, max-age=1209600' });
    const first = await build([`${base}/a.png`, `${base}/b.svg`]);
    expect(first.adoption).toBeNull();
    const previous = join(first.outDir, 'media');
    const second = await build([`${base}/a.png`, `${base}/c.svg`], { previous });
    const name = (url: string) => second.files.get(url)!.href.replace('/media/', '');
    // Only the new file was placed in this build's folder; the rest comes with the previous one.
    expect(await readdir(join(second.outDir, 'media'))).toEqual([name(`${base}/c.svg`)]);
    expect(second.adoption).toEqual({ folder: 'media', extras: [first.files.get(`${base}/b.svg`)!.href.replace('/media/', '')] });
  });

  it('takes a fresh file the previous output holds unasked and unread, and refuses a host the manifest names all the same', async () => {
    files.set('/a.png', { body: PNG, type: 'image/png', cacheControl: 'public, max-age=1209600' });
    const first = await build([`${base}/a.png`]);
    const href = first.files.get(`${base}/a.png`)!.href;
    // A cache written by someone else: an entry for a host the policy refuses, naming a file the
    // previous output holds; and no body left to link from.
    const manifestFile = join(dir, 'cache', 'media', 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as { entries: Record<string, unknown> };
    manifest.entries['http://evil.example/a.png'] = manifest.entries[`${base}/a.png`];
    await writeFile(manifestFile, JSON.stringify(manifest));
    await rm(join(dir, 'cache', 'media', 'files'), { recursive: true });
    const second = await build([`${base}/a.png`, 'http://evil.example/a.png'], { previous: join(first.outDir, 'media'), kept: true });
    expect(log.map((entry) => entry.path)).toEqual(['/a.png']);
    expect(second.files.get(`${base}/a.png`)?.href).toBe(href);
    expect(second.files.has('http://evil.example/a.png')).toBe(false);
    expect(second.warnings).toEqual([expect.stringMatching(/^media http:\/\/evil\.example\/a\.png .*left out since .*: http:\/\/evil\.example is neither the CMS nor one of content\.mediaHosts$/)]);
    expect(second.stats).toMatchObject({ fromCache: 1, failed: 1 });
    expect(second.adoption).toEqual({ folder: 'media', extras: [] });
  });

  it('revalidates a stale copy the previous output holds before taking it', async () => {
    files.set('/a.svg', { body: svg('red'), etag: '"a"' });
    const first = await build([`${base}/a.svg`]);
    const second = await build([`${base}/a.svg`], { previous: join(first.outDir, 'media'), kept: true });
    expect(log).toEqual([{ path: '/a.svg', conditional: false, status: 200 }, { path: '/a.svg', conditional: true, status: 304 }]);
    expect(second.files.get(`${base}/a.svg`)?.href).toBe(first.files.get(`${base}/a.svg`)!.href);
    expect(second.adoption).toEqual({ folder: 'media', extras: [] });
  });

  it('revalidates a stale copy: an unchanged file costs a 304, a replaced one is fetched again', async () => {
    files.set('/a.svg', { body: svg('green'), etag: '"v1"' });
    const first = await build([`${base}/a.svg`]);
    const unchanged = await build([`${base}/a.svg`]);
    expect(log.map(({ conditional, status }) => [conditional, status])).toEqual([[false, 200], [true, 304]]);
    expect(unchanged.files.get(`${base}/a.svg`)!.href).toBe(first.files.get(`${base}/a.svg`)!.href);

    files.set('/a.svg', { body: svg('red'), etag: '"v2"' });
    const replaced = await build([`${base}/a.svg`]);
    const href = replaced.files.get(`${base}/a.svg`)!.href;
    expect(href).not.toBe(first.files.get(`${base}/a.svg`)!.href);
    expect(await readFile(join(replaced.outDir, href), 'utf8')).toContain('fill="red"');
    expect(replaced.stats).toMatchObject({ downloaded: 1 });
  });

  it('uses the copy of an earlier build, with a warning, when a stale file cannot be revalidated', async () => {
    files.set('/a.svg', { body: svg('green'), etag: '"v1"' });
    files.set('/b.svg', { body: svg('blue'), etag: '"v1"' });
    await build([`${base}/a.svg`, `${base}/b.svg`]);
    files.set('/a.svg', { body: '', status: 503 });
    const { files: local, warnings, outDir } = await build([`${base}/a.svg`, `${base}/b.svg`]);
    expect(await readFile(join(outDir, local.get(`${base}/a.svg`)!.href), 'utf8')).toContain('fill="green"');
    expect(warnings).toEqual([expect.stringMatching(/a\.svg: could not be revalidated \(HTTP 503\); using the copy from an earlier build/)]);
  });

  it('ignores a damaged manifest with a warning and downloads again', async () => {
    files.set('/a.svg', { body: svg('green'), etag: '"v1"', cacheControl: 'max-age=600' });
    await build([`${base}/a.svg`]);
    await writeFile(join(dir, 'cache', 'media', 'manifest.json'), '{"version":1,"entries":{"x":{"sha256":"../../etc"');
    const again = await build([`${base}/a.svg`]);
    expect(again.warnings).toEqual([expect.stringContaining('the manifest is damaged or from another version; starting afresh')]);
    expect(again.stats).toMatchObject({ downloaded: 1, fromCache: 0 });
  });

  it("does not trust an earlier version's cache and removes its bodies", async () => {
    files.set('/a.svg', { body: svg('green'), etag: '"v1"', cacheControl: 'max-age=600' });
    const old = '0'.repeat(64);
    await mkdir(join(dir, 'cache', 'media', 'files'), { recursive: true });
    await writeFile(join(dir, 'cache', 'media', 'files', old), svg('red'));
    const entry = { sha256: old, name: 'a.0000000000.svg', contentType: 'image/svg+xml', bytes: 10, freshUntil: Date.now() + 600_000, usedAt: Date.now() };
    await writeFile(join(dir, 'cache', 'media', 'manifest.json'), JSON.stringify({ version: 1, entries: { [`${base}/a.svg`]: entry } }));
    const result = await build([`${base}/a.svg`]);
    expect(result.warnings).toEqual([expect.stringContaining('the manifest is damaged or from another version; starting afresh')]);
    expect(result.stats).toMatchObject({ downloaded: 1, fromCache: 0 });
    const left = await readdir(join(dir, 'cache', 'media', 'files'), { recursive: true });
    expect(left).toHaveLength(2);
    expect(left).not.toContain(old);
  });

  it('leaves out, with one warning naming who uses it, a file the CMS answers with 404 or a type the site does not publish', async () => {
    files.set('/ok.svg', { body: svg('green') });
    files.set('/page.html', { body: '<script>alert(1)</script>', type: 'text/html' });
    files.set('/fake.jpg', { body: svg('red'), type: 'image/jpeg' });
    const { files: local, warnings } = await build([`${base}/ok.svg`, `${base}/gone.svg`, `${base}/page.html`, `${base}/fake.jpg`]);
    expect([...local.keys()]).toEqual([`${base}/ok.svg`]);
    expect(warnings.sort()).toEqual([
      expect.stringMatching(/fake\.jpg \(page nid 1 \(de\)\) left out: its content is not the image\/jpeg it is declared as/),
      expect.stringMatching(/gone\.svg \(page nid 1 \(de\)\) left out since \d{4}-\d\d-\d\d: HTTP 404/),
      expect.stringMatching(/page\.html \(page nid 1 \(de\)\) left out: its type "text\/html" is not published/),
    ]);
  });

  it('asks once for a file named again after it arrived, and names every item using a file left out', async () => {
    files.set('/ok.svg', { body: svg('green') });
    const warnings: string[] = [];
    const downloads = startMediaDownloads({
      policy: createMediaPolicy(`${base}/graphql`), outDir: await mkdtemp(join(dir, 'out-')), cache: await MediaCache.open(join(dir, 'cache'), (message) => warnings.push(message)),
      limits: { maxBytes: 64 * 1024, deadlineMs: 1500, headersTimeoutMs: 1000 }, concurrency: 4, retries: 0, baseDelayMs: 1, onWarning: (message) => warnings.push(message),
    });
    downloads.request(`${base}/ok.svg`, 'page nid 1 (de)');
    downloads.request(`${base}/gone.svg`, 'page nid 1 (de)');
    await vi.waitFor(() => expect(log.map((entry) => entry.path).sort()).toEqual(['/gone.svg', '/ok.svg']));
    await new Promise((done) => setTimeout(done, 50));
    downloads.request(`${base}/ok.svg`, 'page nid 1 (en)');
    downloads.request(`${base}/gone.svg`, 'page nid 1 (en)');
    const result = await downloads.settle();
    expect(log.map((entry) => entry.path).sort()).toEqual(['/gone.svg', '/ok.svg']);
    expect([...result.files.keys()]).toEqual([`${base}/ok.svg`]);
    expect(warnings).toEqual([expect.stringMatching(/gone\.svg \(page nid 1 \(de\), page nid 1 \(en\)\) left out since \d{4}-\d\d-\d\d: HTTP 404$/)]);
  });

  it('fails only when the media host cannot be reached at all', async () => {
    files.set('/down.svg', { body: '', status: 503 });
    await expect(build([`${base}/down.svg`])).rejects.toThrow(/The media host http:\/\/127\.0\.0\.1:\d+ could not be reached: HTTP 503/);
  });

  it('leaves out a file that keeps failing while the host serves others', async () => {
    files.set('/ok.svg', { body: svg('green') });
    files.set('/flaky.svg', { body: '', status: 503 });
    const first = await build([`${base}/ok.svg`]);
    expect(first.files.size).toBe(1);
    // The host answered (ok.svg was asked first and answered), so flaky.svg alone is left out.
    const downloads = await build([`${base}/ok.svg`, `${base}/flaky.svg`], { concurrency: 1 });
    expect(downloads.files.size).toBe(1);
    expect(downloads.warnings).toEqual([expect.stringMatching(/flaky\.svg .*left out: HTTP 503 \(after 2 attempts\)/)]);
  });

  it('asks again for a body cut off mid-way, and publishes it once it arrives whole', async () => {
    const body = svg('green');
    let attempts = 0;
    files.set('/cut.svg', (req, res) => {
      attempts++;
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'content-length': String(body.length) });
      if (attempts === 1) {
        res.write(body.slice(0, 20));
        setTimeout(() => res.socket?.destroy(), 20);
      } else res.end(body);
    });
    const result = await build([`${base}/cut.svg`]);
    expect(attempts).toBe(2);
    expect(result.files.size).toBe(1);
    expect(await readFile(join(result.outDir, result.files.get(`${base}/cut.svg`)!.href), 'utf8')).toContain('fill="green"');
    expect(result.warnings).toEqual([]);
  });

  it('leaves out a body that is cut off every time, with one warning', async () => {
    files.set('/ok.svg', { body: svg('green') });
    files.set('/cut.svg', (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'content-length': '5000' });
      res.write('<svg');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const result = await build([`${base}/ok.svg`, `${base}/cut.svg`], { concurrency: 1 });
    expect([...result.files.keys()]).toEqual([`${base}/ok.svg`]);
    expect(result.warnings).toEqual([expect.stringMatching(/cut\.svg .*left out: .*\(after 2 attempts\)/)]);
  });
});

describe('permanent answers', () => {
  const HOUR = 3_600_000;
  const T = Date.UTC(2026, 10, 20, 10);
  const rule = (hoursLater: number, honoured = true) => ({ failures: { maxAgeMs: 24 * HOUR, honoured, now: T + hoursLater * HOUR } });
  const asked = (path: string) => log.filter((entry) => entry.path === path).length;

  it('records a 404 with its date, says it once, and does not ask again for an unchanged item until it is old', async () => {
    files.set('/ok.svg', { body: svg('green'), cacheControl: 'max-age=86400' });
    const first = await build([`${base}/ok.svg`, `${base}/gone.svg`], rule(0));
    expect(first.warnings).toEqual([expect.stringMatching(/gone\.svg \(page nid 1 \(de\)\) left out since 2026-11-20: HTTP 404$/)]);
    expect(first.stats).toMatchObject({ failed: 1, permanent: 1, leftOutSince: T, askAgainAt: T + 24 * HOUR });

    const kept = await build([`${base}/ok.svg`, `${base}/gone.svg`], { ...rule(1), kept: true });
    expect(asked('/gone.svg')).toBe(1);
    expect(kept.warnings).toEqual([expect.stringMatching(/^media: 1 file left out as before, .* since 2026-11-20/)]);
    expect(kept.stats).toMatchObject({ failed: 1, permanent: 1, leftOutSince: T, askAgainAt: T + 24 * HOUR });

    // An item that changed, a build that renders everything, an answer older than the rule: asked.
    await build([`${base}/gone.svg`], { ...rule(2), kept: false });
    expect(asked('/gone.svg')).toBe(2);
    await build([`${base}/gone.svg`], { ...rule(3, false), kept: true });
    expect(asked('/gone.svg')).toBe(3);
    const old = await build([`${base}/gone.svg`], { ...rule(28), kept: true });
    expect(asked('/gone.svg')).toBe(4);
    expect(old.warnings).toEqual([expect.stringMatching(/^media: 1 file left out as before/)]);
    expect(old.stats).toMatchObject({ permanent: 1, leftOutSince: T, askAgainAt: T + 52 * HOUR });
  });

  it('records no answer for a passing failure (503), and forgets a 404 once the file is there', async () => {
    files.set('/ok.svg', { body: svg('green') });
    files.set('/busy.svg', { body: '', status: 503 });
    await build([`${base}/ok.svg`], rule(0));
    const busy = await build([`${base}/ok.svg`, `${base}/busy.svg`, `${base}/back.svg`], { ...rule(0), concurrency: 1 });
    expect(busy.stats).toMatchObject({ failed: 2, permanent: 1 });
    files.set('/back.svg', { body: svg('blue') });
    const again = await build([`${base}/busy.svg`, `${base}/back.svg`, `${base}/ok.svg`], { ...rule(1), kept: false, concurrency: 1 });
    expect(again.stats).toMatchObject({ failed: 1, permanent: 0 });
    const manifest = JSON.parse(await readFile(join(dir, 'cache', 'media', 'manifest.json'), 'utf8')) as { failures: object };
    expect(manifest.failures).toEqual({});
  });
});

describe('where media may come from', () => {
  it('fetches only from the CMS origin and content.mediaHosts; other spellings, ports, schemes and credentials are refused unasked', async () => {
    files.set('/a.svg', { body: svg('green') });
    const port = new URL(base).port;
    const refused = [
      `http://0x7f000001:${port}/a.svg`, `http://2130706433:${port}/a.svg`, `http://127.1:${port}/a.svg`, `http://localhost:${port}/a.svg`,
      `http://[::1]:${port}/a.svg`, `http://127.0.0.1:${Number(port) + 1}/a.svg`, `http://user:pass@127.0.0.1:${port}/a.svg`, `ftp://127.0.0.1/a.svg`, 'file:///etc/passwd',
    ];
    const { files: local, warnings } = await build([`${base}/a.svg`, ...refused]);
    expect([...local.keys()]).toEqual([`${base}/a.svg`]);
    expect(warnings).toHaveLength(refused.length);
    expect(log.map((entry) => entry.path)).toEqual(['/a.svg']);
  });

  it('follows a redirect only inside the allowed hosts', async () => {
    files.set('/a.svg', { body: svg('green') });
    files.set('/moved.svg', (_, res) => void res.writeHead(301, { location: '/a.svg' }).end());
    files.set('/away.svg', (_, res) => void res.writeHead(302, { location: 'http://localhost:1/x.svg' }).end());
    const { files: local, warnings } = await build([`${base}/moved.svg`, `${base}/away.svg`]);
    expect([...local.keys()]).toEqual([`${base}/moved.svg`]);
    expect(warnings).toEqual([expect.stringMatching(/away\.svg .*left out since \d{4}-\d\d-\d\d: redirected to http:\/\/localhost:1\/x\.svg: http:\/\/localhost:1 is neither the CMS nor one of content\.mediaHosts/)]);
  });

  it('allows a configured CDN host', async () => {
    files.set('/a.svg', { body: svg('green') });
    const cdn = base.replace('127.0.0.1', 'localhost');
    const { files: local } = await build([`${cdn}/a.svg`], { mediaHosts: [cdn] });
    expect(local.size).toBe(1);
  });
});

describe('limits', () => {
  it('leaves out a file larger than the limit, whether it says so or streams without a length', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(200 * 1024)]);
    files.set('/declared.png', { body: big, type: 'image/png' });
    files.set('/streamed.png', (_, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      let sent = 0;
      const pump = () => {
        while (sent < 10_000 && res.write(Buffer.alloc(16 * 1024))) sent++;
        if (sent < 10_000) res.once('drain', pump);
        else res.end();
      };
      res.on('close', () => (sent = 10_000));
      pump();
    });
    const { files: local, warnings } = await build([`${base}/declared.png`, `${base}/streamed.png`]);
    expect(local.size).toBe(0);
    expect(warnings).toEqual([
      expect.stringMatching(/declared\.png .*left out since \d{4}-\d\d-\d\d: larger than the limit of 64 KB/),
      expect.stringMatching(/streamed\.png .*left out since \d{4}-\d\d-\d\d: larger than the limit of 64 KB/),
    ]);
  });

  it('stops a gzip bomb at the limit of its decoded size', async () => {
    const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024));
    files.set('/bomb.svg', (_, res) => void res.writeHead(200, { 'content-type': 'image/svg+xml', 'content-encoding': 'gzip' }).end(bomb));
    const before = process.memoryUsage().rss;
    const { files: local, warnings } = await build([`${base}/bomb.svg`]);
    expect(local.size).toBe(0);
    expect(warnings).toEqual([expect.stringMatching(/bomb\.svg .*left out since \d{4}-\d\d-\d\d: larger than the limit/)]);
    expect(process.memoryUsage().rss - before).toBeLessThan(40 * 1024 * 1024);
  });

  it('leaves out a body that trickles past the deadline, without retrying it', async () => {
    files.set('/slow.png', (_, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PNG.subarray(0, 8));
      const timer = setInterval(() => res.write(Buffer.from([0])), 100);
      res.on('close', () => clearInterval(timer));
    });
    files.set('/ok.svg', { body: svg('green') });
    const started = Date.now();
    const { files: local, warnings } = await build([`${base}/ok.svg`, `${base}/slow.png`]);
    expect(Date.now() - started).toBeLessThan(5000);
    expect([...local.keys()]).toEqual([`${base}/ok.svg`]);
    expect(warnings).toEqual([expect.stringMatching(/slow\.png .*left out: not complete within 1\.5 s/)]);
  });
});

describe('bodies', () => {
  it('undoes every content encoding the CMS applied, in the order of its header, and publishes the file as it was', async () => {
    const original = Buffer.from(svg('teal'));
    files.set('/gzip.svg', (_, res) => void res.writeHead(200, { 'content-type': 'image/svg+xml', 'content-encoding': 'gzip' }).end(gzipSync(original)));
    // "deflate, br": deflated first, then compressed with Brotli.
    files.set('/layers.svg', (_, res) => void res.writeHead(200, { 'content-type': 'image/svg+xml', 'content-encoding': 'deflate, br' }).end(brotliCompressSync(deflateSync(original))));
    files.set('/plain.svg', { body: original });
    const { files: local, outDir, warnings } = await build([`${base}/gzip.svg`, `${base}/layers.svg`, `${base}/plain.svg`]);
    expect(warnings).toEqual([]);
    const published = await Promise.all(['gzip', 'layers', 'plain'].map((name) => readFile(join(outDir, local.get(`${base}/${name}.svg`)!.href))));
    // The same bytes, so the same content hash in the name.
    expect(new Set(published.map((bytes) => bytes.toString()))).toEqual(new Set([published[2]!.toString()]));
    expect(local.get(`${base}/gzip.svg`)!.href.split('.')[1]).toBe(local.get(`${base}/plain.svg`)!.href.split('.')[1]);
  });

  it('spools a body too large to keep in memory to a file as it arrives, and publishes it whole', async () => {
    const large = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 7)]);
    files.set('/large.png', (_, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      // In many chunks and without a length, as a CDN streams a file.
      let at = 0;
      const pump = () => {
        while (at < large.length && res.write(large.subarray(at, (at += 64 * 1024))));
        if (at < large.length) res.once('drain', pump);
        else res.end();
      };
      pump();
    });
    const { files: local, outDir, warnings } = await build([`${base}/large.png`], { limits: { maxBytes: 8 * 1024 * 1024, deadlineMs: 10_000, headersTimeoutMs: 1000 } });
    expect(warnings).toEqual([]);
    expect((await readFile(join(outDir, local.get(`${base}/large.png`)!.href))).equals(large)).toBe(true);
    // Nothing is left in the spool folder.
    expect(await readdir(join(dir, 'cache', 'media', 'spool'))).toEqual([]);
  });

  it('reads a repeated Content-Type by its first value, and follows a redirect that carries a body', async () => {
    files.set('/twice.png', (_, res) => {
      res.setHeader('content-type', ['image/png', 'text/html']);
      res.end(PNG);
    });
    files.set('/moved.svg', (_, res) => void res.writeHead(301, { location: '/a.svg', 'content-type': 'text/html' }).end('<p>Moved</p>'.repeat(1000)));
    files.set('/a.svg', { body: svg('green') });
    const { files: local, warnings } = await build([`${base}/twice.png`, `${base}/moved.svg`]);
    expect(warnings).toEqual([]);
    expect(local.get(`${base}/twice.png`)?.contentType).toBe('image/png');
    expect(local.get(`${base}/moved.svg`)?.href).toMatch(/^\/media\/moved\.[0-9a-f]{10}\.svg$/);
  });
});

describe('without a disk cache (the embedded backend)', () => {
  it('writes the files into the site and keeps nothing between runs', async () => {
    files.set('/a.svg', { body: svg('green'), etag: '"v1"', cacheControl: 'max-age=600' });
    const { files: local, outDir } = await build([`${base}/a.svg`], { cacheless: true });
    expect(await readFile(join(outDir, local.get(`${base}/a.svg`)!.href), 'utf8')).toContain('fill="green"');
    expect(await readdir(dir)).toEqual([expect.stringMatching(/^out-/)]);
  });
});

describe('SVG from the CMS', () => {
  it('is published rebuilt from an allow-list: a script in another prefix does not survive', async () => {
    files.set('/evil.svg', { body: '<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg" width="4" height="4"><s:script>alert(1)</s:script><rect width="4" height="4"/></svg>' });
    const { files: local, outDir } = await build([`${base}/evil.svg`]);
    const text = await readFile(join(outDir, local.get(`${base}/evil.svg`)!.href), 'utf8');
    expect(text).not.toMatch(/script|alert/);
    expect(text).toContain('<rect');
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
