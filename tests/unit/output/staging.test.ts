import { mkdtemp, readFile, readdir, writeFile, mkdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStaging, holdOutput, removeActiveStagings } from '../../../site/output/staging';

const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true, maxRetries: 10 })));
});
const tempRoot = async (): Promise<string> => {
  const root = await mkdtemp(join(tmpdir(), 'staging-'));
  roots.push(root);
  return root;
};

/** A previous output with `files` (relative path → text), and a staging folder holding `media/new.0123456789.jpg`. */
async function withPreviousOutput(files: Record<string, string>) {
  const root = await tempRoot();
  const out = join(root, 'dist');
  await mkdir(join(out, 'media'), { recursive: true });
  for (const [file, text] of Object.entries(files)) await writeFile(join(out, file), text);
  const staging = await createStaging(out);
  await mkdir(join(staging.dir, 'media'));
  await writeFile(join(staging.dir, 'media', 'new.0123456789.jpg'), 'new');
  return { root, out, staging };
}

describe('atomic output', () => {
  it('replaces the previous output only on commit', async () => {
    const root = await tempRoot();
    const out = join(root, 'dist');
    await mkdir(out);
    await writeFile(join(out, 'index.html'), 'old');
    const staging = await createStaging(out);
    await writeFile(join(staging.dir, 'robots.txt'), 'new');
    expect(await readdir(out)).toEqual(['index.html']);
    await staging.commit();
    expect(await readdir(out)).toEqual(['robots.txt']);
    await staging.cleanup();
    expect((await readdir(root)).sort()).toEqual(['dist']);
  });

  it('leaves the previous output untouched on abort', async () => {
    const root = await tempRoot();
    const out = join(root, 'dist');
    await mkdir(out);
    await writeFile(join(out, 'index.html'), 'previous');
    const staging = await createStaging(out);
    await writeFile(join(staging.dir, 'index.html'), 'half');
    await staging.abort();
    expect(await readFile(join(out, 'index.html'), 'utf8')).toBe('previous');
    expect(await readdir(root)).toEqual(['dist']);
  });

  it('takes a folder of the previous output over whole: same files, the new ones added, the unused ones gone', async () => {
    const { root, out, staging } = await withPreviousOutput({ 'media/a.0123456789.jpg': 'a.0123456789.jpg', 'media/b.0123456789.jpg': 'b.0123456789.jpg', 'media/gone.0123456789.jpg': 'gone.0123456789.jpg' });
    const before = (await stat(join(out, 'media', 'a.0123456789.jpg'))).ino;
    await writeFile(join(staging.dir, 'index.html'), 'page');
    staging.adopt({ folder: 'media', added: ['new.0123456789.jpg'], extras: ['gone.0123456789.jpg'] });
    await staging.commit();
    expect((await readdir(join(out, 'media'))).sort()).toEqual(['a.0123456789.jpg', 'b.0123456789.jpg', 'new.0123456789.jpg']);
    expect((await stat(join(out, 'media', 'a.0123456789.jpg'))).ino).toBe(before);
    expect(await readFile(join(out, 'index.html'), 'utf8')).toBe('page');
    await staging.cleanup();
    expect(await readdir(root)).toEqual(['dist']);
  });

  it('puts the previous output back as it was when taking a folder over fails', async () => {
    const { root, out, staging } = await withPreviousOutput({ 'media/a.0123456789.jpg': 'a', 'index.html': 'previous' });
    // A file the staging folder does not have: the swap fails after its first renames.
    staging.adopt({ folder: 'media', added: ['new.0123456789.jpg', 'missing.0123456789.jpg'], extras: [] });
    await expect(staging.commit()).rejects.toThrow(/ENOENT/);
    expect(await readdir(join(out, 'media'))).toEqual(['a.0123456789.jpg']);
    expect(await readFile(join(out, 'index.html'), 'utf8')).toBe('previous');
    await staging.abort();
    expect(await readdir(root)).toEqual(['dist']);
  });

  it('takes a folder of pages over: changed pages replace their files, new ones get their folders, gone ones leave none behind', async () => {
    const { root, out, staging } = await withPreviousOutput({});
    const page = (path: string) => join(out, 'de', path, 'index.html');
    for (const path of ['kept', 'changed', 'gone/deep']) {
      await mkdir(dirname(page(path)), { recursive: true });
      await writeFile(page(path), `old ${path}`);
    }
    const kept = (await stat(page('kept'))).ino;
    for (const path of ['changed', 'new/deeper']) {
      await mkdir(join(staging.dir, 'de', path), { recursive: true });
      await writeFile(join(staging.dir, 'de', path, 'index.html'), `new ${path}`);
    }
    staging.adopt({ folder: 'de', added: ['changed/index.html', 'new/deeper/index.html'], extras: ['gone/deep/index.html'] });
    await staging.commit();
    expect((await stat(page('kept'))).ino).toBe(kept);
    expect(await readFile(page('changed'), 'utf8')).toBe('new changed');
    expect(await readFile(page('new/deeper'), 'utf8')).toBe('new new/deeper');
    expect((await readdir(join(out, 'de'))).sort()).toEqual(['changed', 'kept', 'new']);
    await staging.cleanup();
    expect(await readdir(root)).toEqual(['dist']);
  });

  it('puts a folder of pages back as it was when taking it over fails half-way', async () => {
    const { root, out, staging } = await withPreviousOutput({});
    await mkdir(join(out, 'de', 'changed'), { recursive: true });
    await writeFile(join(out, 'de', 'changed', 'index.html'), 'old');
    await mkdir(join(staging.dir, 'de', 'changed'), { recursive: true });
    await writeFile(join(staging.dir, 'de', 'changed', 'index.html'), 'new');
    // The second file is not in the staging folder: the swap fails after replacing the first.
    staging.adopt({ folder: 'de', added: ['changed/index.html', 'new/index.html'], extras: [] });
    await expect(staging.commit()).rejects.toThrow(/ENOENT/);
    expect(await readdir(join(out, 'de'))).toEqual(['changed']);
    expect(await readFile(join(out, 'de', 'changed', 'index.html'), 'utf8')).toBe('old');
    await staging.abort();
    expect(await readdir(root)).toEqual(['dist']);
  });

  it('refuses to swap in an output whose taken-over folder was removed with the old output meanwhile', async () => {
    const root = await tempRoot();
    const out = join(root, 'dist');
    await mkdir(join(out, 'media'), { recursive: true });
    const staging = await createStaging(out);
    staging.adopt({ folder: 'media', added: [], extras: [] });
    await rm(out, { recursive: true });
    await expect(staging.commit()).rejects.toThrow(/was removed while the build ran/);
    await staging.abort();
    expect(await readdir(root)).toEqual([]);
  });

  it('cleans up folders left by a killed build', async () => {
    const root = await tempRoot();
    await mkdir(join(root, '.dist.staging-999999999-deadbeef'));
    const staging = await createStaging(join(root, 'dist'));
    expect((await readdir(root)).filter((name) => name.includes('999999999'))).toEqual([]);
    await staging.abort();
  });

  it('undoes what an interrupted build left: its staging folder goes, the previous output stays', async () => {
    const root = await tempRoot();
    const out = join(root, 'dist');
    await mkdir(out);
    await writeFile(join(out, 'index.html'), 'previous');
    const staging = await createStaging(out);
    await writeFile(join(staging.dir, 'index.html'), 'half');
    removeActiveStagings();
    expect(await readdir(root)).toEqual(['dist']);
    expect(await readFile(join(out, 'index.html'), 'utf8')).toBe('previous');
  });

  it('lets one build at a time write an output folder, and takes over the lock of a killed one', async () => {
    const root = await tempRoot();
    const out = join(root, 'dist');
    // A live process other than this one holds the lock: the parent of this test process.
    await writeFile(join(root, '.dist.lock'), String(process.ppid));
    await expect(createStaging(out)).rejects.toThrow(`Another hotel-site process (pid ${process.ppid}) is writing ${out}`);
    // Refused like the other --out a build cannot use: a usage error, exit 2.
    await expect(createStaging(out)).rejects.toMatchObject({ exitCode: 2 });
    await writeFile(join(root, '.dist.lock'), '999999999');
    const staging = await createStaging(out);
    await staging.abort();
    expect(await readdir(root)).toEqual([]);
  });

  it('is held by watch for as long as it runs: its own builds go through, the lock stays until it is released', async () => {
    const root = await tempRoot();
    const out = join(root, 'dist');
    const release = await holdOutput(out);
    expect(await readFile(join(root, '.dist.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid}( |$)`));
    const first = await createStaging(out);
    await first.commit();
    await first.cleanup();
    // The build's commit gave back its share; watch still holds the folder.
    expect((await readdir(root)).sort()).toEqual(['.dist.lock', 'dist']);
    release();
    expect(await readdir(root)).toEqual(['dist']);
  });
});
