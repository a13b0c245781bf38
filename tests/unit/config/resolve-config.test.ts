import { describe, expect, it } from 'vitest';
import { siteConfig } from '../../helpers/site-config';
import { resolveConfig } from '../../../site/config/resolve-config';
import { ConfigError } from '../../../site/errors';


function thrownBy(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

const FLAG = 'https://flag.example.com/graphql';
const ENV = 'https://env.example.com/graphql';
const FILE = 'https://file.example.com/graphql';

describe('resolveConfig', () => {
  it('fills in every default', () => {
    const resolved = resolveConfig(siteConfig(), {}, {});
    expect(resolved).toMatchObject({
      siteUrl: 'https://www.schloss-example.de',
      locales: { default: 'de', all: ['de', 'en'] },
      content: { endpoint: null, concurrency: 8, timeoutMs: 15_000, retries: 4 },
      newsletter: { actionUrl: null },
      analytics: { id: null },
      jsBudgetBytes: 80 * 1024,
    });
  });

  it('keeps the values the config sets', () => {
    const input = { ...siteConfig({ concurrency: 3, timeoutMs: 500, retries: 0 }), locales: { default: 'en' as const, all: ['en' as const, 'de' as const] } };
    const resolved = resolveConfig({ ...input, newsletter: { actionUrl: 'https://n.example.com' }, analytics: { id: 'G-1' }, jsBudgetBytes: 1000 }, {}, {});
    expect(resolved.content).toEqual({ endpoint: null, token: null, concurrency: 3, timeoutMs: 500, retries: 0, mediaHosts: [], mediaConcurrency: 32, maxMediaBytes: 50 * 1024 * 1024, mediaDeadlineMs: 60_000, maxResponseBytes: 64 * 1024 * 1024 });
    expect(resolved.locales).toEqual({ default: 'en', all: ['en', 'de'] });
    expect(resolved.newsletter.actionUrl).toBe('https://n.example.com');
    expect(resolved.analytics.id).toBe('G-1');
    expect(resolved.jsBudgetBytes).toBe(1000);
  });

  it.each([
    ['the flag over env and config', { endpoint: FLAG }, { HOTEL_SITE_ENDPOINT: ENV }, FILE, FLAG],
    ['the env over the config', {}, { HOTEL_SITE_ENDPOINT: ENV }, FILE, ENV],
    ['the config when no flag or env', {}, {}, FILE, FILE],
    ['the embedded backend (null) when none is set', {}, {}, undefined, null],
    ['the config when the env variable is empty', {}, { HOTEL_SITE_ENDPOINT: '' }, FILE, FILE],
  ])('endpoint precedence: %s', (_, overrides, env, fromFile, expected) => {
    const resolved = resolveConfig(siteConfig(fromFile ? { endpoint: fromFile } : undefined), overrides, env);
    expect(resolved.content.endpoint).toBe(expected);
  });

  it('lets --site-url and --concurrency override the config, without a trailing slash', () => {
    const resolved = resolveConfig(siteConfig({ concurrency: 4 }), { siteUrl: 'http://localhost:4321//', concurrency: 16 }, {});
    expect(resolved.siteUrl).toBe('http://localhost:4321');
    expect(resolved.content.concurrency).toBe(16);
  });

  it.each([
    ['https://x.example/sub/path', 'without the path /sub/path'],
    ['https://x.example/?q=1', 'without a query'],
    ['https://x.example/#top', 'without a fragment'],
    ['https://user:pw@x.example/', 'without credentials'],
  ])('refuses a site URL that is not an origin: %s', (siteUrl, message) => {
    expect(() => resolveConfig(siteConfig(), { siteUrl }, {})).toThrow(message);
  });

  it('checks HOTEL_SITE_ENDPOINT only when --endpoint does not override it', () => {
    expect(resolveConfig(siteConfig(), { endpoint: 'https://cms.example/graphql' }, { HOTEL_SITE_ENDPOINT: 'garbage' }).content.endpoint).toBe('https://cms.example/graphql');
    expect(() => resolveConfig(siteConfig(), {}, { HOTEL_SITE_ENDPOINT: 'garbage' })).toThrow(/HOTEL_SITE_ENDPOINT/);
  });

  it.each([
    [{ concurrency: 0 }, '--concurrency must be an integer from 1 to 64 (got 0)'],
    [{ concurrency: 65 }, '--concurrency must be an integer from 1 to 64 (got 65)'],
    [{ concurrency: 2.5 }, '--concurrency must be an integer from 1 to 64 (got 2.5)'],
    [{ concurrency: Number('eight') }, '--concurrency must be an integer from 1 to 64 (got NaN)'],
    [{ endpoint: 'localhost:4000/graphql' }, '--endpoint must be an absolute http(s) URL (got "localhost:4000/graphql")'],
    [{ siteUrl: 'www.schloss-example.de' }, '--site-url must be an absolute http(s) URL (got "www.schloss-example.de")'],
  ])('rejects the bad override %o naming the flag', (overrides, message) => {
    const error = thrownBy(() => resolveConfig(siteConfig(), overrides, {}));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe(message);
    expect(error.exitCode).toBe(2);
  });

  it('rejects a malformed HOTEL_SITE_ENDPOINT naming the variable', () => {
    expect(() => resolveConfig(siteConfig(), {}, { HOTEL_SITE_ENDPOINT: 'cms.example.com' })).toThrow(
      'HOTEL_SITE_ENDPOINT must be an absolute http(s) URL (got "cms.example.com")',
    );
  });

  it('is pure: neither the config nor the environment is changed, and no array is shared', () => {
    const input = { ...siteConfig({ endpoint: FILE }), locales: { default: 'de' as const, all: ['de' as const, 'en' as const] } };
    const snapshot = structuredClone(input);
    const env = { HOTEL_SITE_ENDPOINT: ENV };
    const resolved = resolveConfig(input, { concurrency: 2 }, env);
    expect(input).toEqual(snapshot);
    expect(env).toEqual({ HOTEL_SITE_ENDPOINT: ENV });
    expect(resolved.locales.all).not.toBe(input.locales.all);
    expect(resolveConfig(input, { concurrency: 2 }, env)).toEqual(resolved);
  });
});
