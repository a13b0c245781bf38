// Starts a long-running command of the real bin (preview, watch) and waits for the URL it prints.
import { spawn, type ChildProcess } from 'node:child_process';
import { projectPath } from '../../site/project-root';

export interface CliServer {
  /** "http://127.0.0.1:PORT/" as printed. */
  url: string;
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

export function startCliServer(args: string[], options: { bin?: string; cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<CliServer> {
  const child = spawn(process.execPath, [options.bin ?? projectPath('cli/hotel-site.mjs'), ...args], {
    cwd: options.cwd ?? projectPath(),
    env: { ...process.env, HOTEL_SITE_ENDPOINT: '', HOTEL_SITE_CMS_TOKEN: '', CI: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no URL printed within ${options.timeoutMs ?? 60_000} ms\n${stdout}\n${stderr}`));
    }, options.timeoutMs ?? 60_000);
    const check = () => {
      const match = /Listening on (http:\/\/\S+\/)/.exec(stdout);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', check);
      resolve({
        url: match[1]!,
        child,
        stdout: () => stdout,
        stderr: () => stderr,
        stop: () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before printing a URL\n${stdout}\n${stderr}`));
    });
  });
}
