// CMS answers kept between builds of the same endpoint and code version (docs/incremental.md). A
// build first asks what the CMS's content is now: every list's version (one small request per
// language) and the menus (which have no version; one request per language, asked every time).
// When that is what the previous build saw, nothing is read or fetched. Otherwise the kept answers
// of the taxonomy terms and notifications are reused where their version did not move; content
// lists are kept normalized instead (./list-snapshots.ts). Edits no version shows (a taxonomy term
// renamed) reach the site once the answers are older than cacheMaxAgeHours (every list is fetched
// then), or with --full. A damaged file is ignored with a warning.
import { createHash } from 'node:crypto';
import { cacheAnswers, type KeptAnswer, type Request } from '../content/cached-client';
import type { ContentClient } from '../content/client';
import { endpointIsWrong } from '../content/failure';
import { deeperThan, MAX_DEPTH } from '../content/raw-depth';
import { dropMoved, fetchVersions, movedLists, type Versions } from '../content/list-versions';
import { listOfRequest, menuVariables, QUERIES } from '../content/queries';
import type { Locale } from '../model/content-types';
import type { ContentState } from './build-record';
import { cacheFile, readCacheFile, writeCacheFile } from './cache-file';

const VERSION = 3;
/** Lists whose answers are kept here; the content lists are kept normalized (./list-snapshots.ts). */
const KEPT_LISTS = new Set(['taxonomy_terms', 'notifications']);

interface KeptFile {
  version: typeof VERSION;
  /** When every list was last fetched whole (ms): answers older than the age limit are not used. */
  fetchedAt: number;
  versions: [string, string | null][];
  answers: KeptAnswer[];
}

export interface KeptAnswers {
  client: ContentClient;
  /** What the CMS says of its content now; null when it cannot tell (no list versions). */
  state: ContentState | null;
  /** Every list's version, asked before any content; null when the CMS cannot tell. */
  versions: Versions | null;
  /** The CMS's content is the one `previous` describes: there is nothing to fetch or build. */
  upToDate: boolean;
  /** Lists fetched again because their version moved; null when nothing was kept. */
  moved: number | null;
  /** Keeps this build's answers for the next one. */
  save(): Promise<void>;
}

export interface KeepOptions {
  cacheDir: string;
  endpoint: string;
  code: string;
  locales: Locale[];
  /**
   * Kept answers may be used (not --full). They belong to the endpoint and code version, not to an
   * output folder: a build into a new folder uses them too.
   */
  reuse: boolean;
  /** Answers whose lists were all fetched longer ago than this are not used (cacheMaxAgeHours). */
  maxAgeMs: number;
  now: number;
  /** What the CMS said when the previous build fetched, if its output may be reused as it is. */
  previous: ContentState | null;
  warn: (message: string) => void;
  info: (message: string) => void;
}

/**
 * What keepAnswers asks before anything else, one of each per language: every list's version and
 * the menu. A build sends them ahead, while it checks the output folder (site/stages/1-connect.ts).
 */
export function firstRequests(locales: readonly Locale[]): Request[] {
  return locales.flatMap((locale) => [
    { operation: QUERIES.listVersions, variables: { langcode: locale } },
    { operation: QUERIES.menu, variables: menuVariables(locale) },
  ]);
}

export async function keepAnswers(inner: ContentClient, options: KeepOptions): Promise<KeptAnswers> {
  const file = cacheFile(options.cacheDir, 'answers', options.endpoint, options.code);
  // The menus too: the fetch stage takes the answer asked here.
  const cache = cacheAnswers(inner, (operation, variables) => operation === QUERIES.menu.name || keptList(operation, variables));
  // Asked before any content is used, so an edit made while this build runs shows as moved next
  // time. A CMS that cannot answer it (a proxy allowing only some queries) costs the reuse only:
  // everything is fetched, and nothing is kept for the next build. An endpoint that is no GraphQL
  // at all fails the build here: no other query would get an answer.
  const asked = fetchVersions(inner, options.locales).catch((error: Error) => {
    if (endpointIsWrong(error)) throw error;
    options.info(`CMS list versions unavailable (${error.message}); every list is fetched`);
    return null;
  });
  // Through the cache: the fetch stage takes these very answers. A failure here is the fetch
  // stage's to report (the cache forgets failed answers, so it asks again).
  const menus = Promise.all(options.locales.map((locale) => cache.client.request<unknown>(QUERIES.menu, menuVariables(locale)))).then(
    (answers) => createHash('sha256').update(JSON.stringify(answers)).digest('base64url'),
    () => null,
  );
  const [versions, menuHash] = await Promise.all([asked, menus]);
  const state: ContentState | null = versions && menuHash ? { versions: [...versions], menus: menuHash } : null;
  const upToDate = Boolean(options.previous && state && sameState(options.previous, state));

  let moved: number | null = null;
  let fetchedAt = options.now;
  if (options.reuse && versions && !upToDate) {
    const kept = await read(file, options.warn);
    if (kept && options.now - kept.fetchedAt <= options.maxAgeMs) {
      fetchedAt = kept.fetchedAt;
      // The menus were just asked: a kept one must not replace them.
      for (const answer of kept.answers) if (keptList(answer.operation, answer.variables)) cache.seed(answer);
      const changed = movedLists(new Map(kept.versions), versions);
      dropMoved(cache, changed);
      moved = changed.size;
    }
  }
  return {
    client: cache.client,
    state,
    versions,
    upToDate,
    moved,
    async save() {
      // Nothing moved: the kept file holds these answers already (menus are never taken from it).
      if (!versions || moved === 0 || upToDate) return;
      const content: KeptFile = { version: VERSION, fetchedAt, versions: [...versions], answers: (await cache.kept()).filter((answer) => keptList(answer.operation, answer.variables)) };
      await writeCacheFile(file, JSON.stringify(content));
    },
  };
}

function keptList(operation: string, variables: Record<string, unknown>): boolean {
  return KEPT_LISTS.has(listOfRequest(operation, variables)?.list ?? '');
}

function sameState(before: ContentState, now: ContentState): boolean {
  return before.menus === now.menus && movedLists(new Map(before.versions), new Map(now.versions) as Versions).size === 0;
}

async function read(file: string, warn: (message: string) => void): Promise<KeptFile | null> {
  try {
    const text = await readCacheFile(file);
    if (text === null) return null;
    const kept = JSON.parse(text) as KeptFile;
    if (typeof kept?.version === 'number' && kept.version !== VERSION) return null; // another version's
    const valid = kept.version === VERSION && typeof kept.fetchedAt === 'number' && Array.isArray(kept.versions) && Array.isArray(kept.answers) &&
      kept.answers.every((answer) => typeof answer?.operation === 'string' && typeof answer.variables === 'object' && answer.variables !== null && !deeperThan(answer, MAX_DEPTH + 8));
    if (!valid) throw new Error('unexpected shape');
    return kept;
  } catch (error) {
    warn(`kept CMS answers ${file} are damaged (${(error as Error).message}); everything is fetched again`);
    return null;
  }
}
