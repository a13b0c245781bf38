import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../site/project-root';
import { runCli } from '../helpers/cli';

describe('hotel-site CLI', () => {
  it('--help lists the commands and --version prints the version', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/build/);
    expect(help.stdout).toMatch(/cms/);
    const version = await runCli(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('build --help lists every option of the contract', async () => {
    const { code, stdout } = await runCli(['build', '--help']);
    expect(code).toBe(0);
    for (const flag of ['--endpoint <url>', '--out <dir>', '--site-url <url>', '--concurrency <n>', '--config <file>', '--quiet']) expect(stdout).toContain(flag);
  });

  it('exits 2 on a usage error, naming the flag', async () => {
    const bad = await runCli(['build', '--concurrency', 'eight']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--concurrency');
    expect((await runCli(['publish'])).code).toBe(2);
  });

  it('refuses an --out that would delete what the user had (exit 2), and leaves it as it was', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cli-out-'));
    try {
      await writeFile(join(dir, 'thesis.md'), 'four years of work');
      const foreign = await runCli(['build', '--out', dir, '--quiet']);
      expect(foreign.code).toBe(2);
      expect(foreign.stderr).toContain(`Refusing to use ${dir} as the output folder: it holds files a build does not write (thesis.md)`);
      expect(await readFile(join(dir, 'thesis.md'), 'utf8')).toBe('four years of work');
      const project = await runCli(['build', '--out', '.', '--quiet']);
      expect(project.code).toBe(2);
      expect(project.stderr).toContain('it is the project folder');
    } finally {
      await rm(dir, { recursive: true, force: true, maxRetries: 10 });
    }
  });

  it('exits 2 on a port out of range', async () => {
    for (const command of ['preview', 'watch', 'cms']) {
      const result = await runCli([command, '--port', '99999']);
      expect(result.code, command).toBe(2);
      expect(result.stderr, command).toContain('--port takes a whole number from 0 to 65535');
    }
  });

  it('exits 2 on a broken config, naming the file and the key', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cli-config-'));
    const file = join(dir, 'broken.config.ts');
    await writeFile(file, `import base from ${JSON.stringify(projectPath('site.config.ts'))};\nexport default { ...base, content: { concurency: 4 } };\n`);
    const result = await runCli(['build', '--config', file, '--out', join(dir, 'dist')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('broken.config.ts');
    expect(result.stderr).toContain('content.concurency');
    const syntax = join(dir, 'syntax.config.ts');
    await writeFile(syntax, 'export default { siteUrl: ');
    const broken = await runCli(['build', '--config', syntax, '--out', join(dir, 'dist')]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('syntax.config.ts');
    await rm(dir, { recursive: true, force: true, maxRetries: 10 });
  });

  it('cms prints its loopback endpoint and answers GraphQL there', async () => {
    const child = spawn(process.execPath, [projectPath('cli/hotel-site.mjs'), 'cms', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk) => {
          out += chunk;
          if (out.includes('\n')) resolve(out.trim());
        });
        child.on('exit', () => reject(new Error('cms exited')));
      });
      expect(line).toMatch(/^listening http:\/\/127\.0\.0\.1:\d+\/graphql$/);
      const response = await fetch(line.slice('listening '.length), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ availableLanguages { id isDefault } }' }),
      });
      const body = (await response.json()) as { data: { availableLanguages: { id: string; isDefault: boolean }[] } };
      expect(body.data.availableLanguages).toContainEqual({ id: 'de', isDefault: true });
    } finally {
      child.kill('SIGTERM');
    }
  });
});
