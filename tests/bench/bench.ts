// `npm run bench` (docs/benchmarks.md): wall time of whole CLI builds, everything included
// (start-up, fetch from the local backend, media, render, write, sitemap, bundles), for the fixture
// site and for a synthetic large site served by `hotel-site cms --items N` in its own process, with
// pages/s, the seconds per stage and the peak RSS the build reports; then the media stage at scale
// (./media-bench.ts); then watch mode (./watch-bench.ts): from saving a template, locale or fixture
// file to the rebuilt page being served; then a foreign CMS with thousands of rooms
// (./hostile-bench.ts). `--only=build|media|rebuild|watch|hostile` runs one part; `--rooms=N` sets
// the rooms per language of the last; `--edits=N` times N one-title rebuilds in a row (this VM
// varies); ./rebuild-bench.ts times incremental builds.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCms } from './cms-process';
import { runBuild, times } from './run-cli';
import { benchMedia } from './media-bench';
import { benchRebuild } from './rebuild-bench';
import { benchHostile } from './hostile-bench';
import { benchWatch } from './watch-bench';

interface Run {
  label: string;
  seconds: number;
  pages: number;
  stages: string;
  rssMiB: number;
  cpuSeconds: number | null;
  systemSeconds: number | null;
}

async function timedBuild(label: string, args: string[]): Promise<Run> {
  const out = await mkdtemp(join(tmpdir(), 'hotel-site-bench-'));
  try {
    const result = await runBuild(['--out', join(out, 'dist'), ...args]).catch((error: Error) => {
      throw new Error(`${label}: ${error.message}`);
    });
    const pages = Number(/Built (\d+) pages/.exec(result.stdout)?.[1] ?? 0);
    const stages = /stages\s+(.+)/.exec(result.stdout)?.[1] ?? '';
    const rssMiB = Number(/peak RSS (\d+) MiB/.exec(result.stdout)?.[1] ?? 0);
    return { label, seconds: result.seconds, cpuSeconds: result.cpuSeconds, systemSeconds: result.systemSeconds, pages, stages, rssMiB };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

function report(run: Run): void {
  process.stdout.write(
    `${run.label.padEnd(28)} ${times(run)}  ${String(run.pages).padStart(6)} pages  ${(run.pages / run.seconds).toFixed(0).padStart(5)} pages/s  peak RSS ${run.rssMiB} MiB\n    stages: ${run.stages}\n`,
  );
}

export async function main(argv: string[]): Promise<void> {
  const items = Number(argv.find((arg) => arg.startsWith('--items='))?.slice('--items='.length) ?? 5000);
  const only = argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  if (!only || only === 'build') {
    // Warm the CLI bundle and the media cache so the figures are of builds, not of first installs.
    await timedBuild('warm-up', []);
    report(await timedBuild('fixture site (embedded)', []));
    const cms = await startCms(items);
    try {
      await timedBuild('warm-up large', ['--endpoint', cms.endpoint]);
      report(await timedBuild(`synthetic +${items} items`, ['--endpoint', cms.endpoint]));
    } finally {
      cms.child.kill('SIGTERM');
    }
  }
  if (!only || only === 'media') await benchMedia(items);
  const edits = Number(argv.find((arg) => arg.startsWith('--edits='))?.slice('--edits='.length) ?? 1);
  if (!only || only === 'rebuild') await benchRebuild(items, edits);
  if (!only || only === 'watch') {
    await benchWatch('fixture site (embedded)', 0);
    await benchWatch(`synthetic +${items} items (embedded)`, items);
  }
  const rooms = Number(argv.find((arg) => arg.startsWith('--rooms='))?.slice('--rooms='.length) ?? 2000);
  if (!only || only === 'hostile') await benchHostile(rooms);
}
