// The executable schema: schema.graphql (the published contract, unchanged) with the resolvers of
// resolvers.ts attached to its fields and interfaces, over one fixture set at a time. The schema is
// built once per backend; new fixtures (a save in `watch`) get a new store and resolvers on the same
// types, as building the schema again was a noticeable part of every content save.
import { type GraphQLSchema, buildASTSchema, getNamedType, isInterfaceType, isObjectType, parse } from 'graphql';
import type { FixtureSet } from './fixtures/types';
import schemaSource from './schema.graphql';
import { ContentStore, LANGS, translationOf } from './content-store';
import type { FieldShape, ValueKind } from './query-fields';
import { type Resolvers, createResolvers, nodeTypename } from './resolvers';
import { UrlResolver } from './urls';

// Parsed once per process; every backend builds its own schema object from it (resolvers differ).
const schemaDocument = parse(schemaSource);

export interface ContentSchema {
  schema: GraphQLSchema;
  /**
   * Answers from `fixtures` from now on. The resolvers are synchronous, so a query runs wholly
   * before or after the change.
   */
  use(fixtures: FixtureSet): void;
}

export function createContentSchema(fixtures: FixtureSet): ContentSchema {
  const schema = buildASTSchema(schemaDocument);
  const shapes = nodeFieldShapes(schema);
  const use = (next: FixtureSet) => {
    checkFixtureFields(schema, next);
    const store = new ContentStore(next);
    attach(schema, createResolvers(store, new UrlResolver(store), shapes));
  };
  use(fixtures);
  return { schema, use };
}

const SHARED_INTERFACES = ['Node', 'Paragraph', 'Entity'] as const;

function attach(schema: GraphQLSchema, resolvers: Resolvers): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (isInterfaceType(type)) {
      type.resolveType = resolvers.typeResolvers[type.name];
      continue;
    }
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const implemented = new Set(type.getInterfaces().map((i) => i.name));
    const owner = implemented.has('Node') ? 'node' : implemented.has('Paragraph') ? 'paragraph' : null;
    for (const field of Object.values(type.getFields())) {
      field.resolve =
        resolvers.types[type.name]?.[field.name] ??
        SHARED_INTERFACES.filter((name) => implemented.has(name))
          .map((name) => resolvers.interfaces[name]?.[field.name])
          .find((resolver) => resolver !== undefined) ??
        (owner ? resolvers.contentField(owner, field.name, field.type) : undefined);
    }
  }
}

// How the query engine compares a content field: scalars as they are, objects by Drupal's "main
// property" (a reference's target id, a text's or date range's value, a link's uri).
const OBJECT_SHAPES: Readonly<Record<string, FieldShape>> = {
  EntityReference: { kind: 'string', property: 'targetId' },
  FieldText: { kind: 'string', property: 'value' },
  FieldDateRange: { kind: 'string', property: 'value' },
  FieldLink: { kind: 'string', property: 'uri' },
};
const SCALAR_KINDS: Readonly<Record<string, ValueKind>> = { Int: 'number', Float: 'number', Boolean: 'boolean', String: 'string', ID: 'string' };

/** The filterable/sortable fields of all content types, by GraphQL (camelCase) name. */
function nodeFieldShapes(schema: GraphQLSchema): Map<string, FieldShape> {
  const shapes = new Map<string, FieldShape>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || !type.getInterfaces().some((i) => i.name === 'Node')) continue;
    for (const field of Object.values(type.getFields())) {
      const named = getNamedType(field.type).name;
      const kind = SCALAR_KINDS[named];
      const shape = kind ? { kind } : OBJECT_SHAPES[named];
      if (shape && !shapes.has(field.name)) shapes.set(field.name, shape);
    }
  }
  return shapes;
}

// Keys of a fixture translation that are not GraphQL fields of the content type.
const TRANSLATION_KEYS = new Set(['path']);

/** Fixture field names are the schema's (fixtures/types.ts); a typo would silently read as null. */
function checkFixtureFields(schema: GraphQLSchema, fixtures: FixtureSet): void {
  const problems: string[] = [];
  for (const node of fixtures.nodes) {
    const typename = nodeTypename(node.type);
    const type = schema.getType(typename);
    if (!isObjectType(type)) {
      problems.push(`node ${node.nid}: content type "${node.type}" has no type ${typename} in schema.graphql`);
      continue;
    }
    const fields = type.getFields();
    const { draft } = node;
    const keys = new Set([
      ...Object.keys(node.shared),
      ...LANGS.flatMap((lang) => Object.keys(translationOf(node, lang) ?? {})),
      ...Object.keys(draft?.shared ?? {}),
      ...LANGS.flatMap((lang) => Object.keys(draft?.[lang] ?? {})),
    ]);
    for (const key of keys) {
      if (!TRANSLATION_KEYS.has(key) && !Object.hasOwn(fields, key)) problems.push(`node ${node.nid}: "${key}" is not a field of ${typename}`);
    }
  }
  if (problems.length) throw new Error(`Invalid CMS fixtures:\n- ${problems.slice(0, 20).join('\n- ')}`);
}
