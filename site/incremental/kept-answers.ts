// CMS answers kept between builds of the same endpoint and code version (docs/incremental.md). A
// build first asks for the list versions (one small request per language), reuses the kept answers
// of every list whose version did not move and fetches the rest; the menus are always asked again.
// Edits no version shows (a taxonomy term renamed) reach the site with the next full build
// (--full, or cacheMaxAgeHours). A damaged file is ignored with a warning.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cacheAnswers, type KeptAnswer } from '../content/cached-client';
import type { ContentClient } from '../content/client';
import { dropMoved, fetchVersions, movedLists, type Versions } from '../content/list-versions';
import type { Locale } from '../content/types';

interface KeptFile {
  version: 1;
  versions: [string, string | null][];
  answers: KeptAnswer[];
}

export interface KeptAnswers {
  client: ContentClient;
  /** Lists fetched again because their version moved; null when nothing was kept. */
  moved: number | null;
  /** Keeps this build's answers for the next one. */
  save(): Promise<void>;
}

export async function keepAnswers(
  inner: ContentClient,
  options: { cacheDir: string; endpoint: string; code: string; locales: Locale[]; reuse: boolean; warn: (message: string) => void; info: (message: string) => void },
): Promise<KeptAnswers> {
  const file = join(options.cacheDir, 'answers', `${createHash('sha256').update(`${options.endpoint}\0${options.code}`).digest('hex').slice(0, 20)}.json`);
  const cache = cacheAnswers(inner);
  // Asked before any content is used, so an edit made while this build runs shows as moved next
  // time. A CMS that cannot answer it (a proxy allowing only some queries) costs the reuse only:
  // everything is fetched, and nothing is kept for the next build.
  const asked = fetchVersions(inner, options.locales).catch((error: Error) => {
    options.info(`CMS list versions unavailable (${error.message}); every list is fetched`);
    return null;
  });
  let moved: number | null = null;
  const versions = options.reuse ? await asked : null;
  if (versions) {
    const kept = await read(file, options.warn);
    if (kept) {
      for (const answer of kept.answers) cache.seed(answer);
      const changed = movedLists(new Map(kept.versions), versions);
      dropMoved(cache, changed);
      moved = changed.size;
    }
  }
  return {
    client: cache.client,
    moved,
    async save() {
      const current: Versions | null = await asked;
      if (!current) return;
      const content: KeptFile = { version: 1, versions: [...current], answers: await cache.kept() };
      await mkdir(join(options.cacheDir, 'answers'), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify(content));
      await rename(temporary, file);
    },
  };
}

async function read(file: string, warn: (message: string) => void): Promise<KeptFile | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const kept = JSON.parse(text) as KeptFile;
    const valid = kept.version === 1 && Array.isArray(kept.versions) && Array.isArray(kept.answers) &&
      kept.answers.every((answer) => typeof answer?.operation === 'string' && typeof answer.variables === 'object' && answer.variables !== null);
    if (!valid) throw new Error('unexpected shape');
    return kept;
  } catch (error) {
    warn(`kept CMS answers ${file} are damaged (${(error as Error).message}); everything is fetched again`);
    return null;
  }
}
