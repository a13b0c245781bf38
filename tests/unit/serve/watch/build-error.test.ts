// What watch's overlay and log show of an error names files relative to the project
// (docs/hardening.md), not where the project lies on the machine.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeError, projectRelative } from '../../../../site/serve/watch/build-error';

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
