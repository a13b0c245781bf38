// What a build may touch and trust (docs/incremental.md, "The old output"): it writes and deletes
// inside --out only, whatever links the previous output holds; it refuses a folder holding files
// it does not write, at any depth; and what the cache folder holds is checked like CMS content.
import { lstat, mkdir, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';
import { openFixtureWorkspace, type FixtureWorkspace } from '../helpers/fixture-workspace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../site/build';
import type { ResolvedConfig } from '../../site/config/define-config';
import { fixtures } from '../../site/cms/fixtures/index';
import type { FixtureSet } from '../../site/cms/fixtures/types';
import type { ContentBackend } from '../../site/cms/server';
import { silentReporter } from '../../site/reporter';

const NOW = new Date('2026-11-20T10:00:00Z');
let work: string;
let backend: ContentBackend;
let config: ResolvedConfig;
let clock = 2_000_000_000;

let workspace: FixtureWorkspace | undefined;

beforeAll(async () => {
  workspace = await openFixtureWorkspace('hotel-site-output-safety-');
  ({ work, backend, config } = workspace);
});

afterAll(async () => {
  await workspace?.close();
});

function buildInto(out: string, cache: string): Promise<BuildResult> {
  return build({ config: { ...config, cacheDir: join(work, cache) }, outDir: join(work, out), reporter: silentReporter, now: NOW });
}

/** Every file below `dir` with its bytes and modification time. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const files = (await fg('**/*', { cwd: dir, dot: true })).sort();
  return new Map(await Promise.all(files.map(async (file) => [file, `${(await stat(join(dir, file))).mtimeMs} ${(await readFile(join(dir, file))).toString('base64')}`] as const)));
}

const rooms = (content: FixtureSet) => content.nodes.filter((node) => node.type === 'accommodation' && node.de.status);

/** Moves `out/de/uebernachten` to a folder outside and links it back; returns that folder. */
async function linkRoomsAway(out: string, name: string): Promise<string> {
  const away = join(work, name);
  await rename(join(work, out, 'de', 'uebernachten'), away);
  await symlink(away, join(work, out, 'de', 'uebernachten'));
  return away;
}

describe('a link inside the previous output', () => {
  it('is an entry replaced, never a folder written or deleted through, when a room is edited or hidden', async () => {
    const content = structuredClone(fixtures);
    backend.replaceFixtures(structuredClone(content));
    expect((await buildInto('linked', 'cache-linked')).fullReason).not.toBeNull();

    const away = await linkRoomsAway('linked', 'rooms-away');
    const before = await snapshot(away);
    const [edited, hidden] = rooms(content);
    edited!.de.title = `${edited!.de.title} (neu)`;
    edited!.changed = ++clock;
    backend.replaceFixtures(structuredClone(content));
    const afterEdit = await buildInto('linked', 'cache-linked');
    expect(await snapshot(away)).toEqual(before);
    expect(afterEdit.fullReason).toMatch(/symbolic link \(de\/uebernachten\)/);
    const replaced = await lstat(join(work, 'linked', 'de', 'uebernachten'));
    expect(replaced.isSymbolicLink()).toBe(false);
    expect(replaced.isDirectory()).toBe(true);
    const pages = await fg('**/index.html', { cwd: join(work, 'linked', 'de', 'uebernachten') });
    const texts = await Promise.all(pages.map((page) => readFile(join(work, 'linked', 'de', 'uebernachten', page), 'utf8')));
    expect(texts.some((text) => text.includes('(neu)'))).toBe(true);

    const awayAgain = await linkRoomsAway('linked', 'rooms-away-again');
    const beforeHiding = await snapshot(awayAgain);
    hidden!.de.status = false;
    hidden!.changed = ++clock;
    backend.replaceFixtures(structuredClone(content));
    const afterHiding = await buildInto('linked', 'cache-linked');
    expect(await snapshot(awayAgain)).toEqual(beforeHiding);
    expect(afterHiding.fullReason).toMatch(/symbolic link/);
    // The output itself lost the hidden room, and the next build is incremental again.
    expect((await readdir(join(work, 'linked', 'de', 'uebernachten'))).length).toBeLessThan((await readdir(awayAgain)).length);
    expect((await buildInto('linked', 'cache-linked')).fullReason).toBeNull();
    backend.replaceFixtures(structuredClone(fixtures));
  }, 120_000);
});

describe('the --out guard', () => {
  it('refuses a folder with files a build does not write below its top level, naming them', async () => {
    const out = join(work, 'nested');
    for (const folder of ['de', 'en', 'assets']) await mkdir(join(out, folder), { recursive: true });
    await writeFile(join(out, 'de', 'vertrag.docx'), 'x');
    await writeFile(join(out, 'en', 'contract.docx'), 'x');
    await writeFile(join(out, 'assets', 'logo.psd'), 'x');
    const error = await buildInto('nested', 'cache-nested').then(() => null, (failure: Error & { exitCode?: number }) => failure);
    expect(error?.name).toBe('ConfigError');
    expect(error?.exitCode).toBe(2);
    expect(error?.message).toMatch(/holds files a build does not write \(assets\/logo\.psd, de\/vertrag\.docx, en\/contract\.docx\)/);
    expect((await readdir(join(out, 'de')))).toEqual(['vertrag.docx']);
  });

  it('compares the last build’s output with its record: a page file the record does not name is refused', async () => {
    backend.replaceFixtures(structuredClone(fixtures));
    await buildInto('recorded', 'cache-recorded');
    // Named like a page, so only the record tells it from one.
    await mkdir(join(work, 'recorded', 'de', 'privat'));
    await writeFile(join(work, 'recorded', 'de', 'privat', 'index.html'), '<p>mine</p>');
    const error = await buildInto('recorded', 'cache-recorded').then(() => null, (failure: Error) => failure);
    expect(error?.message).toMatch(/holds files a build does not write \(de\/privat\/index\.html\)/);
    await rm(join(work, 'recorded', 'de', 'privat'), { recursive: true });
    await expect(buildInto('recorded', 'cache-recorded')).resolves.toBeDefined();
  }, 60_000);
});

describe('a tampered cache folder', () => {
  it('publishes kept content lists only through the sanitizer: a script added to a kept body is not published', async () => {
    backend.replaceFixtures(structuredClone(fixtures));
    await buildInto('kept-a', 'cache-kept');
    // Another folder, so every page is rendered, from the kept lists: what the sanitizer made once
    // comes out of it again unchanged, the same site as from the CMS.
    const fromKept = await buildInto('kept-b', 'cache-kept');
    expect(fromKept.lists.kept).toBe(fromKept.lists.total);
    const [a, b] = await Promise.all([snapshotBytes(join(work, 'kept-a')), snapshotBytes(join(work, 'kept-b'))]);
    expect([...b.keys()]).toEqual([...a.keys()]);
    expect([...b].filter(([file, bytes]) => a.get(file) !== bytes).map(([file]) => file)).toEqual([]);

    const [lists] = await readdir(join(work, 'cache-kept', 'lists'));
    const folder = join(work, 'cache-kept', 'lists', lists!);
    let tampered = 0;
    for (const name of await readdir(folder)) {
      if (name === 'index.json') continue;
      const text = await readFile(join(folder, name), 'latin1');
      const changed = text.replaceAll('"body":"', '"body":"<script>alert(document.domain)</script><img src=x onerror=alert(1)>');
      if (changed !== text) tampered++;
      await writeFile(join(folder, name), changed, 'latin1');
    }
    expect(tampered).toBeGreaterThan(0);
    const result = await buildInto('kept-c', 'cache-kept');
    expect(result.lists.kept).toBe(result.lists.total);
    const published = await fg('**/*.html', { cwd: join(work, 'kept-c') });
    const scripted = [];
    for (const file of published) if (/alert\(/.test(await readFile(join(work, 'kept-c', file), 'utf8'))) scripted.push(file);
    expect(scripted).toEqual([]);
  }, 180_000);
});

async function snapshotBytes(dir: string): Promise<Map<string, string>> {
  const files = (await fg('**/*', { cwd: dir, dot: true })).sort();
  return new Map(await Promise.all(files.map(async (file) => [file, (await readFile(join(dir, file))).toString('base64')] as const)));
}
