// A checkout whose node_modules is a symlink to another checkout's (git worktrees sharing one
// install) builds and watches its own sources: the project root is where the bin was invoked,
// not where the bundle's real path leads, and each checkout has its own bundle
// (site/bundling/checkout-cache.mjs).
import { readFile, realpath, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../site/project-root';
import { runCli } from '../helpers/cli';
import { startCliServer } from '../helpers/cli-server';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';
import { rawRequest } from '../helpers/raw-http';
import { openEvents } from '../helpers/sse-client';

let copy: ProjectCopy;

beforeAll(async () => {
  copy = await copyProject({ nodeModules: 'shared' });
  // The copy differs from the project in one visible string.
  const locale = copy.path('locales/en.json');
  await writeFile(locale, (await readFile(locale, 'utf8')).replace('"Skip to content"', '"Skip to the copy"'));
}, 60_000);

afterAll(async () => {
  await copy?.remove();
});

describe('a checkout whose node_modules is a symlink', () => {
  it('is set up as the case needs: node_modules resolves into the project', async () => {
    expect(await realpath(copy.path('node_modules'))).toBe(await realpath(projectPath('node_modules')));
  });

  it('builds its own sources, and the project still builds its own', async () => {
    const built = await runCli(['build', '--out', copy.path('dist'), '--quiet'], { bin: copy.bin, cwd: copy.root, timeoutMs: 120_000 });
    expect(built.code, built.stderr).toBe(0);
    expect(await readFile(join(copy.path('dist'), 'en', 'index.html'), 'utf8')).toContain('Skip to the copy');

    const own = await runCli(['build', '--out', copy.path('dist-project'), '--quiet'], { cwd: copy.root, timeoutMs: 120_000 });
    expect(own.code, own.stderr).toBe(0);
    expect(await readFile(join(copy.path('dist-project'), 'en', 'index.html'), 'utf8')).toContain('Skip to content');
  });

  it('watches its own sources: a save in the copy shows in the copy\'s server', async () => {
    const watch = await startCliServer(['watch', '--port', '0', '--out', copy.path('dist-watch')], { bin: copy.bin, cwd: copy.root, timeoutMs: 120_000 });
    try {
      expect((await rawRequest(watch.url, '/en/')).text).toContain('Skip to the copy');
      const events = await openEvents(watch.url);
      const locale = copy.path('locales/en.json');
      await writeFile(locale, (await readFile(locale, 'utf8')).replace('"Skip to the copy"', '"Skip to the saved copy"'));
      await events.next('reload');
      events.close();
      expect((await rawRequest(watch.url, '/en/')).text).toContain('Skip to the saved copy');
    } finally {
      expect(await watch.stop()).toBe(0);
    }
  });
});
