// The swap of a build that reuses the previous output (docs/incremental.md, "The swap, and the old
// output"): it writes into --out only the files whose bytes changed, every other file keeping its
// inode and mtime; a build stopped in the middle of that swap — Ctrl-C, or SIGKILL, after which the
// next build finds the journal — leaves the previous output as it was.
import { spawn } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../site/build';
import type { ResolvedConfig } from '../../site/config/define-config';
import { fixtures } from '../../site/cms/fixtures/index';
import type { FixtureSet } from '../../site/cms/fixtures/types';
import type { ContentBackend } from '../../site/cms/server';
import { projectPath } from '../../site/project-root';
import { silentReporter } from '../../site/reporter';
import { runCli } from '../helpers/cli';
import { openFixtureWorkspace, type FixtureWorkspace } from '../helpers/fixture-workspace';

const NOW = new Date('2026-11-20T10:00:00Z');
let work: string;
let backend: ContentBackend;
let config: ResolvedConfig;
let workspace: FixtureWorkspace | undefined;
let clock = 2_000_000_000;

beforeAll(async () => {
  workspace = await openFixtureWorkspace('hotel-site-swap-');
  ({ work, backend, config } = workspace);
});

afterAll(async () => {
  await workspace?.close();
});

/** Every file below `dir`: its bytes (base64), inode and mtime. */
async function files(dir: string): Promise<Map<string, { bytes: string; stamp: string }>> {
  const names = (await fg('**/*', { cwd: dir, dot: true })).sort();
  return new Map(await Promise.all(names.map(async (name) => {
    const [bytes, stats] = await Promise.all([readFile(join(dir, name)), stat(join(dir, name))]);
    return [name, { bytes: bytes.toString('base64'), stamp: `${stats.ino} ${stats.mtimeMs}` }] as const;
  })));
}

/** Gives the first published room a new title, as an editor's save does. */
function editRoomTitle(content: FixtureSet, suffix: string): void {
  const room = content.nodes.find((node) => node.type === 'accommodation' && node.de.status)!;
  room.de.title = `${room.de.title} (${suffix})`;
  room.changed = ++clock;
  backend.replaceFixtures(structuredClone(content));
}

const cliArgs = (out: string, cache: string) => ['build', '--endpoint', backend.endpoint, '--out', join(work, out), '--cache-dir', join(work, cache)];

/**
 * Starts a build that pauses in its swap after `renames` renames (HOTEL_SITE_TEST_SWAP_PAUSE) and,
 * once it says so, sends it `signal`; resolves with its exit code, signal and stderr.
 */
function buildStoppedInSwap(args: string[], renames: number, signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [projectPath('cli/hotel-site.mjs'), ...args], {
      cwd: projectPath(),
      env: { ...process.env, HOTEL_SITE_ENDPOINT: '', HOTEL_SITE_CMS_TOKEN: '', CI: '1', HOTEL_SITE_TEST_SWAP_PAUSE: String(renames) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    let sent = false;
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      // Once: a second Ctrl-C is another thing (it undoes at once and exits).
      if (!sent && /swap paused after/.test(stderr)) sent = child.kill(signal);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 110_000);
    child.on('error', reject);
    child.on('close', (code, killedBy) => {
      clearTimeout(timer);
      resolve({ code, signal: killedBy, stderr });
    });
  });
}

describe('a build that reuses the previous output', () => {
  it('writes only the files whose bytes changed: every other file keeps its inode and mtime', async () => {
    const content = structuredClone(fixtures);
    backend.replaceFixtures(structuredClone(content));
    const buildInto = () => build({ config: { ...config, cacheDir: join(work, 'cache-written') }, outDir: join(work, 'written'), reporter: silentReporter, now: NOW });
    await buildInto();
    const before = await files(join(work, 'written'));
    editRoomTitle(content, 'renoviert');
    const result = await buildInto();
    expect(result.fullReason).toBeNull();
    const after = await files(join(work, 'written'));
    expect([...after.keys()]).toEqual([...before.keys()]);
    const changed = [...after].filter(([name, file]) => file.bytes !== before.get(name)!.bytes).map(([name]) => name);
    const written = [...after].filter(([name, file]) => file.stamp !== before.get(name)!.stamp).map(([name]) => name);
    expect(written).toEqual(changed);
    expect(written.length).toBeGreaterThan(0);
    // The pages that show the title, and the sitemap only where its bytes changed: nothing else.
    expect(written.filter((name) => !/(^|\/)index\.html$/.test(name) && !/^sitemap(-\d+)?\.xml$/.test(name))).toEqual([]);
    expect(await readdir(work)).not.toContain('.written.swap-journal');
    backend.replaceFixtures(structuredClone(fixtures));
  }, 120_000);

  it('killed (SIGKILL) in the middle of its swap: the next build undoes it from the journal, says so, and then builds correctly', async () => {
    const content = structuredClone(fixtures);
    backend.replaceFixtures(structuredClone(content));
    const first = await runCli(cliArgs('killed', 'cache-killed'), { timeoutMs: 110_000 });
    expect(first.code, first.stderr).toBe(0);
    const previous = await files(join(work, 'killed'));

    editRoomTitle(content, 'renoviert');
    const killed = await buildStoppedInSwap(cliArgs('killed', 'cache-killed'), 3, 'SIGKILL');
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    expect(await readdir(work)).toContain('.killed.swap-journal');
    expect(await files(join(work, 'killed'))).not.toEqual(previous);

    // The next build undoes the swap first and says so; stopped in its own swap, it shows that the
    // output was back to the previous build's, every file as it was.
    const repaired = await buildStoppedInSwap(cliArgs('killed', 'cache-killed'), 1, 'SIGINT');
    expect(repaired.code, repaired.stderr).toBe(130);
    expect(repaired.stderr).toMatch(/\(pid \d+\) was stopped during its swap into .*killed; undone: the output is as the build before it left it/);
    expect(await files(join(work, 'killed'))).toEqual(previous);
    expect((await readdir(work)).filter((name) => name.startsWith('.killed.'))).toEqual([]);

    // And the edit, built again, gives what a full build of it gives.
    const edited = await runCli(cliArgs('killed', 'cache-killed'), { timeoutMs: 110_000 });
    expect(edited.code, edited.stderr).toBe(0);
    const full = await runCli([...cliArgs('killed-full', 'cache-killed-full'), '--full'], { timeoutMs: 110_000 });
    expect(full.code, full.stderr).toBe(0);
    const [incremental, reference] = [await files(join(work, 'killed')), await files(join(work, 'killed-full'))];
    expect([...incremental.keys()]).toEqual([...reference.keys()]);
    expect([...incremental].filter(([name, file]) => file.bytes !== reference.get(name)!.bytes).map(([name]) => name)).toEqual([]);
    backend.replaceFixtures(structuredClone(fixtures));
  }, 300_000);

  it('stopped with Ctrl-C in the middle of its swap: the previous output is left whole, nothing beside it', async () => {
    const content = structuredClone(fixtures);
    backend.replaceFixtures(structuredClone(content));
    const first = await runCli(cliArgs('interrupted', 'cache-interrupted'), { timeoutMs: 110_000 });
    expect(first.code, first.stderr).toBe(0);
    const previous = await files(join(work, 'interrupted'));

    editRoomTitle(content, 'renoviert');
    const interrupted = await buildStoppedInSwap(cliArgs('interrupted', 'cache-interrupted'), 3, 'SIGINT');
    expect(interrupted.code, interrupted.stderr).toBe(130);
    expect(await files(join(work, 'interrupted'))).toEqual(previous);
    expect((await readdir(work)).filter((name) => name.startsWith('.interrupted.'))).toEqual([]);
    backend.replaceFixtures(structuredClone(fixtures));
  }, 200_000);
});
