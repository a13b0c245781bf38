// Cache files as a build reads them (site/incremental/cache-file.ts): a restored or shared cache may
// hold anything, so a file is read only when it is a regular file, not through a link, up to a
// bound, and a header is checked before the rest is read.
import { execFileSync } from 'node:child_process';
import { mkdtemp, open, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheFileProblem, readCacheBytes, readCacheFile, writeCacheFile } from '../../../site/incremental/cache-file';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cache-file-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const problem = (promise: Promise<unknown>) => promise.then(() => null, (error: Error) => error);

describe('reading a cache file', () => {
  it('reads a regular file, and says null when there is none', async () => {
    await writeFile(join(dir, 'a.json'), '{"a":1}');
    expect(await readCacheFile(join(dir, 'a.json'))).toBe('{"a":1}');
    expect(await readCacheFile(join(dir, 'none.json'))).toBeNull();
  });

  it('never reads through a symbolic link', async () => {
    await symlink('/etc/hostname', join(dir, 'link.json'));
    const error = await problem(readCacheFile(join(dir, 'link.json')));
    expect(error).toBeInstanceOf(CacheFileProblem);
    expect(error?.message).toMatch(/symbolic link/);
  });

  it('does not wait on a FIFO put in place of a file', async () => {
    execFileSync('mkfifo', [join(dir, 'fifo.json')]);
    expect((await problem(readCacheFile(join(dir, 'fifo.json'))))?.message).toMatch(/not a regular file/);
  });

  it('rejects a file larger than its bound without reading it, and a bad header before reading the rest', async () => {
    // 1.5 GB, sparse: nothing of it is on the disk.
    const huge = join(dir, 'huge.json');
    const handle = await open(huge, 'w');
    await handle.truncate(1.5 * 1024 ** 3);
    await handle.close();
    const rss = process.memoryUsage().rss;
    expect((await problem(readCacheFile(huge)))?.message).toMatch(/larger than/);
    const checked: number[] = [];
    const badHeader = await problem(readCacheBytes(huge, { maxBytes: 2 * 1024 ** 3, head: { bytes: 200, check: (head) => { checked.push(head.length); throw new Error('unexpected header'); } } }));
    expect(badHeader?.message).toBe('unexpected header');
    expect(checked).toEqual([200]);
    expect(process.memoryUsage().rss - rss).toBeLessThan(100 * 1024 * 1024);
  });

  it('writes through a fresh temporary file, never through a link planted under its name', async () => {
    const file = join(dir, 'kept.json');
    const target = join(dir, 'victim.txt');
    await writeFile(target, 'mine');
    await symlink(target, `${file}.${process.pid}.tmp`);
    await writeCacheFile(file, '{"kept":true}');
    expect(await readCacheFile(target)).toBe('mine');
    expect(await readCacheFile(file)).toBe('{"kept":true}');
  });
});
