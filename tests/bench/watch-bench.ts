// `npm run bench`, watch part: the time from saving a file to the rebuilt page being
// served, measured as an editor's browser sees it — write the file, wait for the reload event on
// the live-reload stream the page listens to, then ask for the page (again at the next event, if
// the change is not in it yet). Asking in a loop instead would measure the loop: in this one
// process, every request served while the rebuild runs delays it. On a copy of the project (the real tree is never edited), for the
// fixture site and for the synthetic large site (embedded backend + N synthetic items). Targets on
// the reference machine: < 300 ms for a locale or template change on the fixture site; < 100 ms
// for a change that touches one page's content.
import { readFile, writeFile } from 'node:fs/promises';
import { EVENTS_PATH } from '../../site/serve/live-reload/event-stream';
import { startWatch, type WatchSession } from '../../site/serve/watch/start-watch';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';

interface Scenario {
  label: string;
  file: string;
  /** Text that is in the file; each save replaces the previous save's text with the next one. */
  anchor: string;
  save: (i: number) => string;
  /** The page that must show the change, and what it must contain. */
  page: string;
  expect: (i: number) => string;
}

const SCENARIOS: Scenario[] = [
  {
    label: 'template, every page (Layout.tsx)',
    file: 'templates/Layout.tsx',
    anchor: "{t('skipLink.label')}",
    save: (i) => `{t('skipLink.label') + ' bench${i}'}`,
    page: '/de/',
    expect: (i) => `Zum Inhalt springen bench${i}`,
  },
  {
    label: 'template, one page (StorkCameraPage)',
    file: 'templates/pages/StorkCameraPage.tsx',
    anchor: "crumbsLabel={t('pages.breadcrumb')}",
    save: (i) => `crumbsLabel={t('pages.breadcrumb') + ' bench${i}'}`,
    page: '/de/storchenkamera/',
    expect: (i) => ` bench${i}"`,
  },
  {
    label: 'locale string (de.json)',
    file: 'locales/de.json',
    anchor: '"Zum Inhalt springen"',
    save: (i) => `"Zum Inhalt springen locale${i}"`,
    page: '/de/',
    expect: (i) => `Zum Inhalt springen locale${i}`,
  },
  {
    label: "content of one page (fixture)",
    file: 'site/cms/fixtures/stay-rooms.ts',
    anchor: 'im zweiten Stock des Westturms',
    save: (i) => `im zweiten Stock des Westturms (content${i})`,
    page: '/de/uebernachten/turmzimmer/',
    expect: (i) => `(content${i})`,
  },
];

const SAVES = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The live-reload stream as a page's EventSource reads it: `next()` resolves at the next reload. */
async function reloadEvents(url: string): Promise<{ next(): Promise<void>; close(): void }> {
  const stop = new AbortController();
  const response = await fetch(new URL(EVENTS_PATH, url), { signal: stop.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  return {
    async next() {
      for (;;) {
        const end = buffered.indexOf('\n\n');
        if (end !== -1) {
          const frame = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (/^event: (reload|css)$/m.test(frame)) return;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the live-reload stream ended');
        buffered += value;
      }
    },
    close: () => stop.abort(),
  };
}

async function servedAfterSave(session: WatchSession, copy: ProjectCopy, scenario: Scenario): Promise<number[] | string> {
  const path = copy.path(scenario.file);
  const times: number[] = [];
  const events = await reloadEvents(session.url);
  try {
    for (let i = 0; i < SAVES; i++) {
      const text = await readFile(path, 'utf8');
      const current = i === 0 ? scenario.anchor : scenario.save(i - 1);
      if (!text.includes(current)) return `skipped: "${current}" is no longer in ${scenario.file}`;
      const started = performance.now();
      await writeFile(path, text.replace(current, scenario.save(i)));
      for (;;) {
        let timer: NodeJS.Timeout | undefined;
        const reloaded = await Promise.race([events.next().then(() => true), new Promise<false>((resolve) => (timer = setTimeout(resolve, 60_000, false)))]);
        clearTimeout(timer);
        if (!reloaded) return 'no change served within 60 s';
        const html = await (await fetch(new URL(scenario.page, session.url))).text();
        if (html.includes(scenario.expect(i))) break;
      }
      times.push(performance.now() - started);
      // Saves of one burst are coalesced on purpose (rebuild-queue.ts): measure separate saves.
      await sleep(400);
    }
    return times;
  } finally {
    events.close();
  }
}

function describeTimes(times: number[] | string): string {
  if (typeof times === 'string') return times;
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0).padStart(5)} ms, max ${sorted.at(-1)!.toFixed(0).padStart(5)} ms  (${times.map((t) => t.toFixed(0)).join(', ')})`;
}

export async function benchWatch(label: string, extraItems: number): Promise<void> {
  // React picks its production build when first loaded; the bin does the same.
  process.env.NODE_ENV ??= 'production';
  const copy = await copyProject();
  const started = performance.now();
  let session: WatchSession | null = null;
  try {
    session = await startWatch({
      root: copy.root, outDir: copy.path('dist'), configFile: copy.path('site.config.ts'), overrides: {}, host: '127.0.0.1', port: 0, extraItems, log: () => {},
    });
    const ready = performance.now() - started;
    process.stdout.write(`watch: ${label}, serving after ${(ready / 1000).toFixed(2)} s\n`);
    for (const scenario of SCENARIOS) {
      process.stdout.write(`    save → served  ${scenario.label.padEnd(38)} ${describeTimes(await servedAfterSave(session, copy, scenario))}\n`);
    }
  } finally {
    await session?.close();
    await copy.remove();
  }
}
