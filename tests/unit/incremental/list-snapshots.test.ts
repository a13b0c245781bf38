// Content lists kept between builds (site/incremental/list-snapshots.ts): a list is taken whole only
// when the CMS reports its version unchanged, under the same scope and within the age limit; a moved
// list offers its items for reuse by key; nothing is used by a full build, from a damaged file or of
// another scope; media tokens of another process are renamed to this one's.
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { NormalizedEntry } from '../../../site/content/content-lists';
import { openListSnapshots, type ListSnapshotsOptions } from '../../../site/incremental/list-snapshots';
import { MEDIA_TOKEN_PREFIX, mediaToken } from '../../../site/media/media-tokens';
import { settleSources, sourceText } from '../../../site/incremental/item-sources';
import { item } from '../../helpers/items';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 10 })));
});

async function cacheDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'list-snapshots-'));
  dirs.push(dir);
  return dir;
}

const entry = (key: string, nid: number, media: [string, string][] = []): NormalizedEntry => ({ key, result: { ok: false, nid, reason: `reason ${nid}` }, media });
const HOUR = 3_600_000;

function opener(dir: string, base: Partial<ListSnapshotsOptions> = {}) {
  return (options: Partial<ListSnapshotsOptions> = {}) =>
    openListSnapshots({ cacheDir: dir, endpoint: 'https://cms.example/graphql', code: 'v1', versions: new Map([['de accommodation', 'v1'], ['en accommodation', 'v1']]), reuse: true, maxAgeMs: 24 * HOUR, now: 1_000 * HOUR, warn: () => {}, ...base, ...options });
}

/** A build that kept one list, `de accommodation` (item `a`), under scope `s1`. */
async function keepOneList(open: ReturnType<typeof opener>): Promise<void> {
  const first = await open();
  first.scope('s1');
  first.keep('de', 'accommodation', [entry('a', 1)]);
  await first.save();
}

async function listFiles(dir: string): Promise<string[]> {
  const [folder] = await readdir(join(dir, 'lists'));
  return (await readdir(join(dir, 'lists', folder!))).sort();
}

describe('content lists kept between builds', () => {
  it('takes an unchanged list whole, with its media, and offers a moved one item by item', async () => {
    const dir = await cacheDir();
    const open = opener(dir);
    const first = await open();
    first.scope('s1');
    first.keep('de', 'accommodation', [entry('a', 1, [['https://cms.example/a.jpg', 'accommodation nid 1 (de)']]), entry('b', 2)]);
    first.keep('en', 'accommodation', [entry('c', 3)]);
    await first.save();

    const same = await open();
    same.scope('s1');
    expect(same.unchanged('de', 'accommodation')).toBe(true);
    expect(await same.take('de', 'accommodation')).toEqual([entry('a', 1, [['https://cms.example/a.jpg', 'accommodation nid 1 (de)']]), entry('b', 2)]);

    const moved = await open({ versions: new Map([['de accommodation', 'v2'], ['en accommodation', 'v1']]) });
    moved.scope('s1');
    expect(moved.unchanged('de', 'accommodation')).toBe(false);
    expect(await moved.take('de', 'accommodation')).toBeNull();
    expect((await moved.previous('de', 'accommodation')).map((item) => item.key)).toEqual(['a', 'b']);
    expect(await moved.take('en', 'accommodation')).toEqual([entry('c', 3)]);
    moved.keep('de', 'accommodation', [entry('a', 1), entry('d', 4)]);
    await moved.save();
    // The moved list's file was replaced; the other list's file is the one written first.
    expect(await listFiles(dir)).toHaveLength(3);

    const next = await open({ versions: new Map([['de accommodation', 'v2'], ['en accommodation', 'v1']]) });
    next.scope('s1');
    expect((await next.take('de', 'accommodation'))?.map((item) => item.key)).toEqual(['a', 'd']);
    expect(await next.take('en', 'accommodation')).toEqual([entry('c', 3)]);
  });

  it("removes the files its index replaced and old orphans, but not a running build's new files", async () => {
    const dir = await cacheDir();
    const open = opener(dir);
    await keepOneList(open);
    const [folder] = await readdir(join(dir, 'lists'));
    const at = (name: string) => join(dir, 'lists', folder!, name);
    // Left by a build that stopped two hours ago, and being written by one running now.
    await writeFile(at('de-sports.000000000000.json'), '{}');
    await utimes(at('de-sports.000000000000.json'), new Date(Date.now() - 2 * HOUR), new Date(Date.now() - 2 * HOUR));
    await writeFile(at('de-sports.111111111111.json'), '{}');
    const second = await open({ versions: new Map([['de accommodation', 'v2']]) });
    second.scope('s1');
    second.keep('de', 'accommodation', [entry('b', 2)]);
    await second.save();
    const files = await listFiles(dir);
    expect(files.filter((name) => name.startsWith('de-accommodation.'))).toHaveLength(1);
    expect(files).toContain('de-sports.111111111111.json');
    expect(files).not.toContain('de-sports.000000000000.json');
  });

  it('uses nothing of another scope, of a full build, past the age limit, or when the CMS cannot tell versions', async () => {
    const dir = await cacheDir();
    const open = opener(dir);
    await keepOneList(open);

    const otherScope = await open();
    otherScope.scope('s2');
    expect(await otherScope.take('de', 'accommodation')).toBeNull();
    expect(await otherScope.previous('de', 'accommodation')).toEqual([]);

    const full = await open({ reuse: false });
    full.scope('s1');
    expect(full.unchanged('de', 'accommodation')).toBe(false);
    expect(await full.previous('de', 'accommodation')).toEqual([]);

    const old = await open({ now: 1_000 * HOUR + 25 * HOUR });
    old.scope('s1');
    expect(await old.take('de', 'accommodation')).toBeNull();
    expect((await old.previous('de', 'accommodation')).map((item) => item.key)).toEqual(['a']); // items are still what they were

    const blind = await open({ versions: null });
    blind.scope('s1');
    expect(await blind.take('de', 'accommodation')).toBeNull();
  });

  it('ignores a damaged index or list file with a warning', async () => {
    const dir = await cacheDir();
    const first = await opener(dir)();
    first.scope('s');
    first.keep('de', 'accommodation', [entry('a', 1)]);
    await first.save();
    const [folder] = await readdir(join(dir, 'lists'));
    const [listFile] = (await listFiles(dir)).filter((name) => name !== 'index.json');
    await writeFile(join(dir, 'lists', folder!, listFile!), '{"version":1,"tokens":"x","entries":[["a",');
    const warnings: string[] = [];
    const second = await opener(dir)({ warn: (message) => warnings.push(message) });
    second.scope('s');
    expect(await second.take('de', 'accommodation')).toBeNull();
    expect(warnings).toEqual([expect.stringMatching(/de accommodation .*damaged/)]);

    await writeFile(join(dir, 'lists', folder!, 'index.json'), '{"version":1,"lists":{"de accommodation":{"file":"../../x.json"');
    const third = await opener(dir)({ warn: (message) => warnings.push(message) });
    third.scope('s');
    expect(await third.take('de', 'accommodation')).toBeNull();
    expect(warnings.at(-1)).toMatch(/damaged/);
  });

  it("takes a kept item only at a path normalizing gives, in the list's language and type", async () => {
    const dir = await cacheDir();
    const kept = async (made: ReturnType<typeof item>) => {
      const first = await opener(dir)();
      first.scope('s');
      first.keep('de', 'accommodation', [entry('a', 1), { key: 'b', result: { ok: true, item: made }, media: [] }]);
      await first.save();
      const warnings: string[] = [];
      const second = await opener(dir)({ warn: (message) => warnings.push(message) });
      second.scope('s');
      const taken = await second.take('de', 'accommodation');
      return taken ? taken.map((one) => one.key) : warnings;
    };
    expect(await kept(item(2, 'de', 'accommodation', '/de/zimmer/turm'))).toEqual(['a', 'b']);
    // A literal percent sign is a path the CMS may give ("50%25" in its alias).
    expect(await kept(item(2, 'de', 'accommodation', '/de/50%-rabatt'))).toEqual(['a', 'b']);
    for (const path of ['/de/../../etc', '/de/zimmer/..', 'de/zimmer', '/de//zimmer', '/de/zimmer/', '/de/ku\u0308che', '/en/zimmer', '/de/\ud800', '/de/a?b']) {
      expect(await kept(item(2, 'de', 'accommodation', path)), path).toEqual([expect.stringMatching(/de accommodation .*damaged \(unexpected item path\)/)]);
    }
    expect(await kept(item(2, 'en', 'accommodation', '/en/zimmer'))).toEqual([expect.stringMatching(/damaged \(unexpected item path\)/)]);
    expect(await kept(item(2, 'de', 'page', '/de/zimmer'))).toEqual([expect.stringMatching(/damaged \(unexpected item path\)/)]);
  });

  it('gives back every character as kept, with a byte per Latin-1 character in the file', async () => {
    const dir = await cacheDir();
    const text = 'Grüße aus Kärnten, 5\u00a0€ – 🏰 \u0085 \ud800 "zitiert" \\ \u2028';
    const first = await opener(dir)();
    first.scope('s');
    first.keep('de', 'accommodation', [{ key: 'a', result: { ok: false, nid: 1, reason: text }, media: [] }]);
    await first.save();
    const [folder] = await readdir(join(dir, 'lists'));
    const [listFile] = (await listFiles(dir)).filter((name) => name !== 'index.json');
    const bytes = await readFile(join(dir, 'lists', folder!, listFile!));
    expect(bytes.includes(Buffer.from('Grüße aus Kärnten', 'latin1'))).toBe(true);
    expect(bytes.every((byte) => byte !== 0xc3)).toBe(true); // no UTF-8
    const second = await opener(dir)();
    second.scope('s');
    expect((await second.take('de', 'accommodation'))![0]!.result).toEqual({ ok: false, nid: 1, reason: text });
    // As files were written before: every character beyond ASCII escaped.
    await writeFile(join(dir, 'lists', folder!, listFile!), bytes.toString('latin1').replace(/[\u0080-\u00ff]/g, (char) => `\\u00${char.charCodeAt(0).toString(16)}`), 'latin1');
    const third = await opener(dir)();
    third.scope('s');
    expect((await third.take('de', 'accommodation'))![0]!.result).toEqual({ ok: false, nid: 1, reason: text });
  });

  it("renames the media tokens of the process that wrote a list to this process's", async () => {
    const dir = await cacheDir();
    const first = await opener(dir)();
    first.scope('s');
    const token = mediaToken('https://cms.example/a.jpg');
    first.keep('de', 'accommodation', [{ key: 'a', result: { ok: false, nid: 1, reason: `<img src="${token}"> <img src="${token}">` }, media: [] }]);
    await first.save();
    // As another process wrote it: its own nonce in every token.
    const [folder] = await readdir(join(dir, 'lists'));
    const [listFile] = (await listFiles(dir)).filter((name) => name !== 'index.json');
    const path = join(dir, 'lists', folder!, listFile!);
    const theirs = MEDIA_TOKEN_PREFIX.replace(/[0-9a-f]{12}/, 'abcdef012345');
    await writeFile(path, (await readFile(path, 'utf8')).split(MEDIA_TOKEN_PREFIX).join(theirs));
    const second = await opener(dir)();
    second.scope('s');
    const [taken] = (await second.take('de', 'accommodation'))!;
    expect(taken!.result).toEqual({ ok: false, nid: 1, reason: `<img src="${token}"> <img src="${token}">` });
  });

  it('gives a kept item the hash of its normalized form, the same in the process that reads it, and another for another form', async () => {
    const dir = await cacheDir();
    const url = 'https://cms.example/a.jpg';
    const made = (title: string) => ({ ok: true as const, item: item(1, 'de', 'accommodation', '/de/zimmer/a', { title, images: [{ src: mediaToken(url), width: 4, height: 3, alt: '', title: null }] }) });
    const same = made('Turmzimmer');
    const first = await opener(dir)();
    first.scope('s');
    first.keep('de', 'accommodation', [{ key: 'a', result: same, media: [[url, 'owner']] }, { key: 'b', result: made('Gartenzimmer'), media: [[url, 'owner']] }]);
    await first.save();
    const files = new Map([[url, { href: '/media/a.1.jpg', bytes: 1, contentType: 'image/jpeg', width: 4, height: 3 }]]);
    // Read back as another process does: its own nonce in every token.
    const [folder] = await readdir(join(dir, 'lists'));
    const [listFile] = (await listFiles(dir)).filter((name) => name !== 'index.json');
    const path = join(dir, 'lists', folder!, listFile!);
    await writeFile(path, (await readFile(path, 'utf8')).split(MEDIA_TOKEN_PREFIX).join(MEDIA_TOKEN_PREFIX.replace(/[0-9a-f]{12}/, 'abcdef012345')));
    const second = await opener(dir)();
    second.scope('s');
    const [a, b] = (await second.take('de', 'accommodation'))!.map((entry) => (entry.result as { item: object }).item);
    settleSources([same.item, a!, b!], files);
    expect(sourceText(a!)).toBe(sourceText(same.item));
    expect(sourceText(b!)).not.toBe(sourceText(a!));
  });
});
