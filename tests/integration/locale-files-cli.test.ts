// Broken UI strings stop a build with a message that leads to the spot: a JSON syntax error as
// file:line:column with the line, a key one language lacks named with its file, when the files
// load (site/render/locale-files.ts) — exit 1, no stack trace.
import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';

let copy: ProjectCopy;
let en: string;
let de: string;

beforeAll(async () => {
  copy = await copyProject();
  [en, de] = await Promise.all([readFile(copy.path('locales/en.json'), 'utf8'), readFile(copy.path('locales/de.json'), 'utf8')]);
}, 60_000);
afterAll(() => copy?.remove());

const build = () => runCli(['build', '--out', copy.path('dist'), '--quiet'], { bin: copy.bin, cwd: copy.root, timeoutMs: 120_000 });

describe('locale files (the bin)', () => {
  it('a syntax error: file, line and column, the line itself; exit 1', async () => {
    const entry = /"breadcrumb": "[^"]*"/.exec(en)![0];
    const broken = en.replace(`${entry},`, entry);
    expect(broken).not.toBe(en);
    await writeFile(copy.path('locales/en.json'), broken);
    const result = await build();
    expect(result.code, result.stderr).toBe(1);
    // The error is at the next token after the missing comma.
    const offset = broken.indexOf(entry) + entry.length;
    const next = broken.slice(offset).match(/\S/)!.index! + offset;
    const before = broken.slice(0, next).split('\n');
    expect(result.stderr).toContain(`error: locales/en.json:${before.length}:${before.at(-1)!.length + 1}: Expected ',' or '}' after property value`);
    expect(result.stderr).not.toMatch(/position \d+|\n\s+at /);
    await writeFile(copy.path('locales/en.json'), en);
  });

  it('a key one file lacks: named with the file, before any page renders; exit 1', async () => {
    await writeFile(copy.path('locales/de.json'), de.replace(/\n\s*"breadcrumb": "[^"]*",?/, ''));
    const result = await build();
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/locales\/de\.json lacks 1 key that locales\/en\.json has: pages\.breadcrumb/);
    expect(result.stderr).not.toMatch(/Missing UI string/);
    await writeFile(copy.path('locales/de.json'), de);
  });
});
