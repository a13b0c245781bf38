// Drupal entity query semantics over the indexed fixtures: filter (conditions, nested groups,
// AND/OR, per-condition language), sort (in order, DESC by default), range and count. What each
// operator means is in query-operators.ts.
import { GraphQLError } from 'graphql';
import { COLLATOR, type EntityView, type Lang, type RevisionMode } from './content-store';
import type { QueryField, QuerySource } from './query-fields';
import { type Operator, type Scalar, checkArity, parseValue, present, valueTest } from './query-operators';

export type { Operator };

export interface ConditionInput {
  field: string;
  value?: readonly (string | null)[] | null;
  operator?: Operator | null;
  language?: string | null;
  enabled?: boolean | null;
}
export interface FilterInput {
  conditions?: readonly (ConditionInput | null)[] | null;
  groups?: readonly (FilterInput | null)[] | null;
  conjunction?: 'AND' | 'OR' | null;
}
export interface SortInput {
  field: string;
  direction?: 'ASC' | 'DESC' | null;
  language?: string | null;
}
export interface QueryArgs {
  offset?: number | null;
  limit?: number | null;
  filter?: FilterInput | null;
  sort?: readonly (SortInput | null)[] | null;
  /** nodeQuery only; taxonomy terms are not revisioned here. */
  revisions?: RevisionMode | null;
}

/** schema.graphql: "nodeQuery honours `limit` up to 100; a larger limit is an error." */
export const MAX_LIMIT = 100;
const CACHE_SIZE = 256;

type Predicate<E> = (entity: E, lang: Lang) => boolean;
type Matches<E> = { lang: Lang | null; entities: E[] };
type SortKey<E> = { read: (entity: E, lang: Lang) => Scalar | null; sign: 1 | -1; text: boolean };

/** LanguageId enum value → fixture language; null for UND/ZXX (no entity has those translations). */
export function langOf(id: string): Lang | null {
  const lang = id.toLowerCase();
  return lang === 'de' || lang === 'en' ? lang : null;
}

/**
 * Runs queries of one entity type. Content never changes while the backend runs, so the sorted
 * matches of a filter+sort are cached: paging through 10,000 items with offset filters and sorts once.
 */
export class EntityQueryRunner<E> {
  private readonly cache = new Map<string, Matches<E>>();

  constructor(private readonly source: QuerySource<E>) {}

  run(args: QueryArgs): { count: number; entities: EntityView[] } {
    const { name } = this.source;
    const offset = args.offset ?? 0;
    const limit = args.limit ?? 10;
    if (limit > MAX_LIMIT) throw new GraphQLError(`${name}: limit ${limit} is more than the maximum of ${MAX_LIMIT}; page with offset instead.`);
    if (limit < 0) throw new GraphQLError(`${name}: limit must not be negative (got ${limit}).`);
    if (offset < 0) throw new GraphQLError(`${name}: offset must not be negative (got ${offset}).`);
    const revisions = args.revisions ?? 'DEFAULT';
    const key = JSON.stringify([args.filter ?? null, args.sort ?? null, revisions]);
    let matches = this.cache.get(key);
    if (matches) {
      this.cache.delete(key); // re-insert: most recently used last
    } else {
      matches = this.match(args.filter ?? null, args.sort ?? [], revisions);
      if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    }
    this.cache.set(key, matches);
    const { lang, entities } = matches;
    return {
      count: entities.length,
      entities: lang ? entities.slice(offset, offset + limit).map((entity) => this.source.view(entity, lang)) : [],
    };
  }

  private match(filter: FilterInput | null, sort: readonly (SortInput | null)[], revisions: RevisionMode): Matches<E> {
    // Compile first: an unknown field is an error even where nothing would match.
    const predicate = filter ? this.compileGroup(filter) : () => true;
    const sortKeys = this.compileSort(sort);
    const lang = queryLanguage(filter);
    if (!lang) return { lang, entities: [] };
    const entities = this.source.candidates(lang, this.bundlesOf(filter), revisions).filter((entity) => predicate(entity, lang));
    return { lang, entities: this.sorted(entities, lang, sortKeys) };
  }

  /** Top-level type (vid) conditions pick the candidates from the index instead of scanning all. */
  private bundlesOf(filter: FilterInput | null): string[] | null {
    const condition = topLevel(filter).find((c) => c.field === this.source.bundleField);
    const values = condition?.value?.filter((v): v is string => v !== null);
    return values ? [...new Set(values.map((v) => v.toLowerCase()))] : null;
  }

  private compileGroup(group: FilterInput): Predicate<E> {
    const parts: Predicate<E>[] = [];
    for (const condition of group.conditions ?? []) if (condition && condition.enabled !== false) parts.push(this.compileCondition(condition));
    for (const nested of group.groups ?? []) if (nested) parts.push(this.compileGroup(nested));
    if (group.conjunction === 'OR') return parts.length ? (e, l) => parts.some((p) => p(e, l)) : () => true;
    return (e, l) => parts.every((p) => p(e, l));
  }

  private compileCondition(condition: ConditionInput): Predicate<E> {
    const field = this.field(condition.field, 'filter');
    const operator = condition.operator ?? 'EQUAL';
    const raw = (condition.value ?? []).filter((v): v is string => v !== null);
    checkArity(operator, raw.length, condition.field);
    const values = raw.map((v) => parseValue(v, field.kind, condition.field, this.source.name));
    const test = valueTest(operator, values, field.kind);
    const fixed = condition.language ? langOf(condition.language) : undefined;
    return (entity, queryLang) => {
      // A condition with a language is evaluated against that translation; none → no match.
      const lang = fixed === undefined ? queryLang : fixed;
      if (!lang || !this.source.has(entity, lang)) return false;
      return test(present(field.get(entity, lang)));
    };
  }

  private field(name: string, use: 'filter' | 'sort'): QueryField<E> {
    const field = this.source.field(name);
    if (!field) {
      throw new GraphQLError(
        `${this.source.name}: unknown ${use} field "${name}". Use Drupal's snake_case names: ${this.source.fieldsHint}.`,
      );
    }
    return field;
  }

  private compileSort(sort: readonly (SortInput | null)[]): SortKey<E>[] {
    return sort.flatMap((spec) => {
      if (!spec) return [];
      const field = this.field(spec.field, 'sort');
      const fixed = spec.language ? langOf(spec.language) : undefined;
      const read = (entity: E, queryLang: Lang): Scalar | null => {
        const lang = fixed === undefined ? queryLang : fixed;
        if (!lang || !this.source.has(entity, lang)) return null;
        if (field.sortKey) return field.sortKey(entity, lang);
        return present(field.get(entity, lang))[0] ?? null;
      };
      // Drupal's default direction is DESC (schema.graphql header).
      return [{ read, sign: spec.direction === 'ASC' ? 1 : -1, text: field.kind === 'string' && !field.sortKey }];
    });
  }

  private sorted(entities: E[], lang: Lang, keys: SortKey<E>[]): E[] {
    // Decorate once: reading keys inside the comparator would repeat it n·log(n) times.
    const rows = entities.map((entity) => ({ entity, id: this.source.id(entity), keys: keys.map((k) => k.read(entity, lang)) }));
    rows.sort((a, b) => {
      for (let i = 0; i < keys.length; i++) {
        const order = compareKeys(a.keys[i] ?? null, b.keys[i] ?? null, keys[i]!.text);
        if (order !== 0) return order * keys[i]!.sign;
      }
      return a.id - b.id; // stable, deterministic pages where all sort keys tie (revisions of an item: by vid)
    });
    return rows.map((row) => row.entity);
  }
}

/** schema.graphql: the language of a top-level langcode condition, else the default language. */
function queryLanguage(filter: FilterInput | null): Lang | null {
  const condition = topLevel(filter).find((c) => c.field === 'langcode');
  const value = condition?.value?.find((v) => v !== null);
  return value ? langOf(value) : 'de';
}

/** Conditions every match must meet on its own: top-level, AND, EQUAL/IN, no language of their own. */
function topLevel(filter: FilterInput | null): ConditionInput[] {
  if (!filter || filter.conjunction === 'OR') return [];
  return (filter.conditions ?? []).filter(
    (c): c is ConditionInput => !!c && c.enabled !== false && !c.language && ((c.operator ?? 'EQUAL') === 'EQUAL' || c.operator === 'IN'),
  );
}

/** NULL sorts first ascending and last descending, as in MySQL. */
function compareKeys(a: Scalar | null, b: Scalar | null, text: boolean): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  if (text) return COLLATOR.compare(String(a), String(b));
  return a < b ? -1 : a > b ? 1 : 0;
}
