import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sourceVersion } from '../../../site/incremental/code-version';

const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

async function project(): Promise<{ root: string; cache: string }> {
  const root = await mkdtemp(join(tmpdir(), 'code-version-'));
  roots.push(root);
  await mkdir(join(root, 'templates'));
  await mkdir(join(root, 'site', 'cms'), { recursive: true });
  await writeFile(join(root, 'templates', 'Page.tsx'), 'export const a = 1;');
  await writeFile(join(root, 'site', 'build.ts'), 'export {};');
  await writeFile(join(root, 'site', 'cms', 'server.ts'), 'export {};');
  await writeFile(join(root, 'package.json'), '{}');
  return { root, cache: join(root, 'cache') };
}

describe('sourceVersion', () => {
  it('is kept with the stamps of its sources, and made anew when a source changes, appears or goes', async () => {
    const { root, cache } = await project();
    const first = await sourceVersion(root, cache, 0);
    expect(existsSync(join(cache, 'code-version.json'))).toBe(true);
    expect(await sourceVersion(root, cache, 0)).toBe(first);
    // A kept version is used as it is, while every stamp is the same.
    const kept = JSON.parse(await readFile(join(cache, 'code-version.json'), 'utf8')) as { stamp: string };
    await writeFile(join(cache, 'code-version.json'), JSON.stringify({ stamp: kept.stamp, version: 'kept' }));
    expect(await sourceVersion(root, cache, 0)).toBe('kept');
    // The backend is not part of the generator's version.
    await writeFile(join(root, 'site', 'cms', 'server.ts'), 'export const changed = true;');
    expect(await sourceVersion(root, cache, 0)).toBe('kept');
    // Same size, same modification time: the change time still differs.
    await writeFile(join(root, 'templates', 'Page.tsx'), 'export const a = 2;');
    await utimes(join(root, 'templates', 'Page.tsx'), 1_000_000, 1_000_000);
    const edited = await sourceVersion(root, cache, 0);
    expect(edited).not.toBe('kept');
    expect(edited).not.toBe(first);
    await writeFile(join(root, 'templates', 'Extra.tsx'), 'export {};');
    const added = await sourceVersion(root, cache, 0);
    expect(added).not.toBe(edited);
    await rm(join(root, 'templates', 'Extra.tsx'));
    expect(await sourceVersion(root, cache, 0)).toBe(edited);
  });

  it('is not kept while a source changed within the racy window, and a damaged kept file is ignored', async () => {
    const { root, cache } = await project();
    const made = await sourceVersion(root, cache, 60_000);
    expect(existsSync(join(cache, 'code-version.json'))).toBe(false);
    await mkdir(cache, { recursive: true });
    await writeFile(join(cache, 'code-version.json'), '{"stamp":');
    expect(await sourceVersion(root, cache, 0)).toBe(made);
    expect(JSON.parse(await readFile(join(cache, 'code-version.json'), 'utf8'))).toMatchObject({ version: made });
  });
});
