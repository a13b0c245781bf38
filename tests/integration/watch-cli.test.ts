// `hotel-site watch` through the real bin, on a copy of the project: it builds, prints where it
// listens, rebuilds after a save (the terminal says so) and stops cleanly on SIGTERM.
import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli';
import { startCliServer, type CliServer } from '../helpers/cli-server';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';
import { rawRequest } from '../helpers/raw-http';
import { openEvents } from '../helpers/sse-client';

let copy: ProjectCopy;
let watch: CliServer;

beforeAll(async () => {
  copy = await copyProject();
  watch = await startCliServer(['dev', '--port', '0', '--out', copy.path('dist')], { bin: copy.bin, cwd: copy.root, timeoutMs: 120_000 });
}, 150_000);

afterAll(async () => {
  await watch?.stop();
  await copy?.remove();
});

describe('hotel-site watch (the bin)', () => {
  it('builds, serves on 127.0.0.1 and rebuilds after a save', async () => {
    expect(watch.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(watch.stdout()).toMatch(/Watching templates\/, locales\/, site\/ and site\.config\.ts/);
    const first = await rawRequest(watch.url, '/en/');
    expect(first.status).toBe(200);
    expect(first.text).toContain('data-hotel-site-watch');

    const events = await openEvents(watch.url);
    const path = copy.path('locales/en.json');
    await writeFile(path, (await readFile(path, 'utf8')).replace('"Skip to content"', '"Skip to the castle"'));
    await events.next('reload');
    events.close();
    expect((await rawRequest(watch.url, '/en/')).text).toContain('Skip to the castle');
    expect(watch.stderr()).toMatch(/rebuilt in \d+ ms \(locales\/en\.json\)/);
  });

  it('holds its output folder: a build into it is refused with exit 2, naming the watch', async () => {
    const build = await runCli(['build', '--out', copy.path('dist'), '--quiet'], { bin: copy.bin, cwd: copy.root });
    expect(build.code, build.stderr).toBe(2);
    expect(build.stderr).toMatch(/Another hotel-site process \(pid \d+\) is writing/);
    expect((await rawRequest(watch.url, '/en/')).status).toBe(200);
  });

  it('exits 0 on SIGTERM, and gives the folder back', async () => {
    expect(await watch.stop()).toBe(0);
    const build = await runCli(['build', '--out', copy.path('dist'), '--quiet'], { bin: copy.bin, cwd: copy.root });
    expect(build.code, build.stderr).toBe(0);
  });
});
