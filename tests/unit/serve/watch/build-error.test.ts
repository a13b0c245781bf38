// What watch's overlay and log show of an error names files relative to the project
// (docs/hardening.md), not where the project lies on the machine.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeError, describeRenderFailures, projectRelative } from '../../../../site/serve/watch/build-error';

const root = join('/home/dev', 'hotel-site');

describe('projectRelative', () => {
  it('writes paths and file URLs inside the project relative to it', () => {
    const file = join(root, 'templates/pages/Home.tsx');
    const text = `Cannot read properties of undefined\n    at Home (${file}:12:5)\n    at render (${pathToFileURL(join(root, 'site/render/render-page.tsx')).href}:40:3)`;
    expect(projectRelative(text, root)).toBe('Cannot read properties of undefined\n    at Home (templates/pages/Home.tsx:12:5)\n    at render (site/render/render-page.tsx:40:3)');
  });

  it('leaves paths outside the project and look-alike folders as they are', () => {
    expect(projectRelative('/home/dev/hotel-site-old/x.ts and /usr/lib/node.js', root)).toBe('/home/dev/hotel-site-old/x.ts and /usr/lib/node.js');
  });

  it('makes the stack of a template error relative', () => {
    const error = new Error('rendering /de/ failed', { cause: Object.assign(new Error('boom'), { stack: `Error: boom\n    at Home (${join(root, 'templates/Home.tsx')}:1:1)` }) });
    expect(projectRelative(describeError(error), root)).toBe('templates/Home.tsx:1:1: rendering /de/ failed: boom\n    at Home (templates/Home.tsx:1:1)');
  });
});

describe('describeError', () => {
  it('writes the location line and every frame relative to the project', () => {
    const cause = Object.assign(new Error('boom'), {
      stack: `Error: boom\n    at Faq (${join(root, 'templates/pages/FaqPage.tsx')}:31:19)\n    at Row (${pathToFileURL(join(root, 'templates/Row.tsx')).href}:2:3)`,
    });
    const text = describeError(new Error('Rendering /de/faq/ failed', { cause }), root);
    expect(text).toBe('templates/pages/FaqPage.tsx:31:19: Rendering /de/faq/ failed: boom\n    at Faq (templates/pages/FaqPage.tsx:31:19)\n    at Row (templates/Row.tsx:2:3)');
    expect(text).not.toContain(root);
  });
});

describe('describeRenderFailures', () => {
  const thrown = (message: string, line: number) =>
    Object.assign(new Error(message), { stack: `Error: ${message}\n    at Faq (${join(root, 'templates/pages/FaqPage.tsx')}:${line}:19)` });
  const failure = (href: string, cause: Error) => ({ href, error: new Error(`Rendering ${href} (page, nid 693) failed`, { cause }) });

  it('names every page that failed with the same error in one message, paths relative', () => {
    const messages = describeRenderFailures(
      [failure('/de/faq/', thrown('the FAQ broke', 31)), failure('/en/faq/', thrown('the FAQ broke', 31)), failure('/de/', thrown('no title', 7))],
      root,
    );
    expect(messages).toEqual([
      'templates/pages/FaqPage.tsx:31:19: the FAQ broke — rendering 2 pages failed: /de/faq/, /en/faq/\n    at Faq (templates/pages/FaqPage.tsx:31:19)',
      'templates/pages/FaqPage.tsx:7:19: no title — rendering /de/ failed\n    at Faq (templates/pages/FaqPage.tsx:7:19)',
    ]);
  });

  it('counts the pages past the first dozen', () => {
    const failures = Array.from({ length: 40 }, (_, i) => failure(`/de/zimmer-${i}/`, thrown('the FAQ broke', 31)));
    const [message] = describeRenderFailures(failures, root);
    expect(message).toContain('rendering 40 pages failed: /de/zimmer-0/, ');
    expect(message).toContain('/de/zimmer-11/ and 28 more');
  });
});
