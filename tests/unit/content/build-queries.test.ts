// The build publishes default revisions only: whatever a CMS account may see, no operation the
// build sends asks for the latest revisions (drafts) or for every revision.
import { Kind, parse, visit } from 'graphql';
import { describe, expect, it } from 'vitest';
import { QUERIES } from '../../../site/content/queries';

/** Each `revisions` argument of an operation: its literal value, or `$name` for a variable. */
function revisionArguments(document: string): string[] {
  const found: string[] = [];
  visit(parse(document), {
    Argument(node) {
      if (node.name.value !== 'revisions') return;
      found.push(node.value.kind === Kind.ENUM ? node.value.value : node.value.kind === Kind.VARIABLE ? `$${node.value.name.value}` : node.value.kind);
    },
  });
  return found;
}

describe('the build asks for published revisions only', () => {
  it.each(Object.values(QUERIES).map((query) => [query.name, query.document] as const))('%s omits `revisions` or asks for DEFAULT', (_, document) => {
    // A variable could carry LATEST at run time: only a literal DEFAULT is allowed.
    expect(revisionArguments(document).filter((value) => value !== 'DEFAULT')).toEqual([]);
  });

  it('would notice a query asking for drafts', () => {
    expect(revisionArguments('query Q($r: EntityQueryRevisionMode) { a: nodeQuery(revisions: LATEST) { count } b: nodeQuery(revisions: $r) { count } c: nodeQuery(revisions: DEFAULT) { count } }')).toEqual(['LATEST', '$r', 'DEFAULT']);
  });

  it('filters every node list by status 1 (published)', () => {
    for (const query of Object.values(QUERIES)) {
      visit(parse(query.document), {
        Field(node) {
          if (node.name.value !== 'nodeQuery') return;
          const filter = node.arguments?.find((argument) => argument.name.value === 'filter');
          expect(filter, `${query.name}: nodeQuery without a filter`).toBeDefined();
          const conditions: string[] = [];
          visit(filter!.value, {
            ObjectValue(object) {
              const field = object.fields.find((f) => f.name.value === 'field');
              const value = object.fields.find((f) => f.name.value === 'value');
              if (field?.value.kind === Kind.STRING && value?.value.kind === Kind.LIST) {
                conditions.push(`${field.value.value}=${value.value.values.map((v) => (v.kind === Kind.STRING ? v.value : '?')).join(',')}`);
              }
            },
          });
          expect(conditions, `${query.name}: ${node.alias?.value ?? 'nodeQuery'}`).toContain('status=1');
        },
      });
    }
  });
});
