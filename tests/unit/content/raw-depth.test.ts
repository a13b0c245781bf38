// How deeply an answer nests (site/content/raw-depth.ts): exactly at the limit is fine, one level
// more is not, and an answer nested far deeper is told apart without overflowing the stack.
import { describe, expect, it } from 'vitest';
import { deeperThan, MAX_DEPTH } from '../../../site/content/raw-depth';

function nested(levels: number): unknown {
  let value: unknown = { leaf: 'x' };
  for (let level = 1; level < levels; level++) value = level % 2 ? [value] : { child: value };
  return value;
}

describe('deeperThan', () => {
  it('counts the levels of objects and arrays, the value’s own included', () => {
    expect(deeperThan(nested(MAX_DEPTH))).toBe(false);
    expect(deeperThan(nested(MAX_DEPTH + 1))).toBe(true);
    expect(deeperThan(nested(3), 3)).toBe(false);
    expect(deeperThan(nested(4), 3)).toBe(true);
    expect(deeperThan('text')).toBe(false);
    expect(deeperThan(null)).toBe(false);
  });

  it('finds the deep branch among shallow ones, and stops at the limit on a very deep answer', () => {
    expect(deeperThan({ a: 1, b: [{}, {}], c: { d: nested(MAX_DEPTH) } })).toBe(true);
    expect(deeperThan(nested(200_000))).toBe(true);
  });
});
