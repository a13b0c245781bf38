// `npm run bench -- --only=rebuild`: incremental builds (docs/incremental.md) of the synthetic
// site, as CI runs them after an editor's save: a full build, a rebuild with nothing changed, and
// a rebuild after one room's title was edited in the CMS. The backend runs in this process (it
// must be edited between builds); each build is the real CLI in a process of its own. Targets on
// the reference machine: nothing changed ≤ 1.5 s; one title ≤ 2.5 s, rendering ≤ 40 pages.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtures } from '../../site/cms/fixtures/index';
import { startContentBackend } from '../../site/cms/server';
import { runBuild, times } from './run-cli';


interface Figures {
  seconds: number;
  cpuSeconds: number | null;
  rendered: string;
  rss: string;
  stages: string;
}

async function cliBuild(args: string[]): Promise<Figures> {
  const { seconds, cpuSeconds, stdout } = await runBuild(args);
  return {
    seconds,
    cpuSeconds,
    rendered: /rendered\s+(.+)/.exec(stdout)?.[1] ?? '?',
    rss: /peak RSS (\d+ MiB)/.exec(stdout)?.[1] ?? '?',
    stages: /stages\s+(.+)/.exec(stdout)?.[1] ?? (/^Up to date/m.test(stdout) ? 'none: up to date, the output was left as it was' : '?'),
  };
}

/** Items linking a file the CMS does not have: a real CMS has a few, and they must not defeat the up-to-date check. */
const DEAD_MEDIA = 66;

export async function benchRebuild(items: number, edits = 1): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'hotel-site-rebuild-bench-'));
  const content = structuredClone(fixtures);
  const backend = await startContentBackend({ fixtures: content, extraItems: items, deadMedia: DEAD_MEDIA });
  try {
    const args = ['--endpoint', backend.endpoint, '--out', join(work, 'dist'), '--cache-dir', join(work, 'cache')];
    const line = (label: string, run: Figures) =>
      process.stdout.write(`${label.padEnd(34)} ${times(run)}  ${run.rendered}; peak RSS ${run.rss}\n    stages: ${run.stages}\n`);
    line(`rebuild: full, +${items} items (${DEAD_MEDIA} dead media links)`, await cliBuild(args));
    line('rebuild: nothing changed', await cliBuild(args));
    const room = content.nodes.find((node) => node.type === 'accommodation' && node.de.status)!;
    const title = room.de.title;
    for (let edit = 1; edit <= edits; edit++) {
      room.de.title = `${title} (renoviert ${edit})`;
      room.changed = Math.floor(Date.now() / 1000); // Drupal stamps a save with its time
      backend.replaceFixtures(structuredClone(content));
      line('rebuild: one room title edited', await cliBuild(args));
    }
  } finally {
    await backend.close();
    // A replaced output may still be going away in its background process (site/output/staging.ts).
    await rm(work, { recursive: true, force: true, maxRetries: 10 });
  }
}
