// The bin rebuilds its bundle when any source is newer than it (cli/bundle.mjs): every source the
// bundle is made from must count, in whatever folder it sits, and so must the installed packages.
import { join, resolve } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module of the bin
import { bundleSources } from '../../../cli/bundle.mjs';

const root = resolve(__dirname, '../../..');

describe('the bundle freshness check', () => {
  it('watches every TypeScript, GraphQL and CSS source of cli/, site/, templates/ and the benchmarks', () => {
    const expected = fg.sync(['{cli,site,templates,tests/bench}/**/*.{ts,tsx,mts,mjs,graphql,css}'], { cwd: root, ignore: ['**/node_modules/**'] });
    const watched = new Set((bundleSources() as string[]).map((file) => file.slice(root.length + 1)));
    expect(expected.length).toBeGreaterThan(100);
    expect(expected.filter((file) => !watched.has(file))).toEqual([]);
    expect(watched.has(join('site', 'media', 'fetch-file.ts'))).toBe(true);
  });

  it('counts an npm install too: the CLI bundle holds the packages', () => {
    const watched = new Set((bundleSources() as string[]).map((file) => file.slice(root.length + 1)));
    expect(watched.has(join('node_modules', '.package-lock.json'))).toBe(true);
  });
});
