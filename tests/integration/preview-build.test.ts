// The promise of `hotel-site preview`: a page it renders on request is the page `build`
// writes, byte for byte. Both run through the real bin, on a copy of the project, so that edits
// others make to the templates meanwhile cannot make the two see different sources.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configExtending, runCli } from '../helpers/cli';
import { startCliServer, type CliServer } from '../helpers/cli-server';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';
import { rawRequest } from '../helpers/raw-http';

let copy: ProjectCopy;
let preview: CliServer;
let dist: string;

beforeAll(async () => {
  copy = await copyProject();
  dist = copy.path('dist');
  // The JS budget is the build tests' business; a page over it must not stop this comparison.
  const config = copy.path('test.config.ts');
  await writeFile(config, configExtending({ jsBudgetBytes: 10 * 1024 * 1024 }, copy.path('site.config.ts')));
  const built = await runCli(['build', '--out', dist, '--config', config, '--quiet'], { cwd: copy.root, bin: copy.bin, timeoutMs: 170_000 });
  expect(built.code, built.stderr).toBe(0);
  preview = await startCliServer(['preview', '--port', '0', '--config', config], { bin: copy.bin, cwd: copy.root });
}, 180_000);

afterAll(async () => {
  expect(await preview?.stop()).toBe(0);
  await copy?.remove();
});

/** Where two pages differ, with some context (a whole page in an assertion message is unreadable). */
function firstDifference(actual: string, expected: string): string | null {
  if (actual === expected) return null;
  let at = 0;
  while (at < actual.length && actual[at] === expected[at]) at++;
  return `at ${at}: served …${actual.slice(Math.max(0, at - 60), at + 60)}… but built …${expected.slice(Math.max(0, at - 60), at + 60)}…`;
}

describe('preview and build', () => {
  it('prints where it listens, on 127.0.0.1', () => {
    expect(preview.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(preview.stdout()).toContain(`${preview.url}de/`);
  });

  it('serves every page byte for byte as the build wrote it', async () => {
    const files = await fg('**/*.html', { cwd: dist });
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const href = file === 'index.html' ? '/' : file.endsWith('/index.html') ? `/${file.slice(0, -'index.html'.length)}` : `/${file}`;
      const response = await rawRequest(preview.url, href.split('/').map(encodeURIComponent).join('/'));
      expect(response.status, href).toBe(200);
      expect(firstDifference(response.text, await readFile(join(dist, file), 'utf8')), href).toBeNull();
    }
    for (const extra of ['sitemap.xml', 'robots.txt']) {
      expect(firstDifference((await rawRequest(preview.url, `/${extra}`)).text, await readFile(join(dist, extra), 'utf8')), extra).toBeNull();
    }
  });

  it('answers an unknown path with the very not-found page the build wrote, status 404', async () => {
    const de = await rawRequest(preview.url, '/de/gibt-es-nicht/');
    expect(de.status).toBe(404);
    expect(firstDifference(de.text, await readFile(join(dist, 'de/404.html'), 'utf8'))).toBeNull();
    const en = await rawRequest(preview.url, '/en/no/such/page');
    expect(en.status).toBe(404);
    expect(firstDifference(en.text, await readFile(join(dist, 'en/404.html'), 'utf8'))).toBeNull();
  });

  it('serves the same assets under the same hashed names', async () => {
    for (const file of await fg(['assets/**/*', 'media/*', 'favicon.svg'], { cwd: dist })) {
      const response = await rawRequest(preview.url, `/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.raw.equals(await readFile(join(dist, file))), file).toBe(true);
    }
  });
});
