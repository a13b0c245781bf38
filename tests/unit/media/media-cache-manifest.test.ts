// The media index is written in pieces (site/media/media-cache.ts, manifestText): the pieces
// together are the very text JSON.stringify makes of the index as one object, which
// MediaCache.open reads back.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { manifestText, MediaCache, type CachedFile, type MediaFailure } from '../../../site/media/media-cache';

function entry(i: number): CachedFile {
  const sha256 = i.toString(16).padStart(64, 'a');
  return {
    sha256, name: `file-${i}.${sha256.slice(0, 10)}.jpg`, contentType: 'image/jpeg', bytes: 1000 + i, width: i % 3 ? 640 : null, height: i % 3 ? 480 : null,
    etag: i % 2 ? `"e-${i}"` : null, lastModified: 'Sat, 01 Mar 2025 00:00:00 GMT', freshUntil: 1_800_000_000_000 + i, usedAt: 1_790_000_000_000, written: i % 5 ? `${i}:${i * 7}` : null,
  };
}

const asOneObject = (entries: Map<string, CachedFile>, failures: Map<string, MediaFailure>) =>
  JSON.stringify({ version: 2, entries: Object.fromEntries(entries), failures: Object.fromEntries(failures) });

let dir: string | null = null;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

describe('manifestText', () => {
  it('is the JSON of the index as one object, in pieces of a bounded size, over many pieces', () => {
    const entries = new Map(Array.from({ length: 2000 }, (_, i) => [`https://cms.example.com/files/a "quoted" \u00e9 ${i}.jpg`, entry(i)] as const));
    const failures = new Map<string, MediaFailure>([['https://cms.example.com/gone.pdf', { answer: 'HTTP 404', since: 1, askedAt: 2 }], ['https://cms.example.com/big.mp4', { answer: 'too large', since: 3, askedAt: 4 }]]);
    const pieces = [...manifestText(entries, failures)];
    expect(pieces.length).toBeGreaterThan(5);
    // A piece ends once it reached the bound: at most one entry beyond it.
    for (const piece of pieces) expect(piece.length).toBeLessThan(64 * 1024 + 1000);
    expect(pieces.join('')).toBe(asOneObject(entries, failures));
  });

  it('writes empty maps as empty objects', () => {
    expect([...manifestText(new Map(), new Map())].join('')).toBe('{"version":2,"entries":{},"failures":{}}');
    const one = new Map([['https://cms.example.com/a.jpg', entry(1)]]);
    expect([...manifestText(one, new Map())].join('')).toBe(asOneObject(one, new Map()));
    const failed = new Map([['https://cms.example.com/x.pdf', { answer: 'HTTP 410', since: 5, askedAt: 6 }]]);
    expect([...manifestText(new Map(), failed)].join('')).toBe(asOneObject(new Map(), failed));
  });

  it('is read back by MediaCache.open', async () => {
    dir = await mkdtemp(join(tmpdir(), 'media-manifest-'));
    const url = 'https://cms.example.com/files/room.jpg';
    const entries = new Map([[url, entry(7)]]);
    const failures = new Map([['https://cms.example.com/gone.pdf', { answer: 'HTTP 404', since: 1, askedAt: 2 }]]);
    const cache = await MediaCache.open(dir, () => {});
    await writeFile(join(cache.dir, 'manifest.json'), [...manifestText(entries, failures)].join(''));
    const warnings: string[] = [];
    const reopened = await MediaCache.open(dir, (message) => warnings.push(message));
    expect(warnings).toEqual([]);
    expect(reopened.get(url)).toEqual(entry(7));
    expect(reopened.failure('https://cms.example.com/gone.pdf')).toEqual({ answer: 'HTTP 404', since: 1, askedAt: 2 });
  });
});
