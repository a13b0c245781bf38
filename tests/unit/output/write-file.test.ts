// site/output/write-file.ts: pages written in the background, a bounded number at once; a failed
// write fails the build only after every other write in flight has settled.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BoundedWrites } from '../../../site/output/write-file';

const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});
const tempRoot = async (): Promise<string> => {
  const root = await mkdtemp(join(tmpdir(), 'bounded-writes-'));
  roots.push(root);
  return root;
};

describe('BoundedWrites', () => {
  it('writes every file, telling each as written, and finishes when all are', async () => {
    const root = await tempRoot();
    const writes = new BoundedWrites(3);
    const written: string[] = [];
    for (let i = 0; i < 20; i++) await writes.write(join(root, `${i}.html`), Buffer.from(`page ${i}`), () => written.push(String(i)));
    await writes.finish();
    expect(written.sort()).toEqual(Array.from({ length: 20 }, (_, i) => String(i)).sort());
    expect((await readdir(root)).length).toBe(20);
    expect(await readFile(join(root, '7.html'), 'utf8')).toBe('page 7');
  });

  it('throws the first failed write, from a later write or from finish, after the others settled', async () => {
    const root = await tempRoot();
    const writes = new BoundedWrites(32);
    await writes.write(join(root, 'missing-folder', 'a.html'), Buffer.from('a'));
    await writes.write(join(root, 'b.html'), Buffer.from('b'));
    await expect(writes.finish()).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readdir(root)).toEqual(['b.html']);
    await expect(writes.write(join(root, 'c.html'), Buffer.from('c'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readdir(root)).toEqual(['b.html']);
  });

  it('drains without throwing, for the caller that is failing already', async () => {
    const root = await tempRoot();
    const writes = new BoundedWrites(2);
    await writes.write(join(root, 'missing-folder', 'a.html'), Buffer.from('a'));
    await expect(writes.drain()).resolves.toBeUndefined();
  });
});
