import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../../site/config/define-config';
import { validateConfig } from '../../../site/config/validate-config';
import { ConfigError } from '../../../site/errors';

const CWD = '/project';
const FILE = join(CWD, 'site.config.ts');

function validConfig(): SiteConfig {
  return {
    siteUrl: 'https://www.schloss-example.de',
    locales: { default: 'de', all: ['de', 'en'] },
    content: { endpoint: 'https://cms.example.com/graphql', concurrency: 8, timeoutMs: 15_000, retries: 4 },
    hotel: {
      name: 'Schloss Example',
      address: { street: 'Schlossweg 1', postalCode: '12345', city: 'Example', country: 'Germany' },
      phone: '+49 3322 2107-0',
      email: 'info@schloss-example.de',
      sisterHotels: [{ name: 'Gut Example', url: 'https://gut-example.de' }],
      social: [{ name: 'Instagram', url: 'https://www.instagram.com/schloss.example/' }],
      awards: [{ name: 'Spa award', image: '/badges/spa.svg', width: 120, height: 120 }],
      ratingBadge: { name: 'Rating', image: 'https://cdn.example.com/rating.svg', url: 'https://reviews.example.com', width: 160, height: 80 },
      geo: { latitude: 52.5, longitude: 13.4 },
    },
    booking: {
      scriptUrl: 'https://booking.example.com/widget.js?lang={locale}',
      openFunction: 'Booking.open',
      fallbackUrl: { de: 'https://booking.example.com/de', en: '/en/booking' },
    },
    newsletter: { actionUrl: 'https://newsletter.example.com/subscribe' },
    analytics: { id: 'G-123' },
    jsBudgetBytes: 50_000,
  };
}

/** Validates `raw` and returns the problem lines of the ConfigError (without the title). */
function problemsOf(raw: unknown): string[] {
  try {
    validateConfig(raw, FILE, CWD);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const [title, ...problems] = (error as ConfigError).message.split('\n');
    expect(title).toBe('Invalid configuration in site.config.ts');
    return problems.map((line) => line.trim());
  }
  throw new Error('expected validateConfig to throw');
}

describe('validateConfig', () => {
  it('returns a valid config unchanged', () => {
    const config = validConfig();
    expect(validateConfig(config, FILE, CWD)).toBe(config);
  });

  it('accepts the minimal config: optional sections absent, ratingBadge null, analytics without id', () => {
    const { locales, content, newsletter, jsBudgetBytes, ...minimal } = validConfig();
    const config = { ...minimal, analytics: {}, hotel: { ...minimal.hotel, ratingBadge: null, geo: undefined } };
    expect(validateConfig(config, FILE, CWD)).toBe(config);
  });

  it('reports an unknown key with its path and a did-you-mean', () => {
    const config = validConfig() as any;
    config.hotel.adress = config.hotel.address;
    delete config.hotel.address;
    // Reported once, as a typo, not also as "hotel.address is required".
    expect(problemsOf(config)).toEqual(['site.config.ts: unknown key "hotel.adress" (did you mean "address"?)']);
  });

  it('suggests across casing at the top level and lists the allowed keys when nothing is close', () => {
    const config = { ...validConfig(), siteURL: 'https://x.de', colour: 'red' } as any;
    const problems = problemsOf(config);
    expect(problems).toContain('site.config.ts: unknown key "siteURL" (did you mean "siteUrl"?)');
    expect(problems.find((p) => p.includes('"colour"'))).toMatch(/\(allowed: "siteUrl", "locales", .*"jsBudgetBytes"\)$/);
  });

  it('reports every wrong type at once, each naming its key path', () => {
    const config = validConfig() as any;
    config.siteUrl = 'www.schloss-example.de';
    config.content.concurrency = 'eight';
    config.content.timeoutMs = 50;
    config.content.retries = 11;
    config.content.maxResponseBytes = '64 MB';
    config.hotel.awards[0].width = '120';
    config.hotel.email = 'info at schloss';
    config.hotel.geo.latitude = 152.5;
    config.jsBudgetBytes = 0;
    config.analytics.id = 42;
    expect(problemsOf(config)).toEqual([
      'site.config.ts: siteUrl must be an absolute http(s) URL (got "www.schloss-example.de")',
      'site.config.ts: content.concurrency must be an integer from 1 to 64 (got "eight")',
      'site.config.ts: content.timeoutMs must be an integer ≥ 100 (got 50)',
      'site.config.ts: content.retries must be an integer from 0 to 10 (got 11)',
      'site.config.ts: content.maxResponseBytes must be an integer ≥ 65536 (got "64 MB")',
      'site.config.ts: hotel.email must be an email address (got "info at schloss")',
      'site.config.ts: hotel.awards[0].width must be an integer ≥ 1 (got "120")',
      'site.config.ts: hotel.geo.latitude must be a number from -90 to 90 (got 152.5)',
      'site.config.ts: analytics.id must be a non-empty string (got 42)',
      'site.config.ts: jsBudgetBytes must be an integer ≥ 1 (got 0)',
    ]);
  });

  it('names missing required keys and what they should be', () => {
    const config = validConfig() as any;
    delete config.booking.scriptUrl;
    delete config.hotel;
    expect(problemsOf(config)).toEqual([
      'site.config.ts: hotel is required (an object)',
      'site.config.ts: booking.scriptUrl is required (an absolute http(s) URL containing "{locale}")',
    ]);
  });

  it('checks the booking settings', () => {
    const config = validConfig() as any;
    config.booking.scriptUrl = 'https://booking.example.com/widget.js';
    config.booking.openFunction = 'Booking.open()';
    config.booking.fallbackUrl = { de: 'buchen', fr: 'https://booking.example.com/fr' };
    expect(problemsOf(config)).toEqual([
      'site.config.ts: booking.scriptUrl must be an absolute http(s) URL containing "{locale}" (got "https://booking.example.com/widget.js")',
      'site.config.ts: booking.openFunction must be a JavaScript identifier path like "Booking.open" (got "Booking.open()")',
      'site.config.ts: unknown key "booking.fallbackUrl.fr" (allowed: "de", "en")',
      'site.config.ts: booking.fallbackUrl.de must be an absolute http(s) URL or a site path starting with "/" (got "buchen")',
    ]);
  });

  it('accepts a plain global function name and site paths as fallbacks', () => {
    const config = validConfig();
    config.booking.openFunction = 'openBookingSidebar';
    config.booking.fallbackUrl = { de: '/de/buchen' };
    expect(validateConfig(config, FILE, CWD)).toBe(config);
  });

  it('requires both languages, each once, and a default among them', () => {
    const onlyGerman = validConfig() as any;
    onlyGerman.locales = { default: 'en', all: ['de', 'de'] };
    expect(problemsOf(onlyGerman)).toEqual([
      'site.config.ts: locales.all must list each of "de" and "en" once (got ["de","de"])',
      'site.config.ts: locales.default must be one of locales.all (got "en")',
    ]);
    const french = validConfig() as any;
    french.locales = { default: 'fr', all: ['de', 'en', 'fr'] };
    expect(problemsOf(french)).toEqual([
      'site.config.ts: locales.default must be one of "de", "en" (got "fr")',
      'site.config.ts: locales.all[2] must be one of "de", "en" (got "fr")',
    ]);
  });

  it('rejects a default export that is not an object', () => {
    expect(problemsOf(() => ({}))).toEqual(['site.config.ts: the default export must be an object (got a function)']);
  });

  it('throws a config error (exit code 2) naming a file outside cwd by its absolute path', () => {
    const error = (() => {
      try {
        validateConfig({}, '/elsewhere/site.config.ts', CWD);
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.exitCode).toBe(2);
    expect(error?.message).toMatch(/^Invalid configuration in \/elsewhere\/site\.config\.ts\n/);
    expect(error?.hint).toContain('define-config.ts');
  });
});
