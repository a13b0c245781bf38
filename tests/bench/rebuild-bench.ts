// `npm run bench -- --only=rebuild`: incremental builds (docs/incremental.md) of the synthetic
// site, as CI runs them after an editor's save: a full build, a rebuild with nothing changed, and
// a rebuild after one room's title was edited in the CMS. The backend runs in this process (it
// must be edited between builds); each build is the real CLI in a process of its own. Targets on
// the reference machine: nothing changed ≤ 1.5 s; one title ≤ 2.5 s, rendering ≤ 40 pages.
import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtures } from '../../site/cms/fixtures/index';
import { startContentBackend } from '../../site/cms/server';
import { runBuild, times } from './run-cli';


interface Figures {
  seconds: number;
  /** Files under --out whose inode is new or whose mtime changed (what a deploy tool uploads again). */
  written: number;
  cpuSeconds: number | null;
  systemSeconds: number | null;
  rendered: string;
  rss: string;
  stages: string;
}

async function cliBuild(args: string[], out: string): Promise<Figures> {
  const before = await fileStamps(out);
  const { seconds, cpuSeconds, systemSeconds, stdout } = await runBuild(args);
  let written = 0;
  for (const [file, stamp] of await fileStamps(out)) if (before.get(file) !== stamp) written++;
  return {
    seconds,
    written,
    cpuSeconds,
    systemSeconds,
    rendered: /rendered\s+(.+)/.exec(stdout)?.[1] ?? '?',
    rss: /peak RSS (\d+ MiB)/.exec(stdout)?.[1] ?? '?',
    stages: /stages\s+(.+)/.exec(stdout)?.[1] ?? (/^Up to date/m.test(stdout) ? 'none: up to date, the output was left as it was' : '?'),
  };
}

/** Every file below `dir` (relative) with its inode and mtime; empty when there is no folder. */
async function fileStamps(dir: string): Promise<Map<string, string>> {
  const stamps = new Map<string, string>();
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  await Promise.all(entries.filter((entry) => !entry.isDirectory()).map(async (entry) => {
    const path = join(entry.parentPath, entry.name);
    const stats = await lstat(path);
    stamps.set(path.slice(dir.length + 1), `${stats.ino} ${stats.mtimeMs}`);
  }));
  return stamps;
}

/** Items linking a file the CMS does not have: a real CMS has a few, and they must not defeat the up-to-date check. */
const DEAD_MEDIA = 66;

export async function benchRebuild(items: number, edits = 1): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'hotel-site-rebuild-bench-'));
  const content = structuredClone(fixtures);
  const backend = await startContentBackend({ fixtures: content, extraItems: items, deadMedia: DEAD_MEDIA });
  try {
    const out = join(work, 'dist');
    const args = ['--endpoint', backend.endpoint, '--out', out, '--cache-dir', join(work, 'cache')];
    const line = (label: string, run: Figures) =>
      process.stdout.write(`${label.padEnd(34)} ${times(run)}  ${run.rendered}; ${run.written} files written; peak RSS ${run.rss}\n    stages: ${run.stages}\n`);
    line(`rebuild: full, +${items} items (${DEAD_MEDIA} dead media links)`, await cliBuild(args, out));
    line('rebuild: nothing changed', await cliBuild(args, out));
    const room = content.nodes.find((node) => node.type === 'accommodation' && node.de.status)!;
    const title = room.de.title;
    for (let edit = 1; edit <= edits; edit++) {
      room.de.title = `${title} (renoviert ${edit})`;
      room.changed = Math.floor(Date.now() / 1000); // Drupal stamps a save with its time
      backend.replaceFixtures(structuredClone(content));
      line('rebuild: one room title edited', await cliBuild(args, out));
    }
  } finally {
    await backend.close();
    // A replaced output may still be going away in its background process (site/output/staging.ts).
    await rm(work, { recursive: true, force: true, maxRetries: 10 });
  }
}
