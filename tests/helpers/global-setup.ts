// Runs once per `npm test`: bundles the CLI (so parallel CLI tests never race to bundle it) and
// builds the fixture site through the real bin into a temporary folder that test files share via
// inject('fixtureSite'). Browser and HTML tests look at that build; the CLI tests read its summary,
// printed in colour as to a terminal (inject('fixtureBuildOutput')). Browser tests connect to the one
// Chromium it starts (inject('browserEndpoint')) instead of each launching its own.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain JS module of the bin
import { ensureBundle } from '../../cli/bundle.mjs';
import { hasChromium, launchBrowserServer } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    fixtureSite: string;
    /** What the fixture build printed to stdout, with FORCE_COLOR. */
    fixtureBuildOutput: string;
    /** Where the run's Chromium listens for Playwright; empty without Chromium. */
    browserEndpoint: string;
  }
}

const run = promisify(execFile);
let root: string | null = null;
let browser: BrowserServer | null = null;

export async function setup(project: TestProject): Promise<void> {
  await ensureBundle();
  root = await mkdtemp(join(tmpdir(), 'hotel-site-fixture-'));
  const out = join(root, 'dist');
  const [{ stdout }, server] = await Promise.all([
    run(process.execPath, ['cli/hotel-site.mjs', 'build', '--out', out], { env: { ...process.env, HOTEL_SITE_ENDPOINT: '', FORCE_COLOR: '1' } }),
    hasChromium ? launchBrowserServer() : null,
  ]);
  browser = server;
  project.provide('fixtureSite', out);
  project.provide('fixtureBuildOutput', stdout);
  project.provide('browserEndpoint', server?.wsEndpoint() ?? '');
}

export async function teardown(): Promise<void> {
  await browser?.close();
  if (root) await rm(root, { recursive: true, force: true, maxRetries: 10 });
}
