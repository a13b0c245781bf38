// An answer nested thousands of levels deep, a few tens of kilobytes long, is not the schema's shape:
// that item is left out with a warning, and the build goes on (site/content/raw-depth.ts). It
// used to overflow the stack in JSON.stringify while the fetch stage keyed the item.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configExtending, runCli } from '../helpers/cli';
import { node, nodeShape, startHostileCms, type HostileCms } from '../helpers/hostile-cms';

let cms: HostileCms | null = null;
let dir: string | null = null;
afterAll(async () => {
  await cms?.close();
  if (dir) await rm(dir, { recursive: true, force: true, maxRetries: 10 });
});

describe('a deeply nested answer', () => {
  it('leaves that item out with a warning naming it; the other items are published', async () => {
    const room = node(101, 'accommodation', 'de', { title: 'Turmzimmer', path: '/de/uebernachten/turmzimmer' });
    const deep = node(102, 'accommodation', 'de', { title: 'Tief', path: '/de/uebernachten/tief' });
    const levels = 15_000;
    const deepText = JSON.stringify({ ...nodeShape(deep), fieldImages: 'DEEP' }).replace('"DEEP"', `${'['.repeat(levels)}${']'.repeat(levels)}`);
    expect(deepText.length).toBeGreaterThan(30_000);
    cms = await startHostileCms({
      nodes: [room],
      intercept: (request, res) => {
        const { type, langcode, offset } = request.variables as { type?: string; langcode?: string; offset?: number };
        if (request.operationName !== 'ContentPage' || type !== 'accommodation' || langcode !== 'de' || offset !== 0) return false;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(`{"data":{"nodeQuery":{"count":2,"entities":[${JSON.stringify(nodeShape(room))},${deepText}]}}}`);
        return true;
      },
    });
    dir = await mkdtemp(join(tmpdir(), 'deep-answer-'));
    const config = join(dir, 'test.config.ts');
    await writeFile(config, configExtending({ content: { retries: 0, timeoutMs: 3000 } }));
    const out = join(dir, 'dist');
    await mkdir(out);
    const result = await runCli(['build', '--config', config, '--endpoint', cms.endpoint, '--out', out, '--cache-dir', join(dir, 'cache')], { timeoutMs: 110_000 });
    expect(result.stderr).not.toMatch(/RangeError|call stack/);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/nid 102[^\n]*nests deeper than any item of the schema/);
    expect(existsSync(join(out, 'de', 'uebernachten', 'turmzimmer', 'index.html'))).toBe(true);
    expect(existsSync(join(out, 'de', 'uebernachten', 'tief'))).toBe(false);
  }, 120_000);
});
