// A template that throws while rendering, in `watch`: the open page keeps its last good version
// under the error overlay, a page that never rendered is the 500 page and the overlay says so, the
// terminal names the template's file:line once with every page it broke, and React's own frames
// are left out of what it prints.
import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliServer, type CliServer } from '../helpers/cli-server';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';
import { rawRequest } from '../helpers/raw-http';
import { openEvents } from '../helpers/sse-client';

let copy: ProjectCopy;
let watch: CliServer;
const TEMPLATE = 'templates/pages/FaqPage.tsx';

beforeAll(async () => {
  copy = await copyProject();
  watch = await startCliServer(['watch', '--port', '0', '--out', copy.path('dist')], { bin: copy.bin, cwd: copy.root, timeoutMs: 120_000 });
}, 150_000);
afterAll(async () => {
  await watch?.stop();
  await copy?.remove();
});

describe('watch: a template that throws', () => {
  it('serves the last good page under the overlay and prints file:line without React frames', async () => {
    const good = await rawRequest(watch.url, '/en/faq/');
    expect(good.status).toBe(200);
    const question = /class="faq__question"[^>]*>([^<]+)</.exec(good.text)![1]!;

    const source = await readFile(copy.path(TEMPLATE), 'utf8');
    const broken = source.replace('  const page = usePage();\n  const t = useT();\n  const item = page.item;\n  const faq', "  const page = usePage();\n  const t = useT();\n  const item = page.item;\n  if (item) throw new Error('the FAQ broke');\n  const faq");
    expect(broken).not.toBe(source);
    const line = broken.split('\n').findIndex((text) => text.includes("throw new Error('the FAQ broke')")) + 1;
    const events = await openEvents(watch.url);
    await writeFile(copy.path(TEMPLATE), broken);
    await events.next('reload');

    const after = await rawRequest(watch.url, '/en/faq/');
    expect(after.status).toBe(200);
    expect(after.text).toContain(question);
    expect(after.text).toContain('the FAQ broke');
    expect(after.text).toContain('data-hotel-site-watch');
    expect(after.text).toContain('&quot;served&quot;:&quot;last-good-page&quot;');
    // One message for every page the error broke, once the writer has tried them all.
    const grouped = new RegExp(`error: templates/pages/FaqPage\\.tsx:${line}:\\d+: the FAQ broke — rendering 2 pages failed: (/de/faq/, /en/faq/|/en/faq/, /de/faq/)\n`);
    await expect.poll(() => watch.stderr(), { timeout: 30_000 }).toMatch(grouped);
    const stderr = watch.stderr();
    expect(stderr).not.toMatch(/Rendering \/(de|en)\/faq\//);
    expect(stderr).not.toContain(copy.root);
    expect(stderr).not.toMatch(/node_modules[\\/]react-dom/);

    // Never rendered before: the 500 page, still with the overlay, which says there is no good version of it.
    const unseen = await rawRequest(watch.url, '/de/faq/');
    expect(unseen.status).toBe(500);
    expect(unseen.text).toContain('the FAQ broke');
    expect(unseen.text).toContain('&quot;served&quot;:&quot;no-good-page&quot;');
    expect(unseen.text).not.toContain(copy.root);

    await writeFile(copy.path(TEMPLATE), source);
    await events.next('reload');
    events.close();
    // The reload may be a late one of the broken save (one write can reach the watcher as two change
    // events on a busy machine): the fix shows once its own rebuild is done.
    await expect.poll(async () => (await rawRequest(watch.url, '/de/faq/')).status, { timeout: 30_000 }).toBe(200);
  });
});
