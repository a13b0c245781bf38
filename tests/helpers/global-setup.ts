// Runs once per `npm test`: bundles the CLI (so parallel CLI tests never race to bundle it) and
// builds the fixture site through the real bin into a temporary folder that test files share via
// inject('fixtureSite'). Browser and HTML tests look at that build; the CLI tests read its summary,
// printed in colour as to a terminal (inject('fixtureBuildOutput')).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain JS module of the bin
import { ensureBundle } from '../../cli/bundle.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    fixtureSite: string;
    /** What the fixture build printed to stdout, with FORCE_COLOR. */
    fixtureBuildOutput: string;
  }
}

const run = promisify(execFile);
let root: string | null = null;

export async function setup(project: TestProject): Promise<void> {
  await ensureBundle();
  root = await mkdtemp(join(tmpdir(), 'hotel-site-fixture-'));
  const out = join(root, 'dist');
  const { stdout } = await run(process.execPath, ['cli/hotel-site.mjs', 'build', '--out', out], { env: { ...process.env, HOTEL_SITE_ENDPOINT: '', FORCE_COLOR: '1' } });
  project.provide('fixtureSite', out);
  project.provide('fixtureBuildOutput', stdout);
}

export async function teardown(): Promise<void> {
  if (root) await rm(root, { recursive: true, force: true, maxRetries: 10 });
}
