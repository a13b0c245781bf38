// Listing an output folder (site/output/output-listing.ts): every file and link at any depth, never
// through a link; with the stamps of the last listing, only the folders changed since are read, and
// what a folder holds is never taken from stamps its inode and change time do not match.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutput, type FolderStamps } from '../../../site/output/output-listing';

let out: string;
let stamps: FolderStamps;

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'output-listing-'));
  for (const page of ['de/zimmer', 'de/zimmer/turm', 'en/rooms']) {
    await mkdir(join(out, page), { recursive: true });
    await writeFile(join(out, page, 'index.html'), page);
  }
  await writeFile(join(out, 'robots.txt'), '');
  // A folder changed within the file-system clock's last tick is read again every time: the stamps
  // are trusted only once the folders have settled (listOutput's SETTLED_MS).
  await new Promise((settled) => setTimeout(settled, 1100));
});
afterAll(() => rm(out, { recursive: true, force: true, maxRetries: 10 }));

const sorted = (listing: { files: string[]; links: string[] }) => ({ files: listing.files.toSorted(), links: listing.links.toSorted() });

describe('listOutput', () => {
  it('reads every folder the first time, then none that did not change', () => {
    const first = listOutput(out, () => true, new Map());
    expect(first.read).toBe(6);
    expect(sorted(first)).toEqual({ files: ['de/zimmer/index.html', 'de/zimmer/turm/index.html', 'en/rooms/index.html', 'robots.txt'], links: [] });
    stamps = first.folders!;
    const again = listOutput(out, () => true, stamps);
    expect(again.read).toBe(0);
    expect(sorted(again)).toEqual(sorted(first));
  });

  it('reads again a folder that gained a file or a link, and finds them', async () => {
    await writeFile(join(out, 'de', 'zimmer', 'turm', 'vertrag.docx'), '');
    await symlink('/etc', join(out, 'en', 'rooms', 'elsewhere'));
    const listing = listOutput(out, () => true, stamps);
    expect(listing.read).toBe(2);
    expect(listing.files).toContain('de/zimmer/turm/vertrag.docx');
    expect(listing.links).toEqual(['en/rooms/elsewhere']);
  });

  it('does not take what a folder holds from stamps of another inode or change time', () => {
    const forged: FolderStamps = new Map([...stamps].map(([folder, held]) => [folder, { ...held, stamp: `${held.stamp}1`, names: [], kinds: '' }]));
    const listing = listOutput(out, () => true, forged);
    expect(listing.read).toBe(6);
    expect(listing.links).toEqual(['en/rooms/elsewhere']);
    expect(listing.files).toContain('de/zimmer/turm/vertrag.docx');
  });
});
