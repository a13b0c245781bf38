import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { siteConfig } from '../../helpers/site-config';
import { loadConfig } from '../../../site/config/load-config';
import { resolveConfig } from '../../../site/config/resolve-config';
import { CmsToken, isLoopback } from '../../../site/content/cms-token';
import { ConfigError } from '../../../site/errors';
import { configHash } from '../../../site/incremental/build-record';
import { projectPath } from '../../../site/project-root';
import { redact, REDACTED } from '../../../site/redact';

const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.c2VjcmV0LXBheWxvYWQ.c2lnbmF0dXJl';
const OTHER = 'renewed-token-0123456789abcdef';


const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cms-token-'));
  dirs.push(dir);
  return dir;
}
async function fileWith(text: string, name = 'token'): Promise<string> {
  const file = join(await tempDir(), name);
  await writeFile(file, text);
  return file;
}
async function thrown(run: () => unknown): Promise<ConfigError> {
  try {
    await run();
  } catch (error) {
    return error as ConfigError;
  }
  throw new Error('expected an error');
}

describe('where the token comes from', () => {
  it('is nobody without a token: queries go anonymous', () => {
    expect(resolveConfig(siteConfig(), {}, {}).content.token).toBeNull();
    expect(resolveConfig(siteConfig(), {}, { HOTEL_SITE_CMS_TOKEN: '' }).content.token).toBeNull();
  });

  it('reads HOTEL_SITE_CMS_TOKEN, trimmed', async () => {
    const token = resolveConfig(siteConfig(), {}, { HOTEL_SITE_CMS_TOKEN: ` ${TOKEN}\n` }).content.token!;
    expect(token.origin).toEqual({ kind: 'env' });
    expect(await token.current()).toBe(TOKEN);
  });

  it('reads the file --token-file names, trimmed, relative to the current folder', async () => {
    const file = await fileWith(`\n  ${TOKEN}  \n`);
    const token = resolveConfig(siteConfig(), { tokenFile: file }, {}).content.token!;
    await token.load();
    expect(token.origin).toEqual({ kind: 'file', path: file, via: '--token-file' });
    expect(await token.current()).toBe(TOKEN);
  });

  it('reads content.tokenFile relative to the config file’s folder', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'cms.token'), TOKEN);
    const configFile = join(dir, 'test.config.ts');
    await writeFile(configFile, `import base from ${JSON.stringify(projectPath('site.config.ts'))};\nexport default { ...base, content: { ...base.content, tokenFile: 'cms.token' } };\n`);
    const loaded = await loadConfig({ configFile, cwd: projectPath() });
    const token = resolveConfig(loaded.config, {}, {}).content.token!;
    expect(token.origin).toEqual({ kind: 'file', path: join(dir, 'cms.token'), via: 'content.tokenFile' });
    await token.load();
    expect(await token.current()).toBe(TOKEN);
  });

  it.each([
    ['--token-file over the environment and the config', { tokenFile: '/flag/token' }, { HOTEL_SITE_CMS_TOKEN: TOKEN }, '/config/token', '--token-file'],
    ['the environment over the config', {}, { HOTEL_SITE_CMS_TOKEN: TOKEN }, '/config/token', 'env'],
    ['the config when neither is given', {}, {}, '/config/token', 'content.tokenFile'],
    ['the config when the variable is empty', {}, { HOTEL_SITE_CMS_TOKEN: '' }, '/config/token', 'content.tokenFile'],
  ])('precedence: %s', (_, overrides, env, tokenFile, expected) => {
    const token = resolveConfig(siteConfig({ tokenFile }), overrides, env).content.token!;
    expect(token.origin.kind === 'env' ? 'env' : token.origin.via).toBe(expected);
  });

  it('refuses a token file that is missing, empty or holds no token (exit 2), never quoting it', async () => {
    const missing = await thrown(() => CmsToken.fromFile('/nonexistent/cms.token', '--token-file').load());
    expect(missing).toBeInstanceOf(ConfigError);
    expect(missing.exitCode).toBe(2);
    expect(missing.message).toContain('/nonexistent/cms.token');
    expect(missing.message).toContain('ENOENT');

    const empty = await thrown(async () => CmsToken.fromFile(await fileWith(' \n\n'), 'content.tokenFile').load());
    expect(empty.exitCode).toBe(2);
    expect(empty.message).toMatch(/is empty/);

    const json = `{"token_type":"Bearer","access_token":"${TOKEN}"}`;
    const whole = await thrown(async () => CmsToken.fromFile(await fileWith(json), '--token-file').load());
    expect(whole.exitCode).toBe(2);
    expect(`${whole.message} ${whole.hint}`).not.toContain(TOKEN);
    expect(whole.hint).toContain('access_token');

    const env = await thrown(() => resolveConfig(siteConfig(), {}, { HOTEL_SITE_CMS_TOKEN: 'two\nlines' }));
    expect(env.exitCode).toBe(2);
    expect(env.message).toContain('HOTEL_SITE_CMS_TOKEN');
    expect(env.message).not.toContain('two');
  });

  it('takes a token copied with its "Bearer " prefix', async () => {
    expect(await CmsToken.fromEnv(`Bearer ${TOKEN}`).current()).toBe(TOKEN);
  });

  it('reads a renewed token file on the next request, and keeps the last good token while the file is being rewritten', async () => {
    const file = await fileWith(TOKEN);
    const token = CmsToken.fromFile(file, '--token-file');
    await token.load();
    expect(await token.current()).toBe(TOKEN);
    await writeFile(file, '');
    expect(await token.current()).toBe(TOKEN);
    await writeFile(file, `${OTHER}\n`);
    expect(await token.current()).toBe(OTHER);
  });

  it('reads the file again after a refusal even when its time and size look unchanged', async () => {
    const file = await fileWith(TOKEN);
    const time = new Date('2026-01-01T00:00:00Z');
    await utimes(file, time, time);
    const token = CmsToken.fromFile(file, '--token-file');
    await token.load();
    const same = TOKEN.replace(/^./, 'X');
    await writeFile(file, same);
    // Same size, same inode, the time set back by the writer: only the refusal makes it look again.
    await utimes(file, time, time);
    expect(await token.current()).toBe(TOKEN);
    expect(token.refused(TOKEN)).toBe(true);
    expect(token.refused(TOKEN)).toBe(false);
    expect(await token.current()).toBe(same);
  });
});

describe('the token stays out of what the config shows', () => {
  it('is neither in JSON (config hashes, comparisons) nor in util.inspect nor in the config hash', () => {
    const resolved = resolveConfig(siteConfig(), {}, { HOTEL_SITE_CMS_TOKEN: TOKEN });
    expect(JSON.stringify(resolved)).not.toContain(TOKEN);
    expect(JSON.stringify(resolved.content.token)).toBe('{"authenticated":true,"origin":{"kind":"env"}}');
    expect(inspect(resolved, { depth: 10 })).not.toContain(TOKEN);
    expect(inspect(resolved.content.token)).toBe('CmsToken(HOTEL_SITE_CMS_TOKEN)');
    // Keyed by whether a token is used, not by which: a rotated token keeps the build's caches.
    const rotated = resolveConfig(siteConfig(), {}, { HOTEL_SITE_CMS_TOKEN: OTHER });
    expect(configHash(rotated)).toBe(configHash(resolved));
    expect(configHash(resolveConfig(siteConfig(), {}, {}))).not.toBe(configHash(resolved));
  });

  it('redacts every token read, and any bearer credential quoted from headers', () => {
    CmsToken.fromEnv(TOKEN);
    expect(redact(`failed: {"authorization":"Bearer ${TOKEN}"} and ${TOKEN}`)).toBe(`failed: {"authorization":"Bearer ${REDACTED}"} and ${REDACTED}`);
    expect(redact('Authorization: Bearer abcdefghijklmnopqrstuvwxyz0123')).toBe(`Authorization: Bearer ${REDACTED}`);
    // Prose about tokens stays readable.
    expect(redact('a Bearer token from HOTEL_SITE_CMS_TOKEN')).toBe('a Bearer token from HOTEL_SITE_CMS_TOKEN');
  });
});

describe('a token travels over https, or over http to this machine only', () => {
  it.each([
    ['http://cms.example.com/graphql', false],
    ['http://10.0.0.5:8080/graphql', false],
    ['http://127.0.0.2.nip.io/graphql', false],
    ['https://cms.example.com/graphql', true],
    ['http://127.0.0.1:4000/graphql', true],
    ['http://localhost:4000/graphql', true],
    ['http://[::1]:4000/graphql', true],
  ])('%s: allowed %s', async (endpoint, allowed) => {
    const run = () => resolveConfig(siteConfig(), { endpoint }, { HOTEL_SITE_CMS_TOKEN: TOKEN });
    if (allowed) expect(run).not.toThrow();
    else {
      const error = await thrown(run);
      expect(error).toBeInstanceOf(ConfigError);
      expect(error.exitCode).toBe(2);
      expect(error.message).toContain('plain http');
      expect(error.hint).toContain('https://');
      expect(`${error.message} ${error.hint}`).not.toContain(TOKEN);
    }
  });

  it('lets an anonymous build use plain http as before', () => {
    expect(resolveConfig(siteConfig(), { endpoint: 'http://cms.example.com/graphql' }, {}).content.endpoint).toBe('http://cms.example.com/graphql');
  });

  it('knows this machine’s names', () => {
    expect(['localhost', '127.0.0.1', '127.8.9.10', '[::1]', 'cms.localhost'].every(isLoopback)).toBe(true);
    expect(['localhost.example.com', '128.0.0.1', '::ffff:10.0.0.1', '0.0.0.0'].some(isLoopback)).toBe(false);
  });
});
