import { link, mkdtemp, readFile, readdir, writeFile, mkdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import fg from 'fast-glob';
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

/** Every file below `dir` with its text. */
async function contents(dir: string): Promise<Record<string, string>> {
  const files = (await fg('**/*', { cwd: dir, dot: true })).sort();
  return Object.fromEntries(await Promise.all(files.map(async (file) => [file, await readFile(join(dir, file), 'utf8')] as const)));
}

/** Every file below `dir` with its inode. */
async function inodes(dir: string): Promise<Record<string, number>> {
  const files = (await fg('**/*', { cwd: dir, dot: true })).sort();
  return Object.fromEntries(await Promise.all(files.map(async (file) => [file, (await stat(join(dir, file))).ino] as const)));
}

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
    await staging.keep();
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

  it('moves only what changed into the previous output: unchanged files keep their inode, new ones are added, unused ones go', async () => {
    const { root, out, staging } = await withPreviousOutput({ 'media/a.0123456789.jpg': 'a', 'media/gone.0123456789.jpg': 'gone', 'robots.txt': 'same', 'sitemap.xml': 'old', 'sitemap-2.xml': 'gone' });
    const before = await inodes(out);
    await link(join(out, 'robots.txt'), join(staging.dir, 'robots.txt'));
    await writeFile(join(staging.dir, 'sitemap.xml'), 'new');
    staging.adopt({ folder: 'media', extras: ['gone.0123456789.jpg'] });
    await staging.commit({ inPlace: true });
    expect(await readdir(root)).toContain('.dist.swap-journal');
    await staging.keep();
    expect(await contents(out)).toEqual({ 'media/a.0123456789.jpg': 'a', 'media/new.0123456789.jpg': 'new', 'robots.txt': 'same', 'sitemap.xml': 'new' });
    const after = await inodes(out);
    expect([after['media/a.0123456789.jpg'], after['robots.txt']]).toEqual([before['media/a.0123456789.jpg'], before['robots.txt']]);
    expect(after['sitemap.xml']).not.toBe(before['sitemap.xml']);
    expect(await readdir(root)).toEqual(['dist']);
  });

  it('moves pages into a folder kept in place: changed pages replace their files, new ones get their folders, gone ones leave none behind', async () => {
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
    staging.adopt({ folder: 'de', extras: ['gone/deep/index.html'] });
    staging.adopt({ folder: 'media', extras: [] });
    await staging.commit({ inPlace: true });
    await staging.keep();
    expect((await stat(page('kept'))).ino).toBe(kept);
    expect(await readFile(page('changed'), 'utf8')).toBe('new changed');
    expect(await readFile(page('new/deeper'), 'utf8')).toBe('new new/deeper');
    expect((await readdir(join(out, 'de'))).sort()).toEqual(['changed', 'kept', 'new']);
    expect(await readdir(root)).toEqual(['dist']);
  });

  it('puts the previous output back as it was when a swap in place stops half-way', async () => {
    const { root, out, staging } = await withPreviousOutput({ 'media/a.0123456789.jpg': 'a', 'media/gone.0123456789.jpg': 'gone', 'index.html': 'previous' });
    await mkdir(join(staging.dir, 'de', 'new'), { recursive: true });
    await writeFile(join(staging.dir, 'de', 'new', 'index.html'), 'new');
    await writeFile(join(staging.dir, 'index.html'), 'changed');
    const before = await inodes(out);
    staging.adopt({ folder: 'media', extras: ['gone.0123456789.jpg'] });
    // Stopped after its first rename, as Ctrl-C stops it.
    await expect(staging.commit({ inPlace: true, signal: AbortSignal.abort(new Error('stopped')) })).rejects.toThrow('stopped');
    expect(await inodes(out)).toEqual(before);
    expect(await readdir(root)).not.toContain('.dist.swap-journal');
    await staging.abort();
    expect(await readdir(root)).toEqual(['dist']);
  });

  it('undoes a swap in place that a killed build left half done, as its journal says, before anything else', async () => {
    const root = await tempRoot();
    const out = join(root, 'dist');
    const [staging, aside] = ['.dist.staging-999999999-deadbeef', '.dist.aside-999999999-deadbeef'].map((name) => join(root, name)) as [string, string];
    // Before: index.html "previous", de/gone/index.html. The swap moved de/gone aside, index.html
    // aside and the new one in, de/new/index.html in; it was killed before moving media/new.0123456789.jpg.
    await mkdir(join(out, 'de', 'new'), { recursive: true });
    await mkdir(join(aside, 'de', 'gone'), { recursive: true });
    await mkdir(join(staging, 'media'), { recursive: true });
    await writeFile(join(aside, 'de', 'gone', 'index.html'), 'gone');
    await writeFile(join(aside, 'index.html'), 'previous');
    await writeFile(join(out, 'index.html'), 'changed');
    await writeFile(join(out, 'de', 'new', 'index.html'), 'new');
    await writeFile(join(staging, 'media', 'new.0123456789.jpg'), 'new');
    const journal = { pid: 999999999, staging: basename(staging), aside: basename(aside), put: ['index.html', 'de/new/index.html', 'media/new.0123456789.jpg'], replaced: ['index.html'], removed: ['de/gone/index.html'], folders: ['de/new', 'media'] };
    await writeFile(join(root, '.dist.swap-journal'), JSON.stringify(journal));
    const warnings: string[] = [];
    const next = await createStaging(out, { warn: (message) => warnings.push(message) });
    expect(await contents(out)).toEqual({ 'index.html': 'previous', 'de/gone/index.html': 'gone' });
    expect(warnings).toEqual([expect.stringMatching(/pid 999999999\) was stopped during its swap .* undone/)]);
    await next.abort();
    expect(await readdir(root)).toEqual(['dist']);
  });

  it('refuses to swap in place into an output folder removed while the build ran', async () => {
    const root = await tempRoot();
    const out = join(root, 'dist');
    await mkdir(join(out, 'media'), { recursive: true });
    const staging = await createStaging(out);
    staging.adopt({ folder: 'media', extras: [] });
    await rm(out, { recursive: true });
    await expect(staging.commit({ inPlace: true })).rejects.toThrow(/was removed while the build ran/);
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

  it('runs what was asked when the swap is undone after the commit (a second Ctrl-C while the record is saved), never after keep', async () => {
    const root = await tempRoot();
    const out = join(root, 'dist');
    await mkdir(out);
    await writeFile(join(out, 'index.html'), 'previous');
    const undone: string[] = [];
    const first = await createStaging(out);
    await writeFile(join(first.dir, 'index.html'), 'new');
    await first.commit();
    first.whenUndone(() => undone.push('record forgotten'));
    removeActiveStagings();
    expect(undone).toEqual(['record forgotten']);
    expect(await readFile(join(out, 'index.html'), 'utf8')).toBe('previous');

    const second = await createStaging(out);
    await writeFile(join(second.dir, 'index.html'), 'kept');
    await second.commit();
    second.whenUndone(() => undone.push('too late'));
    await second.keep();
    removeActiveStagings();
    await second.abort();
    expect(undone).toEqual(['record forgotten']);
    expect(await readFile(join(out, 'index.html'), 'utf8')).toBe('kept');
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
    await first.keep();
    await first.cleanup();
    // The build's commit gave back its share; watch still holds the folder.
    expect((await readdir(root)).sort()).toEqual(['.dist.lock', 'dist']);
    release();
    expect(await readdir(root)).toEqual(['dist']);
  });
});
