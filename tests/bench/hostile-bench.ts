// `npm run bench -- --only=hostile`: the large case of the foreign-CMS scale test
// (tests/integration/hostile-cms.test.ts, "1."), which runs a smaller size: a CMS that is not our
// fixtures with N rooms in each language (default 2,000), built through the real bin with the render
// worker. Prints wall time and pages/s, and fails unless every room got its page.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configExtending } from '../helpers/cli';
import { node, startHostileCms, type CmsNode } from '../helpers/hostile-cms';
import { runCli } from './run-cli';

export async function benchHostile(rooms: number): Promise<void> {
  const nodes: CmsNode[] = [];
  for (let i = 1; i <= rooms; i++) {
    const n = String(i).padStart(5, '0');
    nodes.push(node(i, 'accommodation', 'de', { title: `Zimmer ${n}`, path: `/de/uebernachten/zimmer-${n}` }));
    nodes.push(node(i, 'accommodation', 'en', { title: `Room ${n}`, path: `/en/accommodation/room-${n}` }));
  }
  const cms = await startHostileCms({ nodes });
  const work = await mkdtemp(join(tmpdir(), 'hotel-site-hostile-bench-'));
  try {
    const config = join(work, 'bench.config.ts');
    await writeFile(config, configExtending({ content: { retries: 2, timeoutMs: 3000 } }));
    const out = join(work, 'dist');
    const result = await runCli(['build', '--config', config, '--endpoint', cms.endpoint, '--out', out, '--cache-dir', join(work, 'cache'), '--quiet'], {
      env: { HOTEL_SITE_RENDER_THREADS: '2' },
    });
    if (result.code !== 0) throw new Error(`hostile: build failed (exit ${result.code})\n${result.stderr}`);
    const published = (await readdir(join(out, 'de', 'uebernachten'), { withFileTypes: true })).filter((entry) => entry.isDirectory()).length;
    if (published !== rooms) throw new Error(`hostile: ${published} of ${rooms} rooms published`);
    const pages = Number(/Built (\d+) pages/.exec(result.stdout)?.[1] ?? 0);
    process.stdout.write(`${`foreign CMS, ${rooms} rooms × 2 languages`.padEnd(40)} ${result.seconds.toFixed(2).padStart(6)} s  ${String(pages).padStart(6)} pages  ${(pages / result.seconds).toFixed(0).padStart(5)} pages/s\n`);
  } finally {
    await cms.close();
    await rm(work, { recursive: true, force: true, maxRetries: 10 });
  }
}
