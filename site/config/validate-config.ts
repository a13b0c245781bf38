// Checks the default export of site.config.ts against SITE_CONFIG_SCHEMA, a small declarative
// description of SiteConfig. The walk collects every problem before throwing, so one run of the
// CLI shows the user all of them (a config is usually edited in one go), each naming its key path.
import { isAbsolute, relative, sep } from 'node:path';
import { LOCALES } from '../model/content-types';
import { ConfigError } from '../errors';
import type { BadgeImage, HotelFacts, LinkTarget, SiteConfig } from './define-config';

type Schema =
  | { kind: 'string'; format?: { test: (value: string) => boolean; expected: string } }
  /** Absolute http(s) URL; `sitePath` also allows "/path"; `contains` requires a placeholder. */
  | { kind: 'url'; sitePath?: boolean; contains?: string }
  | { kind: 'int'; min: number; max?: number }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'object'; fields: Record<string, Schema>; check?: (value: Record<string, unknown>) => Problem[] }
  | { kind: 'array'; items: Schema }
  | { kind: 'optional'; schema: Schema }
  | { kind: 'nullable'; schema: Schema };

/** A problem found by an object's cross-field check; `key` is relative to that object. */
type Problem = { key: string; message: string };

// Typed against the interfaces, so a field added to define-config.ts without a schema entry (or
// a schema entry for a field that does not exist) fails the typecheck instead of drifting.
function object<T>(fields: { [K in keyof T]-?: Schema }, check?: (value: Record<string, unknown>) => Problem[]): Schema {
  return { kind: 'object', fields, ...(check ? { check } : {}) };
}
const optional = (schema: Schema): Schema => ({ kind: 'optional', schema });
/** A map with a fixed set of optional keys, e.g. one value per locale. */
const record = (keys: readonly string[], values: Schema): Schema => ({ kind: 'object', fields: Object.fromEntries(keys.map((k) => [k, optional(values)])) });
const int = (min: number, max?: number): Schema => ({ kind: 'int', min, ...(max === undefined ? {} : { max }) });
const text: Schema = { kind: 'string' };
const url: Schema = { kind: 'url' };
const urlOrSitePath: Schema = { kind: 'url', sitePath: true };
const locale: Schema = { kind: 'enum', values: LOCALES };
const IDENTIFIER_PATH = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

const link = object<LinkTarget>({ name: text, url });
const badge = object<BadgeImage>({ name: text, image: urlOrSitePath, url: optional(url), width: int(1), height: int(1) });

function checkLocales(value: Record<string, unknown>): Problem[] {
  const all = value.all as string[];
  const complete = LOCALES.every((l) => all.includes(l)) && new Set(all).size === all.length;
  return [
    ...(complete ? [] : [{ key: 'all', message: `must list each of ${LOCALES.map((l) => `"${l}"`).join(' and ')} once (got ${describe(all)})` }]),
    ...(all.includes(value.default as string) ? [] : [{ key: 'default', message: `must be one of locales.all (got ${describe(value.default)})` }]),
  ];
}

export const SITE_CONFIG_SCHEMA: Schema = object<SiteConfig>({
  siteUrl: url,
  locales: optional(object<NonNullable<SiteConfig['locales']>>({ default: locale, all: { kind: 'array', items: locale } }, checkLocales)),
  content: optional(
    object<NonNullable<SiteConfig['content']>>({
      endpoint: optional(url),
      tokenFile: optional({ kind: 'string', format: { test: (s) => s.trim() !== '', expected: 'the path of a file holding the token' } }),
      concurrency: optional(int(1, 64)),
      timeoutMs: optional(int(100)),
      retries: optional(int(0, 10)),
      mediaHosts: optional({ kind: 'array', items: { kind: 'string', format: { test: isMediaHost, expected: 'an origin like "https://cdn.example.com" or a host name' } } }),
      mediaConcurrency: optional(int(1, 64)),
      maxMediaBytes: optional(int(1024)),
      mediaDeadlineMs: optional(int(1000)),
      maxResponseBytes: optional(int(64 * 1024)),
    }),
  ),
  cacheDir: optional(text),
  cacheMaxAgeHours: optional(int(0)),
  hotel: object<HotelFacts>({
    name: text,
    address: object<HotelFacts['address']>({ street: text, postalCode: text, city: text, country: text }),
    phone: text,
    email: { kind: 'string', format: { test: (s) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), expected: 'an email address' } },
    sisterHotels: { kind: 'array', items: link },
    social: { kind: 'array', items: link },
    awards: { kind: 'array', items: badge },
    ratingBadge: { kind: 'nullable', schema: badge },
    geo: optional(object<NonNullable<HotelFacts['geo']>>({ latitude: { kind: 'number', min: -90, max: 90 }, longitude: { kind: 'number', min: -180, max: 180 } })),
  }),
  booking: object<SiteConfig['booking']>({
    scriptUrl: { kind: 'url', contains: '{locale}' },
    // A global the provider's script defines, looked up property by property: no calls, no brackets.
    openFunction: { kind: 'string', format: { test: (s) => IDENTIFIER_PATH.test(s), expected: 'a JavaScript identifier path like "Booking.open"' } },
    fallbackUrl: record(LOCALES, urlOrSitePath),
  }),
  newsletter: optional(object<NonNullable<SiteConfig['newsletter']>>({ actionUrl: url })),
  analytics: optional(object<NonNullable<SiteConfig['analytics']>>({ id: optional(text) })),
  jsBudgetBytes: optional(int(1)),
});

export function validateConfig(raw: unknown, file: string, cwd: string = process.cwd()): SiteConfig {
  const problems: string[] = [];
  walk(SITE_CONFIG_SCHEMA, raw, '', problems);
  if (problems.length === 0) return raw as SiteConfig;
  const shown = displayPath(file, cwd);
  throw new ConfigError(`Invalid configuration in ${shown}\n${problems.map((p) => `  ${shown}: ${p}`).join('\n')}`, {
    hint: 'Fix the keys listed above; the shape of the config is documented in site/config/define-config.ts.',
  });
}

/** The path as the user would type it: relative to cwd when inside it, else absolute. */
export function displayPath(file: string, cwd: string = process.cwd()): string {
  const rel = relative(cwd, file);
  return rel === '' || rel.split(sep)[0] === '..' || isAbsolute(rel) ? file : rel;
}

/** "https://cdn.example.com" (an origin, nothing after it) or "cdn.example.com". */
export function isMediaHost(value: string): boolean {
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  if (!isHttpUrl(candidate)) return false;
  const url = new URL(candidate);
  return !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash && !/[/?#@]/.test(value.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/$/, ''));
}

export function isHttpUrl(value: string): boolean {
  const parsed = value.trim() === value && URL.canParse(value) ? new URL(value) : undefined;
  return (parsed?.protocol === 'http:' || parsed?.protocol === 'https:') && parsed.host !== '';
}

function walk(schema: Schema, value: unknown, path: string, problems: string[]): void {
  if (schema.kind === 'optional' && value === undefined) return;
  if (schema.kind === 'nullable' && value === null) return;
  if (schema.kind === 'optional' || schema.kind === 'nullable') return walk(schema.schema, value, path, problems);
  const name = path || 'the default export';
  if (value === undefined) return void problems.push(`${name} is required (${kind(schema).expected(schema)})`);
  if (!kind(schema).test(schema, value)) return void problems.push(`${name} must be ${kind(schema).expected(schema)} (got ${describe(value)})`);

  if (schema.kind === 'array') {
    (value as unknown[]).forEach((item, i) => walk(schema.items, item, `${path}[${i}]`, problems));
  } else if (schema.kind === 'object') {
    const record = value as Record<string, unknown>;
    const known = Object.keys(schema.fields);
    const before = problems.length;
    // A misspelt key is reported once, as unknown with its correction, not also as missing.
    const misspelt = new Set<string>();
    for (const key of Object.keys(record).filter((k) => !known.includes(k))) {
      const guess = closest(key, known);
      if (guess !== undefined) misspelt.add(guess);
      const advice = guess === undefined ? `(allowed: ${known.map((k) => `"${k}"`).join(', ')})` : `(did you mean "${guess}"?)`;
      problems.push(`unknown key "${join(path, key)}" ${advice}`);
    }
    for (const [key, field] of Object.entries(schema.fields)) {
      if (!(misspelt.has(key) && record[key] === undefined)) walk(field, record[key], join(path, key), problems);
    }
    // Cross-field checks assume the fields themselves are valid.
    if (schema.check && problems.length === before) {
      for (const p of schema.check(record)) problems.push(`${join(path, p.key)} ${p.message}`);
    }
  }
}

type Plain = Exclude<Schema, { kind: 'optional' | 'nullable' }>;
interface Kind<S> {
  test(schema: S, value: any): boolean;
  expected(schema: S): string;
}

// One row per kind: what a value must look like, and how to say so in a message.
const KINDS: { [K in Plain['kind']]: Kind<Extract<Plain, { kind: K }>> } = {
  string: {
    test: (s, v) => typeof v === 'string' && v.trim() !== '' && (!s.format || s.format.test(v)),
    expected: (s) => s.format?.expected ?? 'a non-empty string',
  },
  url: {
    test: (s, v) =>
      typeof v === 'string' && (s.contains === undefined || v.includes(s.contains)) && (isHttpUrl(v) || (s.sitePath === true && /^\/(?!\/)\S*$/.test(v))),
    expected: (s) => `an absolute http(s) URL${s.sitePath ? ' or a site path starting with "/"' : ''}${s.contains ? ` containing "${s.contains}"` : ''}`,
  },
  int: {
    test: (s, v) => Number.isInteger(v) && v >= s.min && (s.max === undefined || v <= s.max),
    expected: (s) => (s.max === undefined ? `an integer ≥ ${s.min}` : `an integer from ${s.min} to ${s.max}`),
  },
  number: {
    test: (s, v) => typeof v === 'number' && v >= s.min && v <= s.max,
    expected: (s) => `a number from ${s.min} to ${s.max}`,
  },
  enum: { test: (s, v) => s.values.includes(v), expected: (s) => `one of ${s.values.map((v) => `"${v}"`).join(', ')}` },
  array: { test: (_, v) => Array.isArray(v), expected: () => 'an array' },
  object: { test: (_, v) => typeof v === 'object' && v !== null && !Array.isArray(v), expected: () => 'an object' },
};

const kind = (schema: Plain) => KINDS[schema.kind] as Kind<Plain>;

/** Shown after "(got …)": strings quoted, containers named rather than dumped. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (Array.isArray(value)) return value.every((v) => typeof v === 'string') ? JSON.stringify(value) : 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'function') return 'a function';
  return String(value);
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** The known key a typo most likely meant, if any is close enough. */
function closest(key: string, known: readonly string[]): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  // A third of the length catches typos and casing ("adress", "siteURL") but not unrelated keys.
  return best && best.distance <= Math.max(1, Math.floor(best.candidate.length / 3)) ? best.candidate : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
