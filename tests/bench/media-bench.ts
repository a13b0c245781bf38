// `npm run bench -- --only=media`: the media stage at scale. A synthetic site of N items whose
// embedded backend serves files as a Drupal CMS does (1–2 images per item, each with its LARGE and
// HERO derivatives, inline body images, some PDFs: about 25,000 distinct files for 5,000 items),
// built three times under `ulimit -n 256` (macOS's default open-file limit): cold (empty cache),
// warm (full cache, new output folder) and again into the same output folder; 66 items link a file
// the backend does not have (404), as on a real CMS. Prints wall and CPU time,
// media files and stage time and peak RSS against the targets in docs/benchmarks.md.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCms } from './cms-process';
import { runBuild, times } from './run-cli';

const TARGETS = { coldSeconds: 12, warmSeconds: 8, warmMediaSeconds: 1, rssMiB: 400 };

interface Figures {
  seconds: number;
  media: string;
  mediaSeconds: number;
  rssMiB: number;
  cpuSeconds: number | null;
  systemSeconds: number | null;
  /** The CMS reported nothing new: the output was left as it was, no stage ran. */
  upToDate: boolean;
}

async function limitedBuild(args: string[]): Promise<Figures> {
  const { seconds, cpuSeconds, systemSeconds, stdout } = await runBuild(args, { openFiles: 256 });
  return {
    seconds,
    cpuSeconds,
    systemSeconds,
    media: /media\s+(\d+ files from \d+ URLs[^\n]*)/.exec(stdout)?.[1] ?? '?',
    mediaSeconds: Number(/media ([\d.]+) s/.exec(stdout)?.[1] ?? NaN),
    rssMiB: Number(/peak RSS (\d+) MiB/.exec(stdout)?.[1] ?? 0),
    upToDate: /^Up to date/m.test(stdout),
  };
}

function line(label: string, run: Figures, wallTarget: number, mediaTarget?: number): string {
  const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER');
  return [
    `${label.padEnd(34)} ${times(run)} (target ≤ ${wallTarget} s wall: ${verdict(run.seconds <= wallTarget)})`,
    run.upToDate
      ? '    up to date: the CMS reported nothing new, the output was left as it was (no media stage)'
      : `    media stage ${run.mediaSeconds.toFixed(2)} s${mediaTarget ? ` (target ≤ ${mediaTarget} s: ${verdict(run.mediaSeconds <= mediaTarget)})` : ''}; ${run.media}`,
    `    peak RSS ${run.rssMiB} MiB (target ≤ ${TARGETS.rssMiB}: ${verdict(run.rssMiB <= TARGETS.rssMiB)})`,
  ].join('\n');
}

export async function benchMedia(items: number): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'hotel-site-media-bench-'));
  // Dead references as on a real CMS: the build into the same folder stays up to date with them.
  const cms = await startCms(items, 66);
  try {
    const common = ['--endpoint', cms.endpoint, '--cache-dir', join(work, 'cache')];
    const cold = await limitedBuild([...common, '--out', join(work, 'cold')]);
    process.stdout.write(`${line(`media: cold, ${items} items, ulimit 256`, cold, TARGETS.coldSeconds)}\n`);
    const warm = await limitedBuild([...common, '--out', join(work, 'warm')]);
    process.stdout.write(`${line('media: warm cache, new output', warm, TARGETS.warmSeconds, TARGETS.warmMediaSeconds)}\n`);
    const again = await limitedBuild([...common, '--out', join(work, 'warm')]);
    process.stdout.write(`${line('media: warm cache, same output', again, TARGETS.warmSeconds, TARGETS.warmMediaSeconds)}\n`);
  } finally {
    cms.child.kill('SIGTERM');
    // A replaced output may still be going away in its background process (site/output/staging.ts).
    await rm(work, { recursive: true, force: true, maxRetries: 10 });
  }
}
