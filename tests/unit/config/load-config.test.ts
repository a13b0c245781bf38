import { mkdir, mkdtemp, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../site/config/load-config';
import { resolveConfig } from '../../../site/config/resolve-config';
import { ConfigError } from '../../../site/errors';
import { PROJECT_ROOT, projectPath } from '../../../site/project-root';

const DEFINE_CONFIG = projectPath('site/config/define-config.ts');

let dir: string;
beforeEach(async () => {
  // realpath: macOS's tmpdir is a symlink, and the loader reports resolved paths.
  dir = await realpath(await mkdtemp(join(tmpdir(), 'hotel-site-config-')));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true, maxRetries: 10 });
});

async function write(name: string, text: string): Promise<string> {
  const file = join(dir, name);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
  return file;
}

/** A valid config whose hotel facts live in a second local file, as a real project might split it. */
async function writeValidProject(siteUrl = 'https://www.schloss-example.de'): Promise<void> {
  await write(
    'config/hotel.ts',
    `import type { HotelFacts } from ${JSON.stringify(DEFINE_CONFIG)};
export const hotel: HotelFacts = {
  name: 'Schloss Example',
  address: { street: 'Schlossweg 1', postalCode: '12345', city: 'Example', country: 'Germany' },
  phone: '+49 3322 2107-0',
  email: 'info@schloss-example.de',
  sisterHotels: [], social: [], awards: [], ratingBadge: null,
};
export const here = import.meta.url;
`,
  );
  await write(
    'site.config.ts',
    `import { defineConfig } from ${JSON.stringify(DEFINE_CONFIG)};
import { hotel, here } from './config/hotel';
import { scriptHost } from 'booking-host';
export const hotelModuleUrl = here;
export default defineConfig({
  siteUrl: ${JSON.stringify(siteUrl)},
  hotel,
  booking: { scriptUrl: \`https://\${scriptHost}/widget.js?lang={locale}\`, openFunction: 'Booking.open', fallbackUrl: { de: '/de/buchen' } },
});
`,
  );
  // A package next to the config: it must stay external and still resolve from the temporary file.
  await write('node_modules/booking-host/package.json', JSON.stringify({ name: 'booking-host', type: 'module', main: 'index.js' }));
  await write('node_modules/booking-host/index.js', `export const scriptHost = 'booking.example.com';\n`);
}

async function leftovers(): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.includes('.timestamp-'));
}

async function loadError(options: Parameters<typeof loadConfig>[0]): Promise<ConfigError> {
  const error = await loadConfig(options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as ConfigError).exitCode).toBe(2);
  return error as ConfigError;
}

describe('loadConfig', () => {
  it('loads a valid TypeScript config and lists the local files it imported as dependencies', async () => {
    await writeValidProject();
    const { config, file, dependencies } = await loadConfig({ cwd: dir });
    expect(file).toBe(join(dir, 'site.config.ts'));
    expect(config.hotel.name).toBe('Schloss Example');
    expect(config.booking.scriptUrl).toBe('https://booking.example.com/widget.js?lang={locale}');
    expect([...dependencies].sort()).toEqual([DEFINE_CONFIG, join(dir, 'config/hotel.ts'), join(dir, 'site.config.ts')].sort());
    expect(await leftovers()).toEqual([]);
  });

  it('takes an explicit config file relative to cwd', async () => {
    await write('configs/staging.config.ts', `export default { siteUrl: 'nope' };\n`);
    const error = await loadError({ cwd: dir, configFile: 'configs/staging.config.ts' });
    expect(error.message).toMatch(/^Invalid configuration in configs\/staging\.config\.ts\n/);
  });

  it('gives each imported module its own import.meta.url, not the temporary file’s', async () => {
    await writeValidProject();
    await write('check.config.ts', `export { hotelModuleUrl as default } from './site.config';\n`);
    // The default export is a string, so validation fails; the message shows what import.meta.url was.
    const error = await loadError({ cwd: dir, configFile: 'check.config.ts' });
    expect(error.message).toContain(`(got ${JSON.stringify(`file://${join(dir, 'config/hotel.ts')}`)})`);
  });

  it('reloads a changed config instead of returning the cached module', async () => {
    await writeValidProject('https://one.example.com');
    expect((await loadConfig({ cwd: dir })).config.siteUrl).toBe('https://one.example.com');
    await writeValidProject('https://two.example.com');
    expect((await loadConfig({ cwd: dir })).config.siteUrl).toBe('https://two.example.com');
  });

  it('reports a syntax error with file, line and column, and leaves no temporary file', async () => {
    await write('site.config.ts', `export default {\n  siteUrl: 'https://x.de',\n  hotel: {;\n};\n`);
    const error = await loadError({ cwd: dir });
    expect(error.message).toMatch(/^Could not compile site\.config\.ts\n  site\.config\.ts:3:11: Expected identifier but found ";"/);
    expect(error.message).toContain('  hotel: {;');
    expect(await leftovers()).toEqual([]);
  });

  it('names the imported file when the syntax error is there', async () => {
    await write('site.config.ts', `import { hotel } from './hotel';\nexport default { hotel };\n`);
    await write('hotel.ts', `export const hotel = {\n  name: 'x'\n  phone: '1',\n};\n`);
    const error = await loadError({ cwd: dir });
    expect(error.message).toContain('hotel.ts:3:3: Expected "}" but found "phone"');
  });

  it('reports an error thrown while the config is imported, keeps it as the cause, and cleans up', async () => {
    await write('site.config.ts', `throw new Error('SITE_URL is not set');\nexport default {};\n`);
    const error = await loadError({ cwd: dir });
    expect(error.message).toBe('site.config.ts threw an error while loading: SITE_URL is not set');
    expect((error.cause as Error).message).toBe('SITE_URL is not set');
    expect(await leftovers()).toEqual([]);
  });

  it('requires a default export', async () => {
    await write('site.config.ts', `export const config = { siteUrl: 'https://x.de' };\n`);
    const error = await loadError({ cwd: dir });
    expect(error.message).toBe('site.config.ts has no default export');
    expect(error.hint).toContain('export default defineConfig');
  });

  it('validates what it loaded', async () => {
    await writeValidProject('www.schloss-example.de');
    const error = await loadError({ cwd: dir });
    expect(error.message).toContain('site.config.ts: siteUrl must be an absolute http(s) URL (got "www.schloss-example.de")');
  });

  it('reports a missing explicit config file by the path given', async () => {
    const error = await loadError({ cwd: dir, configFile: 'missing.config.ts' });
    expect(error.message).toBe('Config file not found: missing.config.ts');
    expect(error.hint).toContain('--config');
  });

  it('reports a missing site.config.ts when none is given', async () => {
    const error = await loadError({ cwd: dir });
    expect(error.message).toBe('Config file not found: site.config.ts');
    expect(error.hint).toContain(`Create site.config.ts in ${dir}`);
  });

  it('loads, validates and resolves the project’s own site.config.ts', async () => {
    const { config, file, dependencies } = await loadConfig({ cwd: PROJECT_ROOT });
    expect(file).toBe(projectPath('site.config.ts'));
    expect(dependencies).toContain(projectPath('site/config/define-config.ts'));
    expect(config.hotel.awards.map((a) => a.image)).toEqual(['/badges/award-spa.svg', '/badges/award-green.svg', '/badges/award-gourmet.svg']);
    const resolved = resolveConfig(config, {}, {});
    expect(resolved.siteUrl).toBe('https://www.schloss-storchenau.de');
    expect(resolved.content).toEqual({ endpoint: null, token: null, concurrency: 8, timeoutMs: 15_000, retries: 4, mediaHosts: [], mediaConcurrency: 32, maxMediaBytes: 50 * 1024 * 1024, mediaDeadlineMs: 60_000, maxResponseBytes: 64 * 1024 * 1024 });
    expect(resolved.booking.openFunction).toBe('StorchenauBooking.open');
  });
});
