import { describe, expect, it } from 'vitest';
import { count, summary } from '../../../cli/build';
import { createReporter, progressLine } from '../../../cli/reporter';
import type { Style } from '../../../cli/terminal-style';
import type { BuildResult } from '../../../site/build-result';

const plain: Style = { error: (t) => t, warning: (t) => t, success: (t) => t, dim: (t) => t, bold: (t) => t };

describe('progressLine', () => {
  it('shows the bar, the percentage, the count and the time left at the pace so far', () => {
    expect(progressLine('render', 120, 480, 1_000)).toBe('render  [######------------------]  25%  120/480  ETA 3.0 s');
  });

  it('guesses no time left before the pace is known, nor once done', () => {
    expect(progressLine('render', 10, 480, 100)).not.toContain('ETA');
    expect(progressLine('render', 480, 480, 4_000)).toBe('render  [########################] 100%  480/480');
  });

  it('says minutes for long stages', () => {
    expect(progressLine('media', 100, 10_000, 6_000)).toContain('ETA 9 min 54 s');
  });
});

describe('--quiet', () => {
  const result: BuildResult = {
    endpoint: 'https://cms.example.com/graphql', pages: { total: 293, perLocale: { de: 147, en: 143 }, rendered: 293, unchanged: 0 }, fullReason: null, upToDate: false,
    requests: 52, retries: 0, lists: { kept: 0, total: 20 }, media: { files: 43, downloaded: 127, fromCache: 0, failed: 0 } as BuildResult['media'], bytesWritten: 1024,
    stylesheetGzipBytes: 512, jsPerPageType: { home: 1024 }, warnings: ['one'], timings: { fetch: 500 },
  };

  it('prints warnings but no stage line', () => {
    let written = '';
    const stream = { isTTY: false, write: (text: string) => ((written += text), true) } as unknown as NodeJS.WriteStream;
    const reporter = createReporter({ quiet: true, style: plain, stream });
    reporter.stage('fetch');
    reporter.progress(1, 2);
    reporter.stageDone('fetch', 500, '264 items, 52 requests');
    reporter.info('kept 3 lists');
    reporter.warn('picture left out');
    expect(written).toBe('warning: picture left out\n');
  });

  it('ends with the one-line result', () => {
    const options = { out: '/site/dist', source: 'https://cms.example.com/graphql', totalMs: 1_880, style: plain };
    expect(summary(result, { ...options, quiet: true })).toBe('Built 293 pages into /site/dist in 1.88 s with 1 warning (see above)\n');
    expect(summary({ ...result, upToDate: true, warnings: [] }, { ...options, quiet: true })).toBe('Up to date: /site/dist left as it was (293 pages), checked in 1.88 s\n');
    expect(summary(result, options).split('\n').length).toBeGreaterThan(5);
  });

  it('writes counts as en-US does, a comma every three digits', () => {
    for (const value of [0, 7, 999, 1_000, 9_916, 12_345, 1_234_567]) expect(count(value)).toBe(value.toLocaleString('en-US'));
    const options = { out: '/site/dist', source: 'https://cms.example.com/graphql', totalMs: 1_880, style: plain, quiet: false };
    expect(summary({ ...result, upToDate: true, warnings: [], pages: { ...result.pages, unchanged: 9_916 } }, options)).toContain('0 pages, 9,916 unchanged');
  });
});
