// How deeply an answer nests, found by a walk that stops at the limit. Every step after fetching
// that walks a whole answer (JSON.stringify for hashing and keeping, the media walk, structured
// clone) is recursive without one; an answer nested thousands deep, a few kilobytes long,
// overflowed the stack in one of them. No field of the schema nests anywhere near MAX_DEPTH, so an
// answer deeper than that is not the schema's shape: it is left out before any of them sees it.
import { UserError } from '../errors';

/** Levels of objects and arrays in one item, its own included: several times the schema's deepest. */
export const MAX_DEPTH = 32;

/**
 * Whether `value` holds objects or arrays nested more than `max` levels deep. Recursive, but never
 * deeper than `max`: it stops at the limit, so an answer nested thousands deep costs `max` frames.
 */
export function deeperThan(value: unknown, max = MAX_DEPTH): boolean {
  return Boolean(value) && typeof value === 'object' && nestsBelow(value as object, max);
}

/** `node` has more levels than `levels` (its own counted); no array of pairs or stack entry per node. */
function nestsBelow(node: object, levels: number): boolean {
  if (levels < 1) return true;
  if (Array.isArray(node)) {
    for (const child of node) if (child && typeof child === 'object' && nestsBelow(child, levels - 1)) return true;
  } else {
    for (const key in node) {
      const child = (node as Record<string, unknown>)[key];
      if (child && typeof child === 'object' && nestsBelow(child, levels - 1)) return true;
    }
  }
  return false;
}

/** Marks an entity left out for its depth; no GraphQL name has a space, so no answer holds it. */
export const TOO_DEEP = 'nested too deep';

/**
 * The answer with every entity (an element of an `entities` list) nested deeper than MAX_DEPTH
 * replaced, in place, by a stub that keeps its ids and says so: normalizing leaves that item out
 * with a warning, and nothing recursive sees the rest of it. Throws when the answer nests too
 * deep elsewhere.
 */
export function boundEntities<T>(answer: T, what = 'a request'): T {
  if (!deeperThan(answer, MAX_DEPTH + 4)) return answer;
  const stack: unknown[] = [answer];
  for (let steps = 0; stack.length && steps < 64; steps++) {
    const node = stack.pop();
    if (!node || typeof node !== 'object' || Array.isArray(node)) continue;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'entities' && Array.isArray(child)) {
        child.forEach((entity: unknown, i) => {
          if (deeperThan(entity)) child[i] = stub(entity as Record<string, unknown>);
        });
      } else if (child && typeof child === 'object') stack.push(child);
    }
  }
  if (deeperThan(answer, MAX_DEPTH + 4)) {
    throw new UserError(`The CMS answer to ${what} nests deeper than any answer of the schema (more than ${MAX_DEPTH} levels)`, {
      hint: 'The endpoint does not answer as site/cms/schema.graphql says; check what it sends.',
    });
  }
  return answer;
}

function stub(entity: Record<string, unknown> | null): Record<string, unknown> {
  const kept: Record<string, unknown> = { [TOO_DEEP]: true };
  for (const key of ['nid', 'tid', 'id', 'entityBundle', 'langcode']) {
    const value = entity?.[key];
    if (typeof value === 'string' || typeof value === 'number') kept[key] = value;
  }
  return kept;
}
