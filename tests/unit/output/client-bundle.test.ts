// site/output/client-bundle.ts: the client bundle's shape (hashed entry, widget chunks, React
// apart) and measurePageJs, which decides the JS budget of every page type.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleClient, islandsInHtml, measurePageJs, type ClientBundle } from '../../../site/output/client-bundle';

describe('islandsInHtml', () => {
  it('finds island names however the attribute is quoted, once each', () => {
    const html = '<div data-island="CookieBar"></div><span data-island=\'MenuOverlay\'></span><div class=x data-island=VideoFacade data-hydrate=visible></div><div data-island="CookieBar"></div>';
    expect(islandsInHtml(html)).toEqual(['CookieBar', 'MenuOverlay', 'VideoFacade']);
    expect(islandsInHtml('<p data-islands="x">no</p>')).toEqual([]);
  });
});

describe('measurePageJs', () => {
  const bundle: ClientBundle = {
    entry: '/assets/main.AAA.js',
    preload: ['/assets/chunks/chunk.REACT.js'],
    runtime: ['/assets/chunks/hydrate.DOM.js'],
    islands: { VideoFacade: ['/assets/chunks/VideoFacade.V.js', '/assets/chunks/chunk.SHARED.js'], NewsletterForm: ['/assets/chunks/NewsletterForm.N.js', '/assets/chunks/chunk.SHARED.js'] },
    files: [
      { href: '/assets/main.AAA.js', bytes: 0, gzipBytes: 1000 },
      { href: '/assets/chunks/chunk.REACT.js', bytes: 0, gzipBytes: 3000 },
      { href: '/assets/chunks/hydrate.DOM.js', bytes: 0, gzipBytes: 60000 },
      { href: '/assets/chunks/VideoFacade.V.js', bytes: 0, gzipBytes: 800 },
      { href: '/assets/chunks/NewsletterForm.N.js', bytes: 0, gzipBytes: 1100 },
      { href: '/assets/chunks/chunk.SHARED.js', bytes: 0, gzipBytes: 200 },
    ],
  };
  const page = (islands: string[]) => `<script type="module" src="${bundle.entry}"></script>${islands.map((name) => `<div data-island="${name}"></div>`).join('')}`;

  it('is 0 for a page without the client script', () => {
    expect(measurePageJs(bundle, '<html><body data-island="VideoFacade"></body></html>')).toBe(0);
  });

  it('is the entry and its preloads for a page without islands', () => {
    expect(measurePageJs(bundle, page([]))).toBe(4000);
  });

  it('adds the runtime once, and each island chunk and shared chunk once', () => {
    expect(measurePageJs(bundle, page(['CookieBar']))).toBe(64000); // bundled into the entry
    expect(measurePageJs(bundle, page(['CookieBar', 'VideoFacade']))).toBe(65000);
    expect(measurePageJs(bundle, page(['VideoFacade', 'NewsletterForm', 'VideoFacade']))).toBe(66100);
  });
});

describe('bundleClient', () => {
  let outDir: string;
  let bundle: ClientBundle;

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'client-bundle-'));
    bundle = await bundleClient({ outDir, minify: true });
  }, 60_000);
  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true, maxRetries: 10 });
  });

  it('writes a content-hashed entry and chunks under assets/, and reports their sizes', () => {
    expect(bundle.entry).toMatch(/^\/assets\/main\.[A-Z0-9]+\.js$/);
    for (const file of bundle.files) {
      expect(file.href).toMatch(/^\/assets\/(chunks\/)?[\w-]+\.[A-Z0-9]+\.js$/);
      const body = readFileSync(join(outDir, file.href));
      expect(file.bytes).toBe(body.length);
      expect(file.gzipBytes).toBe(gzipSync(body).length);
    }
    expect(existsSync(join(outDir, bundle.entry))).toBe(true);
  });

  it('is a production build of React, ES modules, minified', () => {
    const all = bundle.files.map((file) => readFileSync(join(outDir, file.href), 'utf8')).join('\n');
    expect(all).not.toContain('process.env.NODE_ENV');
    expect(all).not.toMatch(/react-dom\.development|Warning: /);
    expect(readFileSync(join(outDir, bundle.entry), 'utf8')).toMatch(/import\(/);
  });

  it('keeps React\'s DOM client out of the entry, and gives every page widget a chunk of its own', () => {
    expect(bundle.runtime.length).toBeGreaterThan(0);
    expect(bundle.preload).not.toEqual(expect.arrayContaining(bundle.runtime));
    expect(Object.keys(bundle.islands).sort()).toEqual(['BookingButton', 'FunctionRoomComparison', 'NewsletterForm', 'SpaTreatmentFilter', 'VideoFacade']);
    const runtimeBytes = bundle.runtime.reduce((sum, href) => sum + bundle.files.find((file) => file.href === href)!.gzipBytes, 0);
    expect(runtimeBytes).toBeGreaterThan(50_000); // that is React, loaded with the first island only
    const entry = bundle.files.find((file) => file.href === bundle.entry)!;
    expect(entry.gzipBytes).toBeLessThan(8 * 1024);
  });

  it('is reproducible: the same sources give the same hashed names', async () => {
    const again = await mkdtemp(join(tmpdir(), 'client-bundle-'));
    try {
      const second = await bundleClient({ outDir: again, minify: true });
      expect(second.entry).toBe(bundle.entry);
      expect(second.files.map((file) => file.href).sort()).toEqual(bundle.files.map((file) => file.href).sort());
    } finally {
      await rm(again, { recursive: true, force: true, maxRetries: 10 });
    }
  }, 60_000);
});
