// Items normalized by an earlier build, kept beside the CMS answers (docs/incremental.md).
// Normalizing an item (sanitizing its body and paragraphs with parse5) is a pure function of its
// raw answer and the context every item shares — language, CMS origin, media origins and taxonomy
// terms — so an item whose raw answer is byte for byte the one of the last build is taken as it
// was normalized then, with the media URLs it named (the media stage must still hear of them).
// Entries are found by a hash of type, language and raw answer; the file belongs to one endpoint
// and code version, and its entries to one shared context (`scope`). An item with tile paragraphs
// is not kept: its tiles point into the item itself, and are resolved against the whole site.
// Media tokens carry a nonce of the process that made them (site/media/media-refs.ts): the file
// names its writer's, and reading renames them to this process's. A damaged file is ignored with a
// warning; only the entries this build used are written back.
import type { NormalizedStore } from '../content/fetch-content';
import type { NormalizeResult } from '../content/normalize';
import { MEDIA_TOKEN_PREFIX } from '../media/media-refs';
import { cacheFile, readCacheFile, writeCacheFile } from './cache-file';

const VERSION = 1;

type Entry = [result: NormalizeResult, media: [url: string, owner: string][]];

export interface NormalizedItems extends NormalizedStore {
  /** Writes the entries this build used or made, when they differ from the file's. */
  save(): Promise<void>;
}

export interface NormalizedItemsOptions {
  cacheDir: string;
  endpoint: string;
  code: string;
  /** False: nothing of the file is used (a full build); this build's items are kept all the same. */
  reuse: boolean;
  warn: (message: string) => void;
}

export async function openNormalizedItems(options: NormalizedItemsOptions): Promise<NormalizedItems> {
  const file = cacheFile(options.cacheDir, 'normalized', options.endpoint, options.code);
  const kept = options.reuse ? await read(file, options.warn) : null;
  let loaded = kept?.entries ?? new Map<string, Entry>();
  let scope: string | null = null;
  /** key → the entry as JSON, taken before the build changed the item (media paths are filled in later). */
  const next = new Map<string, string>();
  let made = 0;
  return {
    scope(current) {
      if (current !== kept?.scope) loaded = new Map();
      scope = current;
    },
    get(key) {
      const entry = loaded.get(key);
      if (!entry) return undefined;
      loaded.delete(key);
      next.set(key, JSON.stringify(entry));
      return { result: entry[0], media: entry[1] };
    },
    record(key, result, media) {
      next.set(key, JSON.stringify([result, media]));
      made++;
    },
    async save() {
      // Every entry of the file used, none made: the file is this build's already.
      if (scope === null || (made === 0 && loaded.size === 0 && scope === kept?.scope)) return;
      const entries = [...next].map(([key, json]) => `${JSON.stringify(key)}:${json}`).join(',');
      await writeCacheFile(file, `{"version":${VERSION},"tokens":${JSON.stringify(MEDIA_TOKEN_PREFIX)},"scope":${JSON.stringify(scope)},"entries":{${entries}}}`);
    },
  };
}

async function read(file: string, warn: (message: string) => void): Promise<{ scope: string; entries: Map<string, Entry> } | null> {
  let text = await readCacheFile(file);
  if (text === null) return null;
  try {
    const tokens = /^\{"version":\d+,"tokens":"([^"\\]+)"/.exec(text)?.[1];
    if (!tokens) throw new Error('no token prefix');
    if (tokens !== MEDIA_TOKEN_PREFIX) text = text.split(tokens).join(MEDIA_TOKEN_PREFIX);
    const kept = JSON.parse(text) as { version: number; scope: string; entries: Record<string, Entry> };
    if (kept?.version !== VERSION || typeof kept.scope !== 'string' || typeof kept.entries !== 'object' || kept.entries === null) throw new Error('unexpected shape');
    const entries = new Map(Object.entries(kept.entries));
    for (const [result, media] of entries.values()) {
      if (typeof result?.ok !== 'boolean' || !Array.isArray(media)) throw new Error('unexpected entry');
    }
    return { scope: kept.scope, entries };
  } catch (error) {
    warn(`kept normalized items ${file} are damaged (${(error as Error).message}); every item is normalized again`);
    return null;
  }
}
