// Incremental builds (docs/incremental.md): after any sequence of CMS edits, a build that reuses the
// previous output is byte-identical to a full build of the same content, and every file whose
// content did not change is still the previous file (same inode, same mtime).
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';
import { openFixtureWorkspace, type FixtureWorkspace } from '../helpers/fixture-workspace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../site/build';
import type { ResolvedConfig } from '../../site/config/define-config';
import { fixtures } from '../../site/cms/fixtures/index';
import type { FixtureNode, FixtureSet } from '../../site/cms/fixtures/types';
import { startContentBackend, type ContentBackend } from '../../site/cms/server';
import { mulberry32 } from '../../site/cms/synthetic';
import { silentReporter } from '../../site/reporter';
import { runCli } from '../helpers/cli';

const NOW = new Date('2026-11-20T10:00:00Z');
let work: string;
let backend: ContentBackend;
let config: ResolvedConfig;

let workspace: FixtureWorkspace | undefined;

beforeAll(async () => {
  workspace = await openFixtureWorkspace('hotel-site-incremental-');
  ({ work, backend, config } = workspace);
});

afterAll(async () => {
  await workspace?.close();
});

function buildInto(out: string, cache: string, full = false, overrides: Partial<ResolvedConfig> = {}): Promise<BuildResult> {
  return build({ config: { ...config, cacheDir: join(work, cache), ...overrides }, outDir: join(work, out), reporter: silentReporter, now: NOW, full });
}

/** A body with an inline image added: one media URL (an image field would add its derivatives). */
function withImage<Body extends { value: string }>(body: Body, src: string): Body {
  return { ...body, value: `${body.value}<p><img src="${src}" alt="" width="10" height="10"></p>`, processed: undefined };
}

type Tree = Map<string, { bytes: Buffer; ino: number; mtimeMs: number }>;

async function tree(out: string): Promise<Tree> {
  const root = join(work, out);
  const files = (await fg('**/*', { cwd: root, dot: true })).sort();
  const entries = await Promise.all(files.map(async (file) => {
    const [bytes, stats] = await Promise.all([readFile(join(root, file)), stat(join(root, file))]);
    return [file, { bytes, ino: stats.ino, mtimeMs: stats.mtimeMs }] as const;
  }));
  return new Map(entries);
}

function expectSameBytes(incremental: Tree, full: Tree): void {
  expect([...incremental.keys()]).toEqual([...full.keys()]);
  const differing = [...incremental].filter(([file, entry]) => !entry.bytes.equals(full.get(file)!.bytes)).map(([file]) => file);
  expect(differing).toEqual([]);
}

/** A save's `changed` stamp: Drupal sets the time of the save, so the edited item is the newest. */
let clock = 2_000_000_000;
const saved = () => ++clock;

type Edit = (content: FixtureSet, pick: <T>(list: T[]) => T) => string;
const published = (content: FixtureSet) => content.nodes.filter((node) => node.de.status);
const EDITS: Edit[] = [
  (content, pick) => {
    const node = pick(published(content));
    node.de.title = `${node.de.title} (neu)`;
    node.changed = saved();
    return `title of nid ${node.nid}`;
  },
  (content, pick) => {
    const node = pick(published(content).filter((candidate) => candidate.en?.status));
    node.en!.status = false;
    node.changed = saved();
    return `unpublished en of nid ${node.nid}`;
  },
  (content, pick) => {
    const node = pick(content.nodes.filter((candidate) => !['landing_page', 'page'].includes(candidate.type)));
    content.nodes.splice(content.nodes.indexOf(node), 1);
    return `deleted nid ${node.nid}`;
  },
  (content, pick) => {
    const node = pick(published(content).filter((candidate) => candidate.en));
    const { en } = node;
    delete node.en;
    node.changed = saved();
    removedTranslations.push({ node, en: en! });
    return `removed the translation of nid ${node.nid}`;
  },
  (content) => {
    const back = removedTranslations.shift();
    if (!back || !content.nodes.includes(back.node)) return 'nothing to translate again';
    back.node.en = back.en;
    back.node.changed = saved();
    return `a new translation of nid ${back.node.nid}`;
  },
  (content, pick) => {
    const node = pick(published(content).filter((candidate) => candidate.de.body));
    node.de.body = { ...node.de.body!, value: `${node.de.body!.value}<p>Neu seit heute.</p>`, processed: undefined };
    node.changed = saved();
    return `body of nid ${node.nid}`;
  },
];
const removedTranslations: { node: FixtureNode; en: NonNullable<FixtureNode['en']> }[] = [];

describe('incremental build', () => {
  it('is byte-identical to a full build after random edit sequences, and keeps unchanged files as they were', async () => {
    const content = structuredClone(fixtures);
    const first = await buildInto('inc', 'cache-inc');
    expect(first.fullReason).toMatch(/no earlier build/);

    // Nothing changed: nothing rendered, every file the previous one.
    const before = await tree('inc');
    const again = await buildInto('inc', 'cache-inc');
    expect(again.pages).toMatchObject({ rendered: 0, unchanged: again.pages.total, total: first.pages.total });
    // Only the list versions and the menus were asked for; they are what the last build saw, so
    // nothing else was read, fetched or written.
    expect(again.upToDate).toBe(true);
    expect(again.requests).toBe(2 * config.locales.all.length);
    const after = await tree('inc');
    for (const [file, entry] of after) expect({ file, ino: entry.ino, mtimeMs: entry.mtimeMs }).toEqual({ file, ino: before.get(file)!.ino, mtimeMs: before.get(file)!.mtimeMs });

    // One body edit: the item's page and the pages that list it, nothing else. (A room among the
    // first three of its list would also change every room page: they show those as related.)
    const rooms = published(content).filter((node) => node.type === 'accommodation' && node.de.body);
    const room = rooms.sort((a, b) => a.shared.fieldWeight - b.shared.fieldWeight || a.de.title.localeCompare(b.de.title)).at(-1)!;
    room.de.body = { ...room.de.body!, value: `${room.de.body!.value}<p>Frisch renoviert.</p>`, processed: undefined };
    room.changed = saved();
    backend.replaceFixtures(structuredClone(content));
    const edited = await buildInto('inc', 'cache-inc');
    expect(edited.pages.rendered).toBeGreaterThanOrEqual(1);
    expect(edited.pages.rendered).toBeLessThan(4);
    expect(await readFile(join(work, 'inc', room.de.path.slice(1), 'index.html'), 'utf8')).toContain('Frisch renoviert.');

    // One title edit: the item's page, the pages that show its title and the menu page; the menus
    // of all other pages hold no items (docs/menu.md), so they are kept.
    room.de.title = `${room.de.title} im Westflügel`;
    room.changed = saved();
    backend.replaceFixtures(structuredClone(content));
    const faq = await stat(join(work, 'inc', 'de/faq/index.html'));
    const retitled = await buildInto('inc', 'cache-inc');
    expect(retitled.pages.rendered).toBeLessThan(8);
    expect(await readFile(join(work, 'inc', 'de/navigation/index.html'), 'utf8')).toContain(`>${room.de.title}</a>`);
    expect((await stat(join(work, 'inc', 'de/faq/index.html'))).ino).toBe(faq.ino);

    const next = mulberry32(20261125);
    const pick = <T,>(list: T[]): T => list[Math.floor(next() * list.length)]!;
    for (let round = 0; round < 4; round++) {
      const applied = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(EDITS)(content, pick));
      backend.replaceFixtures(structuredClone(content));
      const previous = await tree('inc');
      const incremental = await buildInto('inc', 'cache-inc');
      const full = await buildInto(`full-${round}`, 'cache-full', true);
      expect(incremental.fullReason, applied.join(', ')).toBeNull();
      expect(full.fullReason).toBe('--full');
      const [incrementalTree, fullTree] = await Promise.all([tree('inc'), tree(`full-${round}`)]);
      expectSameBytes(incrementalTree, fullTree);
      // No folder left behind by a page that went (taken-over folders lose their emptied ones).
      const folders = (out: string) => fg.sync('**/*', { cwd: join(work, out), onlyDirectories: true, dot: true }).sort();
      expect(folders('inc'), applied.join(', ')).toEqual(folders(`full-${round}`));
      // Whatever did not change is the previous file, untouched.
      const touched = [...incrementalTree].filter(([file, entry]) => {
        const old = previous.get(file);
        return old?.bytes.equals(entry.bytes) && (old.ino !== entry.ino || old.mtimeMs !== entry.mtimeMs);
      });
      expect(touched.map(([file]) => file), applied.join(', ')).toEqual([]);
    }
  }, 240_000);

  it('takes the stylesheet, scripts and public files from the previous output, and makes them anew when one is gone', async () => {
    const content = structuredClone(fixtures);
    backend.replaceFixtures(structuredClone(content));
    await buildInto('assets', 'cache-assets');
    const before = await tree('assets');
    const assetFiles = [...before.keys()].filter((file) => /^assets\/.+\.(css|js)$/.test(file) || file === 'favicon.svg');
    expect(assetFiles.length).toBeGreaterThan(3);
    const room = published(content).find((node) => node.type === 'accommodation')!;
    room.de.title = `${room.de.title} (renoviert)`;
    room.changed = saved();
    backend.replaceFixtures(structuredClone(content));
    const details = new Map<string, string | undefined>();
    await build({
      config: { ...config, cacheDir: join(work, 'cache-assets') }, outDir: join(work, 'assets'), now: NOW,
      reporter: { ...silentReporter, stageDone: (name, _ms, detail) => details.set(name, detail) },
    });
    expect(details.get('assets')).toBe('as the last build wrote them');
    const after = await tree('assets');
    for (const file of assetFiles) expect({ file, ino: after.get(file)?.ino }).toEqual({ file, ino: before.get(file)!.ino });

    // A file of them removed by hand: all are made again, as a full build makes them.
    const script = assetFiles.find((file) => /^assets\/main\..+\.js$/.test(file))!;
    await rm(join(work, 'assets', script));
    room.de.title = `${room.de.title} und erweitert`;
    room.changed = saved();
    backend.replaceFixtures(structuredClone(content));
    await buildInto('assets', 'cache-assets');
    await buildInto('assets-full', 'cache-assets-full', true);
    expectSameBytes(await tree('assets'), await tree('assets-full'));
    backend.replaceFixtures(structuredClone(fixtures));
  }, 120_000);

  it('takes the sitemap from the previous output while it would list the same pages, and writes it when a page moved', async () => {
    const content = structuredClone(fixtures);
    backend.replaceFixtures(structuredClone(content));
    await buildInto('sitemap', 'cache-sitemap');
    const room = published(content).find((node) => node.type === 'accommodation')!;
    const rebuild = async (edit: () => void) => {
      edit();
      room.changed = saved();
      backend.replaceFixtures(structuredClone(content));
      const details = new Map<string, string | undefined>();
      await build({
        config: { ...config, cacheDir: join(work, 'cache-sitemap') }, outDir: join(work, 'sitemap'), now: NOW,
        reporter: { ...silentReporter, stageDone: (name, _ms, detail) => details.set(name, detail) },
      });
      await buildInto('sitemap-full', 'cache-sitemap-full', true);
      expectSameBytes(await tree('sitemap'), await tree('sitemap-full'));
      return details.get('extras');
    };
    // The first save moves the room's lastmod to the day of the save; a second one that day does not.
    expect(await rebuild(() => (room.de.title = `${room.de.title} (renoviert)`))).toBe('');
    const written = (await stat(join(work, 'sitemap', 'sitemap.xml'))).ino;
    expect(await rebuild(() => (room.de.title = `${room.de.title} und erweitert`))).toBe('sitemap as the last build wrote it');
    expect((await stat(join(work, 'sitemap', 'sitemap.xml'))).ino).toBe(written);
    expect(await rebuild(() => (room.de.path = `${room.de.path}-neu`))).toBe('');
    expect(await readFile(join(work, 'sitemap', 'sitemap.xml'), 'utf8')).toContain(`${room.de.path}/</loc>`);
    backend.replaceFixtures(structuredClone(fixtures));
  }, 120_000);

  it('is not up to date when only the menus changed, or when time has passed an upcoming event or the year', async () => {
    const content = structuredClone(fixtures);
    backend.replaceFixtures(structuredClone(content));
    await buildInto('clock', 'cache-clock');
    expect((await buildInto('clock', 'cache-clock')).upToDate).toBe(true);
    // Later the same day: no event has passed.
    expect((await build({ config: { ...config, cacheDir: join(work, 'cache-clock') }, outDir: join(work, 'clock'), reporter: silentReporter, now: new Date(NOW.getTime() + 3_600_000) })).upToDate).toBe(true);
    const later = await build({ config: { ...config, cacheDir: join(work, 'cache-clock') }, outDir: join(work, 'clock'), reporter: silentReporter, now: new Date('2027-06-01T10:00:00Z') });
    expect(later.upToDate).toBe(false);
    expect(later.pages.rendered).toBeGreaterThan(0);
    // The menus have no version: an order only they show (a weight saved without a new `changed`).
    await buildInto('clock', 'cache-clock');
    const room = content.nodes.find((node) => node.type === 'accommodation' && node.de.status)!;
    room.shared.fieldWeight = -1000;
    backend.replaceFixtures(structuredClone(content));
    const reordered = await buildInto('clock', 'cache-clock');
    expect(reordered.upToDate).toBe(false);
    backend.replaceFixtures(structuredClone(fixtures));
  }, 120_000);

  it('reuses what a build in another process kept: one edit renders a few pages, byte-identical to a full build', async () => {
    // Each CLI run is a process of its own, with its own media-token nonce (site/media/media-refs.ts).
    const content = structuredClone(fixtures);
    backend.replaceFixtures(structuredClone(content));
    const cli = (out: string, cache: string, ...extra: string[]) =>
      runCli(['build', '--endpoint', backend.endpoint, '--out', join(work, out), '--cache-dir', join(work, cache), ...extra], { timeoutMs: 110_000 });
    const first = await cli('cli', 'cache-cli');
    expect(first.code, first.stderr).toBe(0);
    const rooms = published(content).filter((node) => node.type === 'accommodation' && node.de.body);
    const room = rooms.sort((a, b) => a.shared.fieldWeight - b.shared.fieldWeight || a.de.title.localeCompare(b.de.title)).at(-1)!;
    room.de.body = { ...room.de.body!, value: `${room.de.body!.value}<p>Frisch gestrichen.</p>`, processed: undefined };
    room.changed = saved();
    backend.replaceFixtures(structuredClone(content));
    const edited = await cli('cli', 'cache-cli');
    expect(edited.code, edited.stderr).toBe(0);
    expect(Number(/rendered\s+(\d+) pages/.exec(edited.stdout)?.[1])).toBeLessThan(4);
    // Only the edited room's list was fetched again.
    const [, kept, total] = /(\d+) of (\d+) content lists unchanged, not fetched/.exec(edited.stdout) ?? [];
    expect(Number(kept)).toBe(Number(total) - 1);
    const full = await cli('cli-full', 'cache-cli-full', '--full');
    expect(full.code, full.stderr).toBe(0);
    expectSameBytes(await tree('cli'), await tree('cli-full'));
    backend.replaceFixtures(structuredClone(fixtures));
  }, 240_000);

  it('remembers dead media references: the build that left only them out is up to date, says each once, asks again when they are old, with --full, or when their item changes', async () => {
    const content = structuredClone(fixtures);
    const room = content.nodes.find((node) => node.type === 'accommodation' && node.de.status && node.de.body);
    const other = content.nodes.find((node) => !['accommodation', 'landing_page', 'page'].includes(node.type) && node.de.status && node.de.body);
    room!.de.body = withImage(room!.de.body!, '/media/fehlt-1.jpg');
    other!.de.body = withImage(other!.de.body!, '/media/fehlt-2.jpg');
    backend.replaceFixtures(structuredClone(content));
    const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);
    const run = (now: Date, full = false) => build({ config: { ...config, cacheDir: join(work, 'cache-dead') }, outDir: join(work, 'dead'), reporter: silentReporter, now, full });
    const asked = async () => {
      const { failures } = JSON.parse(await readFile(join(work, 'cache-dead', 'media', 'manifest.json'), 'utf8')) as { failures: Record<string, { answer: string; since: number; askedAt: number }> };
      return Object.fromEntries(Object.entries(failures).map(([url, failure]) => [url.replace(backend.origin, ''), failure]));
    };

    const first = await run(NOW);
    expect(first.media).toMatchObject({ failed: 2, permanent: 2 });
    expect(first.warnings.filter((line) => line.includes('/media/fehlt-'))).toEqual([
      expect.stringMatching(/fehlt-1\.jpg .*left out since 2026-11-20: HTTP 404$/),
      expect.stringMatching(/fehlt-2\.jpg .*left out since 2026-11-20: HTTP 404$/),
    ]);
    const before = await tree('dead');
    const second = await run(at(1));
    expect(second.upToDate).toBe(true);
    expect(second.bytesWritten).toBe(0);
    expect(second.warnings).toEqual([expect.stringMatching(/^media: 2 files left out as before, .* since 2026-11-20/)]);
    const after = await tree('dead');
    expect([...after].filter(([file, entry]) => entry.ino !== before.get(file)?.ino || entry.mtimeMs !== before.get(file)?.mtimeMs)).toEqual([]);
    expect(after.size).toBe(before.size);

    // Older than cacheMaxAgeHours (24): asked again, and still said only as a count.
    const old = await run(at(25));
    expect(old.upToDate).toBe(false);
    expect(old.warnings.filter((line) => line.includes('media'))).toEqual([expect.stringMatching(/^media: 2 files left out as before/)]);
    expect(await asked()).toEqual({
      '/media/fehlt-1.jpg': { answer: 'HTTP 404', since: NOW.getTime(), askedAt: at(25).getTime() },
      '/media/fehlt-2.jpg': { answer: 'HTTP 404', since: NOW.getTime(), askedAt: at(25).getTime() },
    });
    expect((await run(at(25))).upToDate).toBe(true);
    await run(at(26), true);
    expect(Object.values(await asked()).map((failure) => failure.askedAt)).toEqual([at(26).getTime(), at(26).getTime()]);

    // The room changed: its file is asked again (the unit tests show an unchanged item's is not).
    room!.de.title = `${room!.de.title} neu`;
    room!.changed = saved();
    backend.replaceFixtures(structuredClone(content));
    const edited = await run(at(27));
    expect(edited.upToDate).toBe(false);
    expect(edited.fullReason).toBeNull();
    expect((await asked())['/media/fehlt-1.jpg']!.askedAt).toBe(at(27).getTime());
    backend.replaceFixtures(structuredClone(fixtures));
  }, 180_000);

  it('is never up to date after a build that left media out for a passing failure (503): they are tried again', async () => {
    const content = structuredClone(fixtures);
    const room = content.nodes.find((node) => node.type === 'accommodation' && node.de.status && node.de.body)!;
    room.de.body = withImage(room.de.body!, '/media/belegt.jpg');
    const busy = await startContentBackend({ fixtures: content, mediaStatus: { 'belegt.jpg': 503 } });
    try {
      const run = () => build({ config: { ...config, content: { ...config.content, endpoint: busy.endpoint }, cacheDir: join(work, 'cache-busy') }, outDir: join(work, 'busy'), reporter: silentReporter, now: NOW });
      const first = await run();
      expect(first.media).toMatchObject({ failed: 1, permanent: 0 });
      expect(first.warnings).toEqual([expect.stringMatching(/belegt\.jpg .*left out: HTTP 503/)]);
      // Not up to date: the file is asked again. Every other file comes from the cache, so the host
      // gave no answer in this build but 503s, and the build stops rather than publish without it.
      await expect(run()).rejects.toThrow(/media host .* could not be reached: HTTP 503/);
    } finally {
      await busy.close();
    }
  }, 120_000);

  it('renders again the pages of unchanged items whose media file or tile target changed', async () => {
    const content = structuredClone(fixtures);
    const statuses: Record<string, number> = { 'stay-wine-cellar.svg': 503 };
    const cms = await startContentBackend({ fixtures: content, mediaStatus: statuses });
    try {
      const run = (out: string, full = false) => build({ config: { ...config, content: { ...config.content, endpoint: cms.endpoint }, cacheDir: join(work, full ? `cache-${out}` : 'cache-came-back') }, outDir: join(work, out), reporter: silentReporter, now: NOW, full });
      const first = await run('came-back');
      expect(first.media.failed).toBeGreaterThan(0);
      // The file answers again: no list moved, so every item is taken as kept, but the pages
      // showing that file must show it now.
      delete statuses['stay-wine-cellar.svg'];
      const served = await run('came-back');
      expect(served.lists.kept).toBe(served.lists.total);
      expect(served.pages.rendered).toBeGreaterThan(0);
      expectSameBytes(await tree('came-back'), (await run('came-back-full-1', true), await tree('came-back-full-1')));

      // A tile shows its target's title: the page holding the tile changes with it, though its own item did not.
      const tiles = published(content).find((node) => node.de.fieldContent?.some((paragraph) => paragraph.bundle === 'block_tiles'))!;
      const tile = tiles.de.fieldContent!.find((paragraph) => paragraph.bundle === 'block_tiles')!;
      const target = content.nodes.find((node) => tile.bundle === 'block_tiles' && node.nid === Number(tile.fieldTiles[0]!.targetId))!;
      target.de.title = `${target.de.title} (umbenannt)`;
      target.changed = saved();
      cms.replaceFixtures(structuredClone(content));
      await run('came-back');
      expect(await readFile(join(work, 'came-back', tiles.de.path.slice(1), 'index.html'), 'utf8')).toContain(target.de.title);
      expectSameBytes(await tree('came-back'), (await run('came-back-full-2', true), await tree('came-back-full-2')));
    } finally {
      await cms.close();
    }
  }, 180_000);

  it('fetches every list again when a term is added, but renders only the pages whose items it changed', async () => {
    const content = structuredClone(fixtures);
    backend.replaceFixtures(structuredClone(content));
    await buildInto('terms', 'cache-terms');
    content.terms.push({ tid: 9_999, vocabulary: content.terms[0]!.vocabulary, weight: 0, de: { name: 'Neu' }, en: { name: 'New' } });
    backend.replaceFixtures(structuredClone(content));
    const added = await buildInto('terms', 'cache-terms');
    expect(added.fullReason).toBeNull();
    expect(added.lists.kept).toBe(0);
    expect(added.pages.rendered).toBe(0);
    expectSameBytes(await tree('terms'), (await buildInto('terms-full', 'cache-terms-full', true), await tree('terms-full')));
    backend.replaceFixtures(structuredClone(fixtures));
  }, 120_000);

  it("builds a new output folder from the answers and items another folder's build kept, unless they are older than cacheMaxAgeHours", async () => {
    backend.replaceFixtures(structuredClone(fixtures));
    const first = await buildInto('first', 'cache-shared');
    const second = await buildInto('second', 'cache-shared');
    expect(second.fullReason).toMatch(/no earlier build/);
    // The list versions and the menus; every list came from the kept answers.
    expect(second.requests).toBe(2 * config.locales.all.length);
    expect(first.lists.kept).toBe(0);
    expect(second.lists).toEqual({ kept: first.lists.total, total: first.lists.total });
    expect(second.pages.total).toBe(first.pages.total);
    expectSameBytes(await tree('second'), await tree('first'));
    const stale = await buildInto('third', 'cache-shared', false, { cacheMaxAgeHours: 0 });
    expect(stale.requests).toBeGreaterThan(first.requests / 2);
  }, 120_000);

  it('reuses the previous output with the embedded backend, whose port is new every run, and keeps its images', async () => {
    const embedded = { content: { ...config.content, endpoint: null } };
    const first = await buildInto('embedded', 'cache-embedded', false, embedded);
    expect(first.media.failed).toBe(0);
    const before = await tree('embedded');
    const second = await buildInto('embedded', 'cache-embedded', false, embedded);
    expect(second.fullReason).toBeNull();
    expect(second.media).toMatchObject({ failed: 0, files: first.media.files });
    expect(second.pages.rendered).toBe(0);
    const after = await tree('embedded');
    expectSameBytes(after, before);
    expect([...after].filter(([file, entry]) => file.endsWith('.html') && entry.ino !== before.get(file)!.ino)).toEqual([]);
  }, 120_000);

  it('does not use a record from another endpoint, config or version, nor a damaged one', async () => {
    await buildInto('other', 'cache-other');
    expect((await buildInto('other', 'cache-other', false, { siteUrl: 'https://example.org' })).fullReason).toMatch(/configuration changed/);
    expect((await buildInto('other', 'cache-other', false, { content: { ...config.content, endpoint: `${backend.endpoint}?v=2` } })).fullReason).toMatch(/another CMS endpoint/);
    const [record] = await fg('builds/*.json', { cwd: join(work, 'cache-other'), absolute: true });
    const text = await readFile(record!, 'utf8');
    await writeFile(record!, text.replace(/"code":"[^"]+"/, '"code":"older"'));
    expect((await buildInto('other', 'cache-other', false, { content: { ...config.content, endpoint: `${backend.endpoint}?v=2` } })).fullReason).toMatch(/templates, code or dependencies changed/);
    await writeFile(record!, text.slice(0, text.length / 2));
    expect((await buildInto('other', 'cache-other', false, { content: { ...config.content, endpoint: `${backend.endpoint}?v=2` } })).fullReason).toMatch(/damaged/);
    expect((await buildInto('other', 'cache-other', false, { content: { ...config.content, endpoint: `${backend.endpoint}?v=2` }, cacheMaxAgeHours: 0 })).fullReason).toMatch(/older than 0 h/);
  }, 120_000);
});
