// What each QueryOperator means for a field's values, and which values it takes. The checks and
// their messages follow the GraphQL module 3.x (EntityQuery::buildFilterConditions).
import { GraphQLError } from 'graphql';
import { COLLATOR } from './content-store';
import type { FieldValue, ValueKind } from './query-fields';

export type Operator =
  | 'EQUAL' | 'NOT_EQUAL' | 'SMALLER_THAN' | 'SMALLER_THAN_OR_EQUAL' | 'GREATER_THAN' | 'GREATER_THAN_OR_EQUAL'
  | 'IN' | 'NOT_IN' | 'LIKE' | 'NOT_LIKE' | 'BETWEEN' | 'NOT_BETWEEN' | 'IS_NULL' | 'IS_NOT_NULL';

export type Scalar = string | number;

export function checkArity(operator: Operator, count: number, field: string): void {
  switch (operator) {
    case 'IS_NULL':
    case 'IS_NOT_NULL':
      if (count > 0) throw new GraphQLError(`Null operators must not be associated with a filter value (field '${field}').`);
      return;
    case 'BETWEEN':
    case 'NOT_BETWEEN':
      if (count !== 2) throw new GraphQLError(`Range operators must require exactly two values (field '${field}').`);
      return;
    case 'IN':
    case 'NOT_IN':
      if (count === 0) throw new GraphQLError(`${operator} needs at least one value (field '${field}').`);
      return;
    default:
      if (count !== 1) throw new GraphQLError(`Unary operators must be associated with a single value (field '${field}').`);
  }
}

export function parseValue(value: string, kind: ValueKind, field: string, query: string): Scalar {
  if (kind === 'string') return value;
  const number = kind === 'boolean' && /^(true|false)$/i.test(value) ? Number(value.toLowerCase() === 'true') : Number(value);
  if (value.trim() === '' || Number.isNaN(number)) throw new GraphQLError(`${query}: "${value}" is not a number (field "${field}").`);
  return number;
}

/** The field's non-empty values: scalars as they are, booleans as 1/0. */
export function present(value: FieldValue): Scalar[] {
  if (value === null || value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v): v is Scalar => typeof v === 'string' || typeof v === 'number');
}

function compareScalars(a: Scalar, b: Scalar, kind: ValueKind): number {
  if (kind !== 'string') return Number(a) - Number(b);
  return COLLATOR.compare(String(a), String(b));
}

/**
 * One condition as a test of a field's values. String comparisons ignore case, as Drupal's are for
 * its (case-insensitive) string fields. Multi-value fields match a positive operator when any value
 * does and a negated one when no value matches its positive; an empty field only matches IS_NULL.
 */
export function valueTest(operator: Operator, values: Scalar[], kind: ValueKind): (present: Scalar[]) => boolean {
  const lower = (v: Scalar) => (typeof v === 'string' ? v.toLowerCase() : v);
  const wanted = new Set(values.map(kind === 'string' ? lower : Number));
  const first = values[0]!;
  const cmp = (v: Scalar, w: Scalar) => compareScalars(v, w, kind);
  const positive = (test: (v: Scalar) => boolean) => (list: Scalar[]) => list.some(test);
  const negative = (test: (v: Scalar) => boolean) => (list: Scalar[]) => list.length > 0 && !list.some(test);
  const isWanted = (v: Scalar) => wanted.has(kind === 'string' ? lower(v) : Number(v));
  switch (operator) {
    case 'EQUAL':
    case 'IN':
      return positive(isWanted);
    case 'NOT_EQUAL':
    case 'NOT_IN':
      return negative(isWanted);
    case 'SMALLER_THAN':
      return positive((v) => cmp(v, first) < 0);
    case 'SMALLER_THAN_OR_EQUAL':
      return positive((v) => cmp(v, first) <= 0);
    case 'GREATER_THAN':
      return positive((v) => cmp(v, first) > 0);
    case 'GREATER_THAN_OR_EQUAL':
      return positive((v) => cmp(v, first) >= 0);
    case 'LIKE':
    case 'NOT_LIKE': {
      const pattern = likePattern(String(first));
      const test = (v: Scalar) => pattern.test(String(v));
      return operator === 'LIKE' ? positive(test) : negative(test);
    }
    case 'BETWEEN':
    case 'NOT_BETWEEN': {
      const [low, high] = values as [Scalar, Scalar];
      const test = (v: Scalar) => cmp(v, low) >= 0 && cmp(v, high) <= 0;
      return operator === 'BETWEEN' ? positive(test) : negative(test);
    }
    case 'IS_NULL':
      return (list) => list.length === 0;
    case 'IS_NOT_NULL':
      return (list) => list.length > 0;
  }
}

/** SQL LIKE: % any run, _ one character, backslash escapes; case-insensitive. */
function likePattern(like: string): RegExp {
  let source = '';
  for (let i = 0; i < like.length; i++) {
    const char = like[i]!;
    if (char === '\\' && i + 1 < like.length) source += escapeRegExp(like[++i]!);
    else if (char === '%') source += '.*';
    else if (char === '_') source += '.';
    else source += escapeRegExp(char);
  }
  return new RegExp(`^${source}$`, 'is');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
