// Which lists changed since the answers were kept (docs/incremental.md): the preview's reload after
// a CMS edit and an incremental build fetch only those lists again. One ListVersions request per
// language tells, for each content type, how many published items it has and which changed last
// (a Drupal save bumps `changed`; adding, removing or unpublishing moves the count), and how many
// taxonomy terms there are. A list whose version moved has its cached answers dropped; the rest
// are reused. A version that cannot be read (no `entityChanged` from the backend) counts as moved.
import type { CachedClient } from './cached-client';
import type { ContentClient } from './client';
import { listOfRequest, QUERIES } from './queries';
import { int, list, obj, str } from './read-raw';
import type { Locale } from '../model/content-types';

/** `${locale} ${list alias}` → version; null when it cannot be told. */
export type Versions = Map<string, string | null>;

export async function fetchVersions(client: ContentClient, locales: readonly Locale[]): Promise<Versions> {
  const versions: Versions = new Map();
  const answers = await Promise.all(locales.map((locale) => client.request<Record<string, unknown>>(QUERIES.listVersions, { langcode: locale })));
  for (const [i, locale] of locales.entries()) {
    for (const [alias, value] of Object.entries(answers[i] ?? {})) versions.set(`${locale} ${alias}`, versionOf(alias, value));
  }
  return versions;
}

function versionOf(alias: string, value: unknown): string | null {
  const result = obj(value);
  const count = int(result?.count);
  if (count === null) return null;
  if (alias === 'taxonomy_terms' || count === 0) return String(count);
  const newest = obj(list(result?.entities)[0]);
  const changed = str(newest?.entityChanged);
  return changed ? `${count} ${str(newest?.entityId) ?? ''} ${changed}` : null;
}

/** Keys whose version moved, appeared, disappeared or cannot be told. Pure. */
export function movedLists(before: Versions, after: Versions): Set<string> {
  const moved = new Set<string>();
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const old = before.get(key);
    const now = after.get(key);
    if (old == null || now == null || old !== now) moved.add(key);
  }
  return moved;
}

/** Drops the cached answers the moved lists make stale; the menus go whenever anything moved. */
export function dropMoved(cache: CachedClient, moved: ReadonlySet<string>): void {
  if (!moved.size) return;
  cache.invalidate((operation, variables) => {
    const key = listOfRequest(operation, variables);
    // The menu (its entries come from several lists) and anything new: cheap to ask again.
    return key === null || moved.has(`${key.locale} ${key.list}`);
  });
}
