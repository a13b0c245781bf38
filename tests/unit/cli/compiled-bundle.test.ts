// The bin runs the CLI bundle as a script from V8's code cache (cli/compiled-bundle.mjs): the
// cache is made once per bundle and used by the next start, a cache V8 refuses is made anew, and
// a stack trace through the bundle still names the source file and line.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module of the bin
import { loadCompiledBundle } from '../../../cli/compiled-bundle.mjs';

let dir: string;
const prepare = Error.prepareStackTrace;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hotel-site-compiled-bundle-'));
});
afterEach(async () => {
  Error.prepareStackTrace = prepare;
  await rm(dir, { recursive: true, force: true });
});

/** A CommonJS bundle of `source` (as src/entry.ts), with a linked source map, as cli/bundle.mjs makes it. */
async function bundle(source: string, name = 'cli-AAAA'): Promise<string> {
  await writeFile(join(dir, 'entry.ts'), source);
  const file = join(dir, `${name}.cjs`);
  await build({ entryPoints: [join(dir, 'entry.ts')], outfile: file, bundle: true, platform: 'node', format: 'cjs', sourcemap: 'linked', sourcesContent: false, logLevel: 'silent' });
  return file;
}

const SOURCE = ['export function answer(): number {', '  return 42;', '}', 'export function fail(): never {', "  throw new Error('broke here');", '}', ''].join('\n');

describe('the compiled CLI bundle', () => {
  it('runs the bundle and keeps its code cache for the next start, named for its hash', async () => {
    const file = await bundle(SOURCE);
    expect(loadCompiledBundle(file, 'cli-AAAA').answer()).toBe(42);
    const cache = join(dir, 'cli-AAAA.v8');
    const made = await stat(cache);
    expect(made.size).toBeGreaterThan(0);

    expect(loadCompiledBundle(file, 'cli-AAAA').answer()).toBe(42);
    expect((await stat(cache)).mtimeMs).toBe(made.mtimeMs);
  });

  it('makes the cache anew when V8 refuses it', async () => {
    const file = await bundle(SOURCE);
    const cache = join(dir, 'cli-AAAA.v8');
    await writeFile(cache, 'not a code cache');
    expect(loadCompiledBundle(file, 'cli-AAAA').answer()).toBe(42);
    expect((await readFile(cache)).toString('latin1')).not.toBe('not a code cache');
  });

  it('maps stack frames of the bundle to the source file and line', async () => {
    const file = await bundle(SOURCE);
    const { fail } = loadCompiledBundle(file, 'cli-AAAA');
    let stack = '';
    try {
      fail();
    } catch (error) {
      stack = (error as Error).stack ?? '';
    }
    expect(stack).toMatch(/^Error: broke here\n/);
    expect(stack).toContain(`${join(dir, 'entry.ts')}:5:`);
    expect(stack).not.toContain(`${file}:`);
  });
});
