// site/output/write-pages.ts: every page's folder exists before the pages are written, made from
// the page list alone; a build that keeps its heap tight collects it once as rendering starts.
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from '../../../site/model/page-model';
import type { ClientBundle } from '../../../site/output/client-bundle';
import { makePageFolders, writePages } from '../../../site/output/write-pages';
import type { SiteData } from '../../../site/render/site-data';
import { relaxHeap, tightenHeap } from '../../../site/stages/heap';
import { watchMajorCollections } from '../../helpers/major-collections';

const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

const pages = (...hrefs: string[]) => hrefs.map((href) => ({ href }) as Page);

describe('makePageFolders', () => {
  it('makes each page folder and its parents, and none for error pages beyond their language', async () => {
    const out = await mkdtemp(join(tmpdir(), 'page-folders-'));
    roots.push(out);
    // An existing folder (the island settings' assets/, a language folder) is no error.
    await mkdir(join(out, 'de'));
    await makePageFolders(out, pages('/de/', '/de/uebernachten/turmzimmer/', '/de/uebernachten/', '/de/neu%C3%9Fe/', '/en/404.html', '/en/stay/tower-room/'));
    expect((await readdir(out)).sort()).toEqual(['de', 'en']);
    expect((await readdir(join(out, 'de'))).sort()).toEqual(['neuße', 'uebernachten']);
    expect(await readdir(join(out, 'de', 'uebernachten'))).toEqual(['turmzimmer']);
    expect(await readdir(join(out, 'en'))).toEqual(['stay']);
    expect((await stat(join(out, 'en', 'stay', 'tower-room'))).isDirectory()).toBe(true);
  });

  it('refuses a page whose file would land outside the output folder', async () => {
    const out = await mkdtemp(join(tmpdir(), 'page-folders-'));
    roots.push(out);
    await expect(makePageFolders(out, pages('/de/%2e%2e/%2e%2e/etc/'))).rejects.toThrow(/outside/);
  });
});

describe('writePages', () => {
  afterEach(() => relaxHeap());

  it('collects the heap once before rendering in a tight heap, and not in a heap left to V8', async () => {
    const out = await mkdtemp(join(tmpdir(), 'page-folders-'));
    roots.push(out);
    const { majors, first, stop } = watchMajorCollections();
    const write = () => writePages({ outDir: out, pages: [], bundle: {} as ClientBundle }, { sites: new Map(), data: {} as SiteData });
    try {
      // A build that reuses the previous output renders in the heap V8 chose.
      expect((await write()).pages).toBe(0);
      tightenHeap();
      await write();
      await first;
      expect(majors).toHaveLength(1);
    } finally {
      stop();
    }
  });
});
