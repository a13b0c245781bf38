// Turns a validated SiteConfig plus CLI flags and the environment into the ResolvedConfig the build
// reads: every default filled in, so no other module needs to know one. Pure: the caller passes
// process.env, which keeps the precedence rules testable.
import { resolve } from 'node:path';
import { checkTokenTransport, CmsToken, TOKEN_ENV } from '../content/cms-token';
import { ConfigError } from '../errors';
import { projectPath } from '../project-root';
import type { ResolvedConfig, SiteConfig } from './define-config';
import { describe, isHttpUrl } from './validate-config';

export interface ConfigOverrides {
  /** --endpoint */
  endpoint?: string;
  /** --site-url */
  siteUrl?: string;
  /** --concurrency */
  concurrency?: number;
  /** --cache-dir, relative to the current folder */
  cacheDir?: string;
  /** --token-file, relative to the current folder */
  tokenFile?: string;
}

export const DEFAULTS = {
  concurrency: 8,
  mediaConcurrency: 32,
  timeoutMs: 15_000,
  retries: 4,
  jsBudgetBytes: 80 * 1024,
  maxMediaBytes: 50 * 1024 * 1024,
  mediaDeadlineMs: 60_000,
  maxResponseBytes: 64 * 1024 * 1024,
  cacheDir: 'node_modules/.cache/hotel-site',
  cacheMaxAgeHours: 24,
  locales: { default: 'de', all: ['de', 'en'] },
} as const;

/** Points the build at a CMS without editing the config (CI, staging). */
export const ENDPOINT_ENV = 'HOTEL_SITE_ENDPOINT';

export function resolveConfig(config: SiteConfig, overrides: ConfigOverrides, env: NodeJS.ProcessEnv): ResolvedConfig {
  checkUrl('--endpoint', overrides.endpoint);
  checkUrl('--site-url', overrides.siteUrl);
  const concurrency = overrides.concurrency;
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 64)) {
    throw new ConfigError(`--concurrency must be an integer from 1 to 64 (got ${describe(concurrency)})`);
  }
  // An empty variable counts as unset, as shells make `VAR= cmd` the usual way to clear one.
  const envEndpoint = env[ENDPOINT_ENV] || undefined;
  // Only when it is used: --endpoint overrides it.
  if (overrides.endpoint === undefined) checkUrl(ENDPOINT_ENV, envEndpoint);
  const siteUrl = overrides.siteUrl ?? config.siteUrl;
  checkSiteOrigin(overrides.siteUrl !== undefined ? '--site-url' : 'siteUrl in the config', siteUrl);

  const content = config.content ?? {};
  const endpoint = overrides.endpoint ?? envEndpoint ?? content.endpoint ?? null;
  const token = cmsToken(overrides.tokenFile, env[TOKEN_ENV] || undefined, content.tokenFile);
  // Refused before any request; the embedded backend listens on loopback.
  if (token && endpoint) checkTokenTransport(endpoint, token);
  return {
    siteUrl: new URL(siteUrl).origin,
    locales: config.locales
      ? { default: config.locales.default, all: [...config.locales.all] }
      : { default: DEFAULTS.locales.default, all: [...DEFAULTS.locales.all] },
    content: {
      // Flag > environment > config file > null (the embedded content backend).
      endpoint,
      token,
      concurrency: concurrency ?? content.concurrency ?? DEFAULTS.concurrency,
      timeoutMs: content.timeoutMs ?? DEFAULTS.timeoutMs,
      retries: content.retries ?? DEFAULTS.retries,
      mediaHosts: [...(content.mediaHosts ?? [])],
      mediaConcurrency: content.mediaConcurrency ?? DEFAULTS.mediaConcurrency,
      maxMediaBytes: content.maxMediaBytes ?? DEFAULTS.maxMediaBytes,
      mediaDeadlineMs: content.mediaDeadlineMs ?? DEFAULTS.mediaDeadlineMs,
      maxResponseBytes: content.maxResponseBytes ?? DEFAULTS.maxResponseBytes,
    },
    cacheDir: overrides.cacheDir !== undefined ? resolve(overrides.cacheDir) : projectPath(config.cacheDir ?? DEFAULTS.cacheDir),
    hotel: config.hotel,
    booking: config.booking,
    newsletter: { actionUrl: config.newsletter?.actionUrl ?? null },
    analytics: { id: config.analytics?.id ?? null },
    jsBudgetBytes: config.jsBudgetBytes ?? DEFAULTS.jsBudgetBytes,
    cacheMaxAgeHours: config.cacheMaxAgeHours ?? DEFAULTS.cacheMaxAgeHours,
  };
}

/**
 * The CMS account's token, by the same precedence as the endpoint: --token-file > the
 * environment > content.tokenFile (already absolute) > none. Files are read when connecting.
 */
function cmsToken(flagFile: string | undefined, envValue: string | undefined, configFile: string | undefined): CmsToken | null {
  if (flagFile !== undefined) {
    if (!flagFile.trim()) throw new ConfigError('--token-file needs the path of a file holding the token');
    return CmsToken.fromFile(resolve(flagFile), '--token-file');
  }
  if (envValue !== undefined) return CmsToken.fromEnv(envValue);
  return configFile !== undefined ? CmsToken.fromFile(resolve(configFile), 'content.tokenFile') : null;
}

/**
 * The site is published at the root of its origin: pages, assets and the root redirect use
 * root-relative links, robots.txt only counts at the root. A path, query, fragment or credentials
 * would give canonical links and a sitemap that point elsewhere than the pages are.
 */
function checkSiteOrigin(source: string, value: string): void {
  const url = new URL(value);
  const extra = url.username || url.password ? 'credentials' : !/^\/+$/.test(url.pathname) ? `the path ${url.pathname}` : url.search ? 'a query' : url.hash ? 'a fragment' : null;
  if (extra) {
    throw new ConfigError(`${source} must be the origin the site is published on, without ${extra} (got ${describe(value)})`, {
      hint: `Use e.g. ${url.origin}: the site lives at /de/ and /en/ under it; publishing under a sub-path is not supported.`,
    });
  }
}

function checkUrl(source: string, value: string | undefined): void {
  if (value !== undefined && !isHttpUrl(value)) {
    throw new ConfigError(`${source} must be an absolute http(s) URL (got ${describe(value)})`, {
      hint: source === ENDPOINT_ENV ? `Unset ${ENDPOINT_ENV} or set it to a URL like https://cms.example.com/graphql.` : undefined,
    });
  }
}
