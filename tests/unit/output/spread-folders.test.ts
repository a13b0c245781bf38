// site/output/spread-folders.ts: a folder a build fills may be spread over the disk (ext4's `T`
// attribute), and the folders right below it are made under a random name and renamed, so that the
// disk places them away from a removed copy of the same name. Either way the folder is made, an
// existing one is left as it is, and nothing of the random names is left behind.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSpreadFolder, spreadBelow } from '../../../site/output/spread-folders';

describe('spread folders', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hotel-site-spread-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('makes the folder under its own name and leaves no other name behind', async () => {
    await Promise.all(['de', 'en'].map((name) => makeSpreadFolder(dir, name)));
    expect((await readdir(dir)).sort()).toEqual(['de', 'en']);
  });

  it('leaves a folder that is there as it is', async () => {
    await mkdir(join(dir, 'de'));
    await writeFile(join(dir, 'de', 'index.html'), 'kept');
    await makeSpreadFolder(dir, 'de');
    expect(await readdir(join(dir, 'de'))).toEqual(['index.html']);
    expect(await readdir(dir)).toEqual(['de']);
  });

  it('marks the folder where the file system takes the attribute, and changes nothing where it does not', async () => {
    spreadBelow(dir);
    await makeSpreadFolder(dir, 'media');
    expect(await readdir(dir)).toEqual(['media']);
    // Where the attribute can be read (ext4 with lsattr), it is set.
    const lsattr = existsSync('/usr/bin/lsattr') ? spawnSync('/usr/bin/lsattr', ['-d', dir], { encoding: 'utf8' }) : null;
    if (lsattr?.status === 0) expect(lsattr.stdout.split(' ')[0]).toContain('T');
  });
});
