import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetRecord, saveRecord, type BuildRecord } from '../../../site/incremental/build-record';
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
