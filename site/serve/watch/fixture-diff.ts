// Which CMS answers a fixture edit makes stale. Nodes are compared one by one: an edited, added or
// removed node stales the content lists of its type (both languages, every page of the list), the
// menus, and the notifications when it is one. Terms and media are referenced from many items by
// id: a change to them stales everything. Pure.
import type { FixtureSet } from '../../cms/fixtures/types';
import { listOfRequest } from '../../content/queries';

export interface FixtureChange {
  /** Stale everything. */
  all: boolean;
  /** Content types whose lists changed. */
  types: Set<string>;
  /** nids edited, added or removed. */
  nids: Set<number>;
}

export function diffFixtures(before: FixtureSet, after: FixtureSet): FixtureChange {
  const types = new Set<string>();
  const nids = new Set<number>();
  const old = new Map(before.nodes.map((node) => [node.nid, node]));
  for (const node of after.nodes) {
    const previous = old.get(node.nid);
    old.delete(node.nid);
    if (previous && JSON.stringify(previous) === JSON.stringify(node)) continue;
    nids.add(node.nid);
    types.add(node.type);
    if (previous) types.add(previous.type);
  }
  for (const removed of old.values()) {
    nids.add(removed.nid);
    types.add(removed.type);
  }
  const all = JSON.stringify(before.terms) !== JSON.stringify(after.terms) || JSON.stringify(before.media) !== JSON.stringify(after.media);
  return { all, types, nids };
}

/** Whether a cached answer (operation name + variables; its list from site/content/queries.ts) is stale after `change`. */
export function isStale(change: FixtureChange, operation: string, variables: Record<string, unknown>): boolean {
  if (change.all) return true;
  if (!change.types.size) return false;
  const key = listOfRequest(operation, variables);
  // The menu and anything new: cheap to ask again, wrong to keep. Terms change only with `all`.
  if (key === null) return true;
  return key.list !== 'taxonomy_terms' && change.types.has(key.list);
}
