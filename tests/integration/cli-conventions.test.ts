// What Vite and Astro users expect of the bin (README, "Commands"): one error prefix, ranges in
// --help, a summary that reads right and is coloured only where colour belongs, `--host` alone
// binding every address with the network URLs printed, a taken port moving on unless
// --strict-port, and preview saying what it serves.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runCli } from '../helpers/cli';
import { startCliServer } from '../helpers/cli-server';

const dist = inject('fixtureSite');
const ESC = '\x1b[';
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'hotel-site-cli-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true, maxRetries: 10 }));

describe('errors and help', () => {
  it('usage errors and ours share one prefix, "error:"', async () => {
    const usage = await runCli(['build', '--concurrency', 'eight']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^error: option '--concurrency <n>' argument 'eight' is invalid\. --concurrency takes a whole number from 1 to 64/);
    await writeFile(join(scratch, 'notes.md'), 'mine');
    const ours = await runCli(['build', '--out', scratch, '--quiet']);
    expect(ours.code).toBe(2);
    expect(ours.stderr).toMatch(/^\nerror: Refusing to use /);
    for (const output of [usage.stderr, ours.stderr]) expect(output).not.toContain('Error:');
  });

  it('--help shows the ranges numbers may take', async () => {
    expect((await runCli(['build', '--help'])).stdout).toMatch(/--concurrency <n>\s+GraphQL requests in flight at most; default 8, or\s+content\.concurrency in the config \(1–64\)/);
    for (const command of ['preview', 'watch']) {
      const help = (await runCli([command, '--help'])).stdout;
      expect(help, command).toMatch(/--port <n>[\s\S]*\(0–65535\)[\s\S]*\(default: 4173\)/);
      expect(help, command).toContain('--strict-port');
      expect(help, command).toMatch(/--host \[host\]\s+address to bind; --host alone binds every/);
    }
    expect((await runCli(['cms', '--help'])).stdout).toMatch(/--fail-rate <rate>\s+answer this share of requests with HTTP 503 \(0–1\)/);
  });

  it('colour only on request or on a terminal, and never with NO_COLOR', async () => {
    expect((await runCli(['build', '--concurrency', 'eight'])).stderr).not.toContain(ESC);
    expect((await runCli(['build', '--concurrency', 'eight'], { env: { FORCE_COLOR: '1' } })).stderr).toContain(`${ESC}`);
    expect((await runCli(['build', '--concurrency', 'eight'], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } })).stderr).not.toContain(ESC);
  });
});

describe('the build summary', () => {
  it('counts the error pages in words, names the embedded backend, colours when asked', async () => {
    // The fixture build of the global setup, run with FORCE_COLOR.
    const stdout = inject('fixtureBuildOutput');
    const plain = stdout.replace(/\x1b\[[\d;]*m/g, '');
    expect(stdout).toContain(ESC);
    // Every not-found page written: one per language and the root's for a path in neither.
    const errorPages = (await readdir(dist, { recursive: true })).filter((file) => basename(file) === '404.html').length;
    expect(errorPages).toBe(3);
    expect(plain).toMatch(new RegExp(`pages\\s+de \\d+, en \\d+ \\+ ${errorPages} error pages\n`));
    expect(plain).not.toContain('404 pages');
    expect(plain).toMatch(/CMS\s+\d+ requests, \d+ retried — the embedded content backend \(fixtures\)\n/);
    expect(plain).not.toMatch(/https?:\/\/127\.0\.0\.1/);
  });
});

describe('preview and watch servers', () => {
  let blocker: Server;
  let taken: number;
  beforeAll(async () => {
    blocker = createServer((_, res) => res.end('other')).listen(0, '127.0.0.1');
    await new Promise((resolve) => blocker.once('listening', resolve));
    taken = (blocker.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => blocker.close(resolve)));

  it('a taken port moves to the next free one', async () => {
    const preview = await startCliServer(['preview', '--static', dist, '--port', String(taken)]);
    try {
      const port = Number(new URL(preview.url).port);
      expect(port).toBeGreaterThan(taken);
      expect(port - taken).toBeLessThan(50);
    } finally {
      expect(await preview.stop()).toBe(0);
    }
  });

  it('--strict-port: a taken port is an error (exit 2)', async () => {
    const result = await runCli(['preview', '--static', dist, '--port', String(taken), '--strict-port']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`error: Port ${taken} on 127.0.0.1 is already in use`);
  });

  it('--host without a value binds every address and prints the network URLs', async () => {
    const preview = await startCliServer(['preview', '--static', dist, '--port', '0', '--host']);
    try {
      const port = new URL(preview.url).port;
      const addresses = Object.values(networkInterfaces()).flatMap((entries) => entries ?? []).filter((entry) => entry.family === 'IPv4' && !entry.internal);
      for (const { address } of addresses) expect(preview.stdout()).toContain(`  Network: http://${address}:${port}/de/`);
      expect(preview.stdout()).toContain('Note: bound to 0.0.0.0: other machines on the network can reach this server.');
      expect((await fetch(`http://127.0.0.1:${port}/de/`)).status).toBe(200);
    } finally {
      expect(await preview.stop()).toBe(0);
    }
  });

  it('preview --static on a folder without a built site says so and exits 2', async () => {
    const empty = join(scratch, 'empty');
    await rm(empty, { recursive: true, force: true, maxRetries: 10 });
    await writeFile(join(scratch, 'stray.txt'), 'x');
    for (const dir of [scratch, join(scratch, 'missing')]) {
      const result = await runCli(['preview', '--static', dir, '--port', '0']);
      expect(result.code, dir).toBe(2);
      expect(result.stderr, dir).toMatch(new RegExp(`error: ${dir.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} (holds no built site \\(no index\\.html and sitemap\\.xml\\)|is not a folder)`));
    }
  });

  it('preview says at start that edits to code and fixtures need watch', async () => {
    const preview = await startCliServer(['preview', '--port', '0']);
    try {
      expect(preview.stdout()).toMatch(/Preview of pages rendered on request from the embedded content backend — CMS edits show on reload; for edits to templates, locales, code or fixtures use `hotel-site watch`/);
    } finally {
      expect(await preview.stop()).toBe(0);
    }
  });
});
