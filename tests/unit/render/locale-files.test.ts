import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadLocaleFiles } from '../../../site/render/locale-files';
import { UserError } from '../../../site/errors';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hotel-site-locales-'));
});
afterEach(() => rm(dir, { recursive: true, force: true, maxRetries: 10 }));

const failure = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('loaded'), (error: unknown) => error as UserError);

describe('loadLocaleFiles', () => {
  it('loads every locale file when they have the same keys', async () => {
    await writeFile(join(dir, 'de.json'), JSON.stringify({ a: 'A', pages: { b: 'B' } }));
    await writeFile(join(dir, 'en.json'), JSON.stringify({ pages: { b: 'Bee' }, a: 'Ay' }));
    const strings = await loadLocaleFiles(dir);
    expect(strings.get('en')).toEqual({ pages: { b: 'Bee' }, a: 'Ay' });
    expect([...strings.keys()]).toEqual(['de', 'en']);
  });

  it('names file, line and column of a syntax error and shows the line', async () => {
    await writeFile(join(dir, 'de.json'), '{\n  "a": "A",\n  "b": "B"\n}\n');
    await writeFile(join(dir, 'en.json'), '{\n  "a": "A"\n  "b": "B"\n}\n');
    const error = await failure(loadLocaleFiles(dir));
    expect(error).toBeInstanceOf(UserError);
    expect(error.message).toBe(`${join(dir, 'en.json')}:3:3: Expected ',' or '}' after property value\n      "b": "B"\n      ^`);
    expect(error.message).not.toMatch(/position/);
  });

  it('names the file that lacks keys the other has, in both directions, all at once', async () => {
    await writeFile(join(dir, 'de.json'), JSON.stringify({ a: 'A', pages: { breadcrumb: 'Pfad', extra: 'x' } }));
    await writeFile(join(dir, 'en.json'), JSON.stringify({ a: 'A', b: 'B' }));
    const error = await failure(loadLocaleFiles(dir));
    expect(error.message).toContain('en.json lacks 2 keys that');
    expect(error.message).toMatch(/en\.json lacks 2 keys that \S*de\.json has: pages\.breadcrumb, pages\.extra/);
    expect(error.message).toMatch(/de\.json lacks 1 key that \S*en\.json has: b/);
  });

  it('refuses values that are not text', async () => {
    await writeFile(join(dir, 'de.json'), JSON.stringify({ a: 3 }));
    expect((await failure(loadLocaleFiles(dir))).message).toMatch(/de\.json: "a" is 3/);
  });
});
