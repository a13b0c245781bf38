// The media stage at scale and the build's interruption (docs/media.md): thousands of media files
// under macOS's open-file limit (ulimit -n 256), cold and warm; and Ctrl-C or SIGTERM in the middle
// of rendering leaves the previous output and nothing else. About eight times the open-file limit
// shows what more would; `npm run bench -- --only=media` builds tens of thousands.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../site/project-root';
import { configExtending, type CliResult } from '../helpers/cli';
import { PNG_1X1, node, startHostileCms, type CmsNode, type FileRoute, type HostileCms } from '../helpers/hostile-cms';

const ITEMS = 400;
const IMAGES_PER_ITEM = 4;

let cms: HostileCms;
let dir: string;
let config: string;

/** A distinct small PNG per path (bytes after IEND change the hash, not the picture). */
const png = (path: string): FileRoute => ({ headers: { 'content-type': 'image/png', 'cache-control': 'public, max-age=1209600', etag: `"${path.length}-${path}"` }, body: Buffer.concat([PNG_1X1, Buffer.from(path)]) });

beforeAll(async () => {
  const files: Record<string, FileRoute> = {};
  const nodes: CmsNode[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const nid = 5000 + i;
    const images = Array.from({ length: IMAGES_PER_ITEM }, (_, k) => {
      const path = `/sites/default/files/rooms/${nid}-${k}.png`;
      files[path] = png(path);
      return { url: path, alt: `Bild ${k}`, title: null, width: 1, height: 1, card: null, hero: null };
    });
    const inline = `/sites/default/files/inline-images/${nid}.png`;
    files[inline] = png(inline);
    nodes.push(node(nid, 'accommodation', 'de', {
      title: `Zimmer ${nid}`,
      path: `/de/uebernachten/zimmer-${nid}`,
      fields: { fieldImages: images, body: { processed: `<p>Zimmer ${nid}</p><p><img src="${inline}" data-entity-type="file" alt="Innen"></p>` } },
    }));
  }
  cms = await startHostileCms({ nodes, files });
  dir = await mkdtemp(join(tmpdir(), 'media-scale-'));
  config = join(dir, 'test.config.ts');
  await writeFile(config, configExtending({ content: { retries: 1, timeoutMs: 5000 } }));
}, 60_000);

afterAll(async () => {
  await cms?.close();
  if (dir) await rm(dir, { recursive: true, force: true, maxRetries: 10 });
});

/** `hotel-site build` in a shell with `ulimit -n 256`; `onOutput` sees stdout and stderr as they come. */
function buildLimited(out: string, onSpawn?: (child: ReturnType<typeof spawn>) => void): Promise<CliResult> {
  const args = ['build', '--config', config, '--endpoint', cms.endpoint, '--out', out, '--cache-dir', join(dir, 'cache')];
  const command = `ulimit -n 256 && exec ${[process.execPath, projectPath('cli/hotel-site.mjs'), ...args].map((a) => `'${a}'`).join(' ')}`;
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', command], { env: { ...process.env, HOTEL_SITE_ENDPOINT: '', CI: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 110_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    onSpawn?.(child);
  });
}

const mediaCount = (stdout: string) => /media\s+(\d+) files from \d+ URLs: (\d+) downloaded, (\d+) from cache, (\d+) left out/.exec(stdout)?.slice(1).map(Number);

describe(`${ITEMS * (IMAGES_PER_ITEM + 1)} media files under ulimit -n 256`, () => {
  it('builds cold, then warm from the cache without asking the CMS again, every image a file of the output', async () => {
    const files = ITEMS * (IMAGES_PER_ITEM + 1);
    const cold = await buildLimited(join(dir, 'cold'));
    expect(cold.stderr).not.toMatch(/EMFILE|hit a bug/);
    expect(cold.code, cold.stderr).toBe(0);
    expect(mediaCount(cold.stdout)).toEqual([files, files, 0, 0]);
    expect((await readdir(join(dir, 'cold', 'media'))).length).toBe(files);

    const requestsBefore = cms.fileRequests.length;
    const warm = await buildLimited(join(dir, 'warm'));
    expect(warm.code, warm.stderr).toBe(0);
    expect(mediaCount(warm.stdout)).toEqual([files, 0, files, 0]);
    expect(cms.fileRequests.length).toBe(requestsBefore);
    const page = readFileSync(join(dir, 'warm', 'de', 'uebernachten', `zimmer-${5000 + ITEMS - 1}`, 'index.html'), 'utf8');
    const srcs = [...page.matchAll(/<img [^>]*src="(\/media\/[^"]+)"/g)].map((match) => match[1]!);
    expect(srcs.length).toBeGreaterThanOrEqual(2);
    for (const src of srcs) expect(existsSync(join(dir, 'warm', src)), src).toBe(true);
  }, 120_000);
});

describe('Ctrl-C or SIGTERM while pages are written', () => {
  it.each([['SIGINT', 130], ['SIGTERM', 143]] as const)('%s leaves the previous output and nothing else, exit %i', async (signal, exitCode) => {
    const parent = join(dir, `stop-${signal}`);
    const out = join(parent, 'dist');
    await mkdir(out, { recursive: true });
    await writeFile(join(out, 'index.html'), 'the previous site');
    const result = await buildLimited(out, (child) => {
      // Once the staging folder has pages in it, rendering is under way. One signal only: checks
      // still in flight when the first one sends it (a slow readdir on a busy machine) must not
      // send a second, which stops the build at once without waiting (cli/build.ts).
      let sent = false;
      const poll = setInterval(async () => {
        const staging = (await readdir(parent)).find((name) => name.includes('staging'));
        if (!sent && staging && existsSync(join(parent, staging, 'de', 'uebernachten'))) {
          sent = true;
          clearInterval(poll);
          child.kill(signal);
        }
      }, 20);
      child.on('close', () => clearInterval(poll));
    });
    expect(result.stderr).not.toMatch(/hit a bug|ENOTEMPTY|at .*\.m?js:\d+/);
    expect(result.stderr).toContain(`Interrupted (${signal})`);
    expect(result.code).toBe(exitCode);
    expect(await readdir(parent)).toEqual(['dist']);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('the previous site');
  }, 120_000);
});
