// Which folders a build may replace (site/output/out-dir.ts): never the project, a folder holding
// it or the current folder, its sources, a file, or a folder of files a build does not write.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertReplaceable } from '../../../site/output/out-dir';

let base: string;
let project: string;
let context: { projectRoot: string; cwd: string };

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'out-dir-'));
  project = join(base, 'project');
  await mkdir(join(project, 'site'), { recursive: true });
  await mkdir(join(project, 'templates', 'public'), { recursive: true });
  await writeFile(join(project, 'templates', 'public', 'favicon.svg'), '<svg/>');
  context = { projectRoot: project, cwd: project };
});
afterAll(() => rm(base, { recursive: true, force: true, maxRetries: 10 }));

const refusal = (out: string) => assertReplaceable(out, context).then(() => null, (error: Error) => error.message);

describe('assertReplaceable', () => {
  it('refuses the project, what holds it, the current folder and the project sources', async () => {
    expect(await refusal(project)).toMatch(/it is the project folder/);
    expect(await refusal(base)).toMatch(/it holds the project folder/);
    expect(await refusal('/')).toMatch(/it holds the project folder/);
    expect(await refusal(join(project, 'site'))).toMatch(/inside the project's site\/ folder/);
    expect(await refusal(join(project, 'node_modules', 'x'))).toMatch(/inside the project's node_modules\/ folder/);
    const elsewhere = join(base, 'work');
    await mkdir(elsewhere);
    expect(await assertReplaceable(elsewhere, { projectRoot: project, cwd: elsewhere }).catch((error: Error) => error.message)).toMatch(/it is the current folder/);
  });

  it('refuses a file and a folder holding files a build does not write', async () => {
    await writeFile(join(base, 'notes.txt'), 'x');
    expect(await refusal(join(base, 'notes.txt'))).toMatch(/it is a file/);
    const foreign = join(base, 'foreign');
    await mkdir(join(foreign, 'sub'), { recursive: true });
    await writeFile(join(foreign, 'README.md'), 'x');
    expect(await refusal(foreign)).toMatch(/holds files a build does not write \(README\.md, sub\)/);
  });

  it('takes a new folder, an empty one, and one an earlier build wrote', async () => {
    expect(await refusal(join(project, 'dist'))).toBeNull();
    expect(await refusal(join(base, 'new', 'deeper'))).toBeNull();
    const earlier = join(base, 'earlier');
    for (const folder of ['de', 'en', 'assets', 'media']) await mkdir(join(earlier, folder), { recursive: true });
    for (const file of ['index.html', '404.html', 'robots.txt', '_headers', 'sitemap.xml', 'sitemap-2.xml', 'favicon.svg', '.DS_Store']) await writeFile(join(earlier, file), '');
    expect(await refusal(earlier)).toBeNull();
  });
});
