// What nodeQuery and taxonomyTermQuery may filter and sort on: Drupal's snake_case field names
// (schema.graphql header) mapped to readers of the fixture data, one QuerySource per entity type.
import type { FixtureNode, FixtureTerm } from './fixtures/types';
import { type ContentStore, type EntityView, type Lang, type RevisionMode, changedOf, translationOf, vidOf } from './content-store';

export type ValueKind = 'number' | 'string' | 'boolean';

/** A field's values as the query engine compares them; booleans are 1/0; [] or null when empty. */
export type FieldValue = string | number | null | undefined | readonly unknown[];

export interface QueryField<E> {
  kind: ValueKind;
  get(entity: E, lang: Lang): FieldValue;
  /** A precomputed sort key (a collation rank) used instead of comparing the values. */
  sortKey?(entity: E, lang: Lang): number;
}

export interface QuerySource<E> {
  /** The query field's name, for error messages. */
  name: string;
  /** What may be filtered and sorted on, for the error message about an unknown field. */
  fieldsHint: string;
  /** The field whose EQUAL/IN conditions narrow the candidates by index (bundle or vocabulary). */
  bundleField: string;
  /** Entities having a `lang` translation, of the given distinct lower-case bundles (null: all), in `revisions` mode. */
  candidates(lang: Lang, bundles: readonly string[] | null, revisions: RevisionMode): readonly E[];
  has(entity: E, lang: Lang): boolean;
  id(entity: E): number;
  field(name: string): QueryField<E> | undefined;
  view(entity: E, lang: Lang): EntityView;
}

/** How a schema field of a content type is compared: its kind and, for objects, the main property. */
export interface FieldShape {
  kind: ValueKind;
  property?: 'targetId' | 'value' | 'uri';
}

/** "field_u_shape" → "fieldUShape" (the fixture and GraphQL field name). */
function camelCase(snake: string): string {
  return snake.replace(/_([a-z0-9])/g, (_, char: string) => char.toUpperCase());
}

export function nodeSource(store: ContentStore, shapes: ReadonlyMap<string, FieldShape>): QuerySource<FixtureNode> {
  const tr = (node: FixtureNode, lang: Lang) => translationOf(node, lang);
  const base: Record<string, QueryField<FixtureNode>> = {
    type: { kind: 'string', get: (node) => node.type },
    status: { kind: 'boolean', get: (node, lang) => flag(tr(node, lang)?.status) },
    langcode: { kind: 'string', get: (node, lang) => (tr(node, lang) ? lang : null) },
    nid: { kind: 'number', get: (node) => node.nid },
    vid: { kind: 'number', get: (node) => vidOf(node) },
    uuid: { kind: 'string', get: (node) => store.uuid('node', node.nid) },
    title: {
      kind: 'string',
      get: (node, lang) => tr(node, lang)?.title,
      sortKey: (node, lang) => {
        const translation = tr(node, lang);
        return translation ? store.titleRank(translation) : -1;
      },
    },
    created: { kind: 'number', get: (node) => node.created },
    changed: { kind: 'number', get: (node, lang) => changedOf(node, tr(node, lang)) },
    promote: { kind: 'boolean', get: (node) => flag(node.promote ?? false) },
    sticky: { kind: 'boolean', get: (node) => flag(node.sticky ?? false) },
  };
  const cache = new Map<string, QueryField<FixtureNode> | undefined>();
  const field = (name: string): QueryField<FixtureNode> | undefined => {
    if (Object.hasOwn(base, name)) return base[name];
    if (!cache.has(name)) cache.set(name, contentField(name, shapes));
    return cache.get(name);
  };
  return {
    name: 'nodeQuery',
    fieldsHint: 'type, status, langcode, nid, vid, uuid, title, created, changed, promote, sticky, field_weight, body or the field_* name of a scalar or reference field',
    bundleField: 'type',
    candidates: (lang, types, revisions) =>
      types ? types.flatMap((type) => store.nodesOfType(type, lang, revisions)) : store.nodesIn(lang, revisions),
    has: (node, lang) => tr(node, lang) !== undefined,
    id: (node) => node.nid,
    field,
    view: (node, lang) => store.nodeView(node, lang)!,
  };
}

/** body and field_*: read from the translation, else from the language-neutral fields. */
function contentField(name: string, shapes: ReadonlyMap<string, FieldShape>): QueryField<FixtureNode> | undefined {
  if (name !== 'body' && !name.startsWith('field_')) return undefined;
  const key = camelCase(name);
  const shape = shapes.get(key);
  if (!shape) return undefined;
  const { property } = shape;
  const read = (value: unknown): unknown => {
    if (value === null || value === undefined) return null;
    if (property) return typeof value === 'object' ? ((value as Record<string, unknown>)[property] ?? null) : value;
    return typeof value === 'boolean' ? flag(value) : value;
  };
  return {
    kind: shape.kind,
    get: (node, lang) => {
      const translation = translationOf(node, lang);
      if (!translation) return null;
      const raw = translation[key] !== undefined ? translation[key] : node.shared[key];
      return Array.isArray(raw) ? raw.map(read) : (read(raw) as FieldValue);
    },
  };
}

export function termSource(store: ContentStore): QuerySource<FixtureTerm> {
  const tr = (term: FixtureTerm, lang: Lang) => (lang === 'de' ? term.de : term.en);
  const fields: Record<string, QueryField<FixtureTerm>> = {
    tid: { kind: 'number', get: (term) => term.tid },
    vid: { kind: 'string', get: (term) => term.vocabulary },
    name: { kind: 'string', get: (term, lang) => tr(term, lang)?.name },
    description: { kind: 'string', get: (term, lang) => tr(term, lang)?.description },
    weight: { kind: 'number', get: (term) => term.weight },
    langcode: { kind: 'string', get: (term, lang) => (tr(term, lang) ? lang : null) },
    // Terms in the fixtures are all published.
    status: { kind: 'boolean', get: () => 1 },
    uuid: { kind: 'string', get: (term) => store.uuid('taxonomy_term', term.tid) },
  };
  return {
    name: 'taxonomyTermQuery',
    fieldsHint: Object.keys(fields).join(', '),
    bundleField: 'vid',
    candidates: (lang, vocabularies) => {
      const terms = store.termsIn(lang);
      return vocabularies ? terms.filter((term) => vocabularies.includes(term.vocabulary)) : terms;
    },
    has: (term, lang) => tr(term, lang) !== undefined,
    id: (term) => term.tid,
    field: (name) => (Object.hasOwn(fields, name) ? fields[name] : undefined),
    view: (term, lang) => store.termView(term, lang)!,
  };
}

function flag(value: boolean | undefined): number | null {
  return value === undefined ? null : value ? 1 : 0;
}
