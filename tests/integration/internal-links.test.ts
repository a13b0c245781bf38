// Links in CMS text to pages of this site (docs/site.md, "Links in CMS text"): a link to a page the
// site does not publish is published as its text with a warning; once the page is published an
// incremental build renders the linking page again with the link, and a generic link text names
// the target's current title.
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configExtending, runCli } from '../helpers/cli';
import { node, startHostileCms, type HostileCms } from '../helpers/hostile-cms';

let cms: HostileCms | null = null;
let dir: string | null = null;
afterAll(async () => {
  await cms?.close();
  if (dir) await rm(dir, { recursive: true, force: true, maxRetries: 10 });
});

describe('links in CMS text', () => {
  it('publishes a dead link as text with a warning, and the link once its target is published', async () => {
    const room = node(101, 'accommodation', 'de', { title: 'Turmzimmer', path: '/de/uebernachten/turmzimmer', status: false });
    const article = node(201, 'article', 'de', {
      title: 'Die Störche sind zurück',
      path: '/de/artikel/stoerche',
      fields: { body: { processed: '<p>Vom Turmzimmer aus sieht man das Nest. <a href="/de/uebernachten/turmzimmer">Mehr erfahren</a></p>' } },
    });
    const other = node(202, 'article', 'de', { title: 'Spargelzeit', path: '/de/artikel/spargelzeit' });
    cms = await startHostileCms({ nodes: [room, article, other] });
    dir = await mkdtemp(join(tmpdir(), 'internal-links-'));
    const config = join(dir, 'test.config.ts');
    await writeFile(config, configExtending({ content: { retries: 0, timeoutMs: 3000 } }));
    const out = join(dir, 'dist');
    await mkdir(out);
    const build = () => runCli(['build', '--config', config, '--endpoint', cms!.endpoint, '--out', out, '--cache-dir', join(dir!, 'cache')], { timeoutMs: 110_000 });
    const page = (path: string) => readFile(join(out, path, 'index.html'), 'utf8');

    const first = await build();
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/nid 201 \(\/de\/artikel\/stoerche\/\) links to \/de\/uebernachten\/turmzimmer\/, which the site does not publish/);
    let html = await page('de/artikel/stoerche');
    expect(html).toContain('Vom Turmzimmer aus sieht man das Nest. Mehr erfahren</p>');
    expect(html).not.toContain('href="/de/uebernachten/turmzimmer"');
    const untouched = await stat(join(out, 'de/artikel/spargelzeit/index.html'));

    room.status = true;
    const second = await build();
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).not.toMatch(/does not publish/);
    html = await page('de/artikel/stoerche');
    expect(html).toContain('<a href="/de/uebernachten/turmzimmer">Mehr erfahren<span class="visually-hidden"> – Turmzimmer</span></a>');
    // Only what the change reaches is rendered again: a page without the link is the previous file.
    expect((await stat(join(out, 'de/artikel/spargelzeit/index.html'))).ino).toBe(untouched.ino);

    room.title = 'Turmzimmer mit Storchenblick';
    const third = await build();
    expect(third.code, third.stderr).toBe(0);
    expect(await page('de/artikel/stoerche')).toContain('Mehr erfahren<span class="visually-hidden"> – Turmzimmer mit Storchenblick</span></a>');
  }, 300_000);
});
