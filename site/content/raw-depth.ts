// How deeply an answer nests, found without recursion. Every step after fetching that walks a whole
// answer (JSON.stringify for hashing and keeping, the media walk, structured clone) is recursive;
// an answer nested thousands deep, a few kilobytes long, overflowed the stack in one of them. No
// field of the schema nests anywhere near MAX_DEPTH, so an answer deeper than that is not the
// schema's shape: it is left out before any of them sees it.

/** Levels of objects and arrays in one item, its own included: several times the schema's deepest. */
export const MAX_DEPTH = 32;

/** Whether `value` holds objects or arrays nested more than `max` levels deep. */
export function deeperThan(value: unknown, max = MAX_DEPTH): boolean {
  if (!value || typeof value !== 'object') return false;
  const stack: [object, number][] = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (depth > max) return true;
    if (Array.isArray(node)) {
      for (const child of node) if (child && typeof child === 'object') stack.push([child, depth + 1]);
    } else {
      for (const key in node) {
        const child = (node as Record<string, unknown>)[key];
        if (child && typeof child === 'object') stack.push([child, depth + 1]);
      }
    }
  }
  return false;
}
