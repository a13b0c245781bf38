// Runs the real bin as a user would, capturing exit code and output.
import { spawn } from 'node:child_process';
import { projectPath } from '../../site/project-root';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number; bin?: string } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.bin ?? projectPath('cli/hotel-site.mjs'), ...args], {
      cwd: options.cwd ?? projectPath(),
      env: { ...process.env, HOTEL_SITE_ENDPOINT: '', HOTEL_SITE_CMS_TOKEN: '', CI: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A config file that extends the project's own with `overrides` (e.g. fewer retries for tests). */
export function configExtending(overrides: Record<string, unknown>, baseFile = projectPath('site.config.ts')): string {
  return `import base from ${JSON.stringify(baseFile)};\nconst overrides = ${JSON.stringify(overrides)};\nexport default { ...base, ...overrides, content: { ...base.content, ...overrides.content } };\n`;
}
