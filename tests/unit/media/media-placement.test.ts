// Where each media file goes (site/media/media-placement.ts): the previous output's media folder is
// taken over at the swap with the files new to it, unless there are too many of them; then every
// file this build uses, the ones the previous folder holds included, is linked into its own folder.
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MediaPlacement } from '../../../site/media/media-placement';

let dir: string;
let previous: string;
let mediaDir: string;
let source: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'media-placement-'));
  previous = join(dir, 'previous');
  mediaDir = join(dir, 'staging', 'media');
  source = join(dir, 'body');
  await mkdir(previous);
  await mkdir(mediaDir, { recursive: true });
  await writeFile(source, 'new body');
  for (const name of ['kept.1111111111.png', 'taken.2222222222.png', 'unused.3333333333.png']) await writeFile(join(previous, name), name);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('MediaPlacement', () => {
  it('takes the previous folder over, whether a name it holds was placed at once or later, and names the files no longer used', async () => {
    const placement = new MediaPlacement(mediaDir, previous, pLimit(4));
    expect(placement.placeFromPrevious('kept.1111111111.png')).toBe(false);
    await placement.listed;
    expect(placement.placeFromPrevious('kept.1111111111.png')).toBe(true);
    expect(placement.placeFromPrevious('new.4444444444.png')).toBe(false);
    await placement.place('taken.2222222222.png', source);
    await placement.place('new.4444444444.png', source);
    await placement.settled();
    expect(await readdir(mediaDir)).toEqual(['new.4444444444.png']);
    expect(await placement.adoption()).toEqual({ folder: 'media', extras: ['unused.3333333333.png'] });
  });

  it('links every file it uses into its own folder, those of the previous folder too, past the new files the swap may move', async () => {
    const placement = new MediaPlacement(mediaDir, previous, pLimit(4));
    await placement.listed;
    placement.placeFromPrevious('kept.1111111111.png');
    await placement.place('taken.2222222222.png', source);
    const added = Array.from({ length: 1_001 }, (_, i) => `new-${i}.${String(i).padStart(10, '0')}.png`);
    for (const name of added) await placement.place(name, source);
    expect(await placement.adoption()).toBeNull();
    expect((await readdir(mediaDir)).sort()).toEqual([...added, 'kept.1111111111.png', 'taken.2222222222.png'].sort());
    expect((await stat(join(mediaDir, 'kept.1111111111.png'))).ino).toBe((await stat(join(previous, 'kept.1111111111.png'))).ino);
  });

  it('knows no previous folder when there is none', async () => {
    const placement = new MediaPlacement(mediaDir, null, pLimit(4));
    await placement.listed;
    expect(placement.placeFromPrevious('kept.1111111111.png')).toBe(false);
    expect(await placement.adoption()).toBeNull();
  });
});
