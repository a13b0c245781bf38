import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetRecord, recordedOutput, saveRecord, type BuildRecord } from '../../../site/incremental/build-record';
import { cacheFile } from '../../../site/incremental/cache-file';

const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

describe('forgetRecord', () => {
  it("removes the saved record of that output folder only, and is quiet when there is none", async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'build-record-'));
    roots.push(cacheDir);
    const [dist, other] = ['/srv/site/dist', '/srv/site/other'];
    await saveRecord(cacheDir, { outDir: dist } as BuildRecord);
    await saveRecord(cacheDir, { outDir: other } as BuildRecord);
    forgetRecord(cacheDir, dist);
    expect(existsSync(cacheFile(cacheDir, 'builds', dist))).toBe(false);
    expect(existsSync(cacheFile(cacheDir, 'builds', other))).toBe(true);
    expect(() => forgetRecord(cacheDir, dist)).not.toThrow();
  });
});

describe('a record read back', () => {
  const outDir = '/srv/site/dist';
  const record = (change: (record: BuildRecord) => void = () => {}): BuildRecord => {
    const made = {
      version: 4, code: 'c', endpoint: 'https://cms.example/graphql', config: 'k', outDir, outIno: 7, fullAt: 1, builtAt: 2,
      pages: { '/de/': { file: 'de/index.html', hash: 'h', deps: [] } }, jsPerPageType: {}, content: null, stableUntil: 3,
      summary: { incomplete: false, pages: 1, perLocale: { de: 1 }, mediaFiles: 0, stylesheetGzipBytes: 10 },
      assets: { assets: { stylesheet: '/assets/site.12345678.css' }, stylesheet: { gzipBytes: 10 }, client: { files: [] }, publicFiles: [], files: ['assets/site.12345678.css'] },
      sitemap: { key: 's', files: ['sitemap.xml'], keys: ['k1', 'k2'] },
    } as unknown as BuildRecord;
    change(made);
    return made;
  };
  const readBack = async (saved: BuildRecord) => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'build-record-'));
    roots.push(cacheDir);
    await saveRecord(cacheDir, saved);
    return recordedOutput(cacheDir, outDir, 7);
  };

  it('is used as it was saved', async () => {
    expect(await readBack(record())).toEqual(record());
  });

  it('is not used when a file it names could lead out of the output folder', async () => {
    expect(await readBack(record((made) => (made.pages['/de/']!.file = 'de/../../etc/index.html')))).toBeNull();
    expect(await readBack(record((made) => (made.pages['/de/']!.file = '../index.html')))).toBeNull();
    expect(await readBack(record((made) => (made.assets.files = ['assets/..'])))).toBeNull();
    expect(await readBack(record((made) => (made.sitemap = { key: 's', files: ['../sitemap.xml'], keys: null })))).toBeNull();
    expect(await readBack(record((made) => (made.sitemap = { key: 's', files: ['de/index.html'], keys: null })))).toBeNull();
    expect(await readBack(record((made) => (made.pages['/de/']!.file = 'de/..hidden/index.html')))).not.toBeNull();
  });
});
