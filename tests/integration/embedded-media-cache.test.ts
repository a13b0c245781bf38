// The embedded backend's media are kept in the cache folder like any CMS's, although the backend
// listens on a new port each run (docs/media.md): a second build into another folder downloads none.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli';

let dir = '';
afterAll(() => dir && rm(dir, { recursive: true, force: true, maxRetries: 10 }));

const media = (stdout: string) => /media\s+(\d+) files from (\d+) URLs: (\d+) downloaded, (\d+) from cache, (\d+) left out/.exec(stdout)?.slice(1).map(Number);

describe('the embedded backend\'s media', () => {
  it('come from the cache in a second build', async () => {
    dir = await mkdtemp(join(tmpdir(), 'embedded-media-'));
    const build = (out: string) => runCli(['build', '--out', join(dir, out), '--cache-dir', join(dir, 'cache')], { timeoutMs: 120_000 });
    const first = await build('first');
    expect(first.code, first.stderr).toBe(0);
    // The first thing said is the connect stage, before the generator is loaded.
    expect(first.stderr).toMatch(/^connect +[\d.]+ s  content backend started\nassets /);
    const [files, urls, downloaded] = media(first.stdout) ?? [];
    expect(files).toBeGreaterThan(10);
    expect(downloaded).toBe(urls);
    const second = await build('second');
    expect(second.code, second.stderr).toBe(0);
    expect(media(second.stdout)).toEqual([files, urls, 0, urls, 0]);
  }, 240_000);
});
