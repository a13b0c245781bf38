// site/stages/8-extras.ts as preview and watch run it, with a driver memo: the sitemap is written
// once per set of entries, and written again from the last urlset's unchanged elements with the
// bytes a write from scratch gives.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../site/config/resolve-config';
import { NormalizeMemo } from '../../../site/content/normalize-memo';
import { silentReporter } from '../../../site/reporter';
import { buildRouteMap } from '../../../site/routes/route-map';
import { extras } from '../../../site/stages/8-extras';
import { stageContext, type DriverMemo } from '../../../site/stages/stage';
import { byLocale, item } from '../../helpers/items';
import { siteConfig } from '../../helpers/site-config';

const config = resolveConfig(siteConfig(), {}, {});
const pagesOf = (changed: (i: number) => number) =>
  buildRouteMap(byLocale(Array.from({ length: 5 }, (_, i) => ({ ...item(300 + i, 'de', 'accommodation', `/de/uebernachten/zimmer-${i}`), changed: changed(i) }))), ['de', 'en']).pages;

describe('extras with a driver memo', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hotel-site-extras-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const run = async (outDir: string, memo: DriverMemo | null, pages: ReturnType<typeof pagesOf>) => {
    await extras.run(stageContext({ config, reporter: silentReporter, warn: () => {}, outDir, memo }), { pages });
    return readFile(join(outDir, 'sitemap.xml'), 'utf8');
  };

  it('writes the sitemap once per set of entries, and again from the last one with the bytes of a write from scratch', async () => {
    const memo: DriverMemo = { normalize: new NormalizeMemo(), sitemap: null };
    const before = pagesOf(() => 1_700_000_000);
    const first = await run(dir, memo, before);
    const written = (await stat(join(dir, 'sitemap.xml'))).mtimeMs;
    expect(memo.sitemap?.urlset?.xml).toBe(first);

    await run(dir, memo, before);
    expect((await stat(join(dir, 'sitemap.xml'))).mtimeMs).toBe(written);

    // The remembered urlset's elements are marked: the ones taken from it come through marked.
    const last = memo.sitemap!.urlset!;
    memo.sitemap = { ...memo.sitemap!, urlset: { ...last, xml: last.xml.replaceAll('<changefreq>', '<changefreq >') } };
    const after = pagesOf((i) => (i === 2 ? 1_800_000_000 : 1_700_000_000));
    const again = await run(dir, memo, after);
    const scratch = await mkdtemp(join(tmpdir(), 'hotel-site-extras-scratch-'));
    try {
      expect(again).toContain('<changefreq >');
      expect(again.replaceAll('<changefreq >', '<changefreq>')).toBe(await run(scratch, null, after));
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    expect(again).not.toBe(first);
    expect(memo.sitemap?.urlset?.xml).toBe(again);
  });
});
