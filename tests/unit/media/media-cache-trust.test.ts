// A media cache anyone may have written (site/media/media-cache.ts): a cached body is published
// only as what its own bytes are — never under a name a browser would run, never as a link out of
// the cache — and anything else is downloaded again as if it had not been cached.
import { lstat, mkdtemp, readdir, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMediaDownloads } from '../../../site/media/download-media';
import { MediaCache } from '../../../site/media/media-cache';
import { createMediaPolicy } from '../../../site/media/media-policy';

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="red"/></svg>';
const SCRIPT = '<html><script>alert(document.domain)</script></html>';

let server: Server;
let base: string;
let dir: string;
let requests: string[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'media-trust-'));
  requests = [];
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === '/a.png') return void res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=86400' }).end(PNG);
    if (req.url === '/b.svg') return void res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=86400' }).end(SVG);
    res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  await rm(dir, { recursive: true, force: true, maxRetries: 10 });
});

async function build(urls: string[]) {
  const outDir = await mkdtemp(join(dir, 'out-'));
  const warnings: string[] = [];
  const cache = await MediaCache.open(join(dir, 'cache'), (message) => warnings.push(message));
  const downloads = startMediaDownloads({
    policy: createMediaPolicy(`${base}/graphql`),
    outDir, cache, concurrency: 4, retries: 0, baseDelayMs: 1,
    limits: { maxBytes: 64 * 1024, deadlineMs: 1500, headersTimeoutMs: 1000 },
    onWarning: (message) => warnings.push(message),
  });
  for (const url of urls) downloads.request(url, 'page nid 1 (de)');
  const result = await downloads.settle();
  return { ...result, outDir, warnings };
}

const manifestFile = () => join(dir, 'cache', 'media', 'manifest.json');
async function manifest(): Promise<{ version: number; entries: Record<string, { sha256: string; name: string; contentType: string; bytes: number }> }> {
  return JSON.parse(await readFile(manifestFile(), 'utf8'));
}
const bodyOf = (sha256: string) => join(dir, 'cache', 'media', 'files', sha256.slice(0, 2), sha256);

describe('a tampered media cache', () => {
  it('publishes no entry named .html over a body with a script: the manifest is not trusted, the file is downloaded again', async () => {
    await build([`${base}/a.png`]);
    const kept = await manifest();
    const entry = kept.entries[`${base}/a.png`]!;
    await writeFile(bodyOf(entry.sha256), SCRIPT);
    Object.assign(entry, { name: entry.name.replace(/\.png$/, '.html'), contentType: 'text/html', bytes: SCRIPT.length });
    await writeFile(manifestFile(), JSON.stringify(kept));
    requests = [];
    const again = await build([`${base}/a.png`]);
    expect(requests).toEqual(['/a.png']);
    const names = await readdir(join(again.outDir, 'media'));
    expect(names).toEqual([expect.stringMatching(/^a\.[0-9a-f]{10}\.png$/)]);
    expect(await readFile(join(again.outDir, 'media', names[0]!))).toEqual(PNG);
  });

  it('reads an entry without the fields it may lack as one to check and ask again, and no wrong field as a value', async () => {
    await build([`${base}/a.png`]);
    const kept = await manifest();
    const entry = kept.entries[`${base}/a.png`] as Record<string, unknown>;
    for (const field of ['width', 'etag', 'lastModified', 'written']) delete entry[field];
    Object.assign(entry, { height: '1', freshUntil: 'never', usedAt: null });
    await writeFile(manifestFile(), JSON.stringify(kept));
    const cache = await MediaCache.open(join(dir, 'cache'), () => {});
    expect(cache.get(`${base}/a.png`)).toMatchObject({ width: null, height: null, etag: null, lastModified: null, freshUntil: 0, usedAt: 0, written: null });
  });

  it('publishes a body only as what its bytes are: HTML under an image entry is downloaded again', async () => {
    await build([`${base}/a.png`]);
    const entry = (await manifest()).entries[`${base}/a.png`]!;
    const html = Buffer.alloc(PNG.length, ' ');
    html.write(SCRIPT);
    await writeFile(bodyOf(entry.sha256), html);
    requests = [];
    const again = await build([`${base}/a.png`]);
    expect(requests).toEqual(['/a.png']);
    expect(await readFile(join(again.outDir, 'media', entry.name))).toEqual(PNG);
  });

  it('never publishes a link out of the cache: a body replaced by a symbolic link is downloaded again', async () => {
    await build([`${base}/a.png`]);
    const entry = (await manifest()).entries[`${base}/a.png`]!;
    await unlink(bodyOf(entry.sha256));
    await symlink('/etc/hostname', bodyOf(entry.sha256));
    requests = [];
    const again = await build([`${base}/a.png`]);
    expect(requests).toEqual(['/a.png']);
    const published = join(again.outDir, 'media', entry.name);
    expect((await lstat(published)).isSymbolicLink()).toBe(false);
    expect(await readFile(published)).toEqual(PNG);
  });

  it('publishes a cached SVG only when the allow-list leaves it as it is', async () => {
    await build([`${base}/b.svg`]);
    const entry = (await manifest()).entries[`${base}/b.svg`]!;
    const evil = SVG.replace('<rect', '<script>alert(1)</script><rect').slice(0, entry.bytes).padEnd(entry.bytes, ' ');
    await writeFile(bodyOf(entry.sha256), evil);
    requests = [];
    const again = await build([`${base}/b.svg`]);
    expect(requests).toEqual(['/b.svg']);
    expect(await readFile(join(again.outDir, 'media', entry.name), 'utf8')).not.toContain('script');
  });

  it('checks a body copied back in place (a restored cache) by its bytes, places it, and trusts it from then on', async () => {
    await build([`${base}/a.png`, `${base}/b.svg`]);
    const before = await manifest();
    for (const entry of Object.values(before.entries)) {
      const bytes = await readFile(bodyOf(entry.sha256));
      await unlink(bodyOf(entry.sha256));
      await writeFile(bodyOf(entry.sha256), bytes);
    }
    requests = [];
    const again = await build([`${base}/a.png`, `${base}/b.svg`]);
    expect(requests).toEqual([]);
    expect(again.stats.fromCache).toBe(2);
    // What the check found is recorded: the copies are the files the cache now knows.
    const after = (await manifest()) as unknown as { entries: Record<string, { sha256: string; written: string }> };
    for (const entry of Object.values(after.entries)) {
      const stats = await lstat(bodyOf(entry.sha256), { bigint: true });
      expect(entry.written).toBe(`${stats.ino}:${stats.mtimeNs}`);
    }
  });

  it('still places an untouched cached file without asking the CMS', async () => {
    await build([`${base}/a.png`, `${base}/b.svg`]);
    requests = [];
    const again = await build([`${base}/a.png`, `${base}/b.svg`]);
    expect(requests).toEqual([]);
    expect(again.stats.fromCache).toBe(2);
  });
});
