// Items normalized by an earlier build (site/incremental/normalized-items.ts): found again by key
// under the same scope, with the media they named; nothing of another scope, of a damaged file or
// of a build that reuses nothing; only what a build used is written back.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { NormalizeResult } from '../../../site/content/normalize';
import { openNormalizedItems } from '../../../site/incremental/normalized-items';
import { MEDIA_TOKEN_PREFIX, mediaToken } from '../../../site/media/media-refs';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function cacheDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'normalized-items-'));
  dirs.push(dir);
  return dir;
}

const result = (nid: number): NormalizeResult => ({ ok: false, nid, reason: `reason ${nid}` });

describe('normalized items kept between builds', () => {
  it('gives back what an earlier build recorded under the same scope, with its media, and keeps only what was used', async () => {
    const dir = await cacheDir();
    const open = (reuse = true) => openNormalizedItems({ cacheDir: dir, endpoint: 'https://cms.example/graphql', code: 'v1', reuse, warn: () => {} });
    const first = await open();
    first.scope('s1');
    first.record('a', result(1), [['https://cms.example/a.jpg', 'rooms nid 1 (de)']]);
    first.record('b', result(2), []);
    await first.save();

    const second = await open();
    second.scope('s1');
    expect(second.get('a')).toEqual({ result: result(1), media: [['https://cms.example/a.jpg', 'rooms nid 1 (de)']] });
    expect(second.get('a')).toBeUndefined(); // taken once
    expect(second.get('c')).toBeUndefined();
    second.record('c', result(3), []);
    await second.save();

    const third = await open();
    third.scope('s1');
    expect(third.get('b')).toBeUndefined(); // the second build did not use it
    expect(third.get('a')?.result).toEqual(result(1));
    expect(third.get('c')?.result).toEqual(result(3));

    const otherScope = await open();
    otherScope.scope('s2');
    expect(otherScope.get('a')).toBeUndefined();

    const full = await open(false);
    full.scope('s1');
    expect(full.get('a')).toBeUndefined();
  });

  it('ignores a damaged file with a warning', async () => {
    const dir = await cacheDir();
    const first = await openNormalizedItems({ cacheDir: dir, endpoint: 'e', code: 'v1', reuse: true, warn: () => {} });
    first.scope('s');
    first.record('a', result(1), []);
    await first.save();
    const [name] = await readdir(join(dir, 'normalized'));
    await writeFile(join(dir, 'normalized', name!), '{"version":1,"scope":"s","entries":{"a":');
    const warnings: string[] = [];
    const second = await openNormalizedItems({ cacheDir: dir, endpoint: 'e', code: 'v1', reuse: true, warn: (message) => warnings.push(message) });
    second.scope('s');
    expect(second.get('a')).toBeUndefined();
    expect(warnings).toEqual([expect.stringMatching(/damaged/)]);
  });

  it("renames the media tokens of the process that wrote the file to this process's", async () => {
    const dir = await cacheDir();
    const first = await openNormalizedItems({ cacheDir: dir, endpoint: 'e', code: 'v1', reuse: true, warn: () => {} });
    first.scope('s');
    const token = mediaToken('https://cms.example/a.jpg');
    first.record('a', { ok: false, nid: 1, reason: `<img src="${token}">` }, []);
    await first.save();
    // As another process wrote it: its own nonce in every token.
    const [name] = await readdir(join(dir, 'normalized'));
    const file = join(dir, 'normalized', name!);
    const other = '/__hotel-site-media-000000000000__/';
    await writeFile(file, (await readFile(file, 'utf8')).split(MEDIA_TOKEN_PREFIX).join(other));
    const second = await openNormalizedItems({ cacheDir: dir, endpoint: 'e', code: 'v1', reuse: true, warn: () => {} });
    second.scope('s');
    expect(second.get('a')?.result).toEqual({ ok: false, nid: 1, reason: `<img src="${token}">` });
  });
});
