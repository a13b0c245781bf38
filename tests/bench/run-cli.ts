// Runs the real bin in a process of its own, as a user would, and times it: every bench part
// measures whole CLI runs (start-up included). `openFiles` sets the open-file limit through the
// shell first, as a macOS user has it (256).
import { spawn } from 'node:child_process';
import { projectPath } from '../../site/project-root';

const BIN = projectPath('cli/hotel-site.mjs');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
  /** CPU seconds of the build process, user + system, as its summary reports them; null: not reported. */
  cpuSeconds: number | null;
  /** Of those, the kernel's (system time): on a disk file system it moves with what was deleted before. */
  systemSeconds: number | null;
}

export function runCli(args: string[], options: { env?: NodeJS.ProcessEnv; openFiles?: number } = {}): Promise<CliRun> {
  // BENCH_NODE_ARGS: node's own flags for every build, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const node = [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), BIN, ...args];
  const [command, argv] = options.openFiles
    ? ['/bin/sh', ['-c', `ulimit -n ${options.openFiles} && exec "$0" "$@"`, process.execPath, ...node]]
    : [process.execPath, node];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, argv, { env: { ...process.env, HOTEL_SITE_ENDPOINT: '', ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, seconds: (performance.now() - started) / 1000, ...cpuOf(stdout) }));
  });
}

/** The summary's `CPU 14.01 s (user 9.03 s, system 4.98 s)`. */
function cpuOf(stdout: string): Pick<CliRun, 'cpuSeconds' | 'systemSeconds'> {
  const match = /CPU ([\d.]+) s \(user [\d.]+ s, system ([\d.]+) s\)/.exec(stdout);
  return { cpuSeconds: match ? Number(match[1]) : null, systemSeconds: match ? Number(match[2]) : null };
}

/** "12.34 s wall, CPU 20.10 s (system 6.02)": how the bench parts print a build's time. */
export function times(run: Pick<CliRun, 'seconds' | 'cpuSeconds' | 'systemSeconds'>): string {
  const cpu = run.cpuSeconds === null ? '?' : `${run.cpuSeconds.toFixed(2).padStart(6)} s (system ${run.systemSeconds?.toFixed(2) ?? '?'})`;
  return `${run.seconds.toFixed(2).padStart(6)} s wall, CPU ${cpu}`;
}

/** `hotel-site build …`; a failed build rejects with its stderr. */
export async function runBuild(args: string[], options: { openFiles?: number } = {}): Promise<CliRun> {
  const result = await runCli(['build', ...args], options);
  if (result.code !== 0) throw new Error(`build failed (exit ${result.code})\n${result.stderr}`);
  return result;
}
