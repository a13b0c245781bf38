import { readFileSync } from 'node:fs';
import { buildSchema, isNonNullType, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DRAFT_QUERIES, NON_NULL_ROOT_FIELDS, QUERIES } from '../../../site/content/queries';
import { projectPath } from '../../../site/project-root';

const schema = buildSchema(readFileSync(projectPath('site/cms/schema.graphql'), 'utf8'));

describe('query files', () => {
  it('keep the project copy of the schema identical to the published one', () => {
    const published = projectPath('..', 'shared', 'cms', 'schema.graphql');
    let source: string | null = null;
    try {
      source = readFileSync(published, 'utf8');
    } catch {
      // shared/ sits beside the clone in CI and on developer machines; elsewhere there is nothing to compare.
    }
    if (source !== null) expect(readFileSync(projectPath('site/cms/schema.graphql'), 'utf8')).toBe(source);
  });

  for (const [key, operation] of [...Object.entries(QUERIES), ...Object.entries(DRAFT_QUERIES).map(([name, query]) => [`draft ${name}`, query] as const)]) {
    it(`${key} (${operation.name}) validates against the CMS schema`, () => {
      const errors = validate(schema, parse(operation.document));
      expect(errors.map((error) => error.message)).toEqual([]);
    });
  }

  it('the menu query asks for 50 items per topic, sorted by weight then title ascending', () => {
    const document = QUERIES.menu.document;
    const topics = document.match(/nodeQuery\(limit: 50,/g) ?? [];
    expect(topics.length).toBeGreaterThanOrEqual(8);
    expect(document.match(/sort: \[\{ field: "field_weight", direction: ASC \}, \{ field: "title", direction: ASC \}\]/g)).toHaveLength(topics.length);
    expect(document).toContain('$language: LanguageId!');
  });

  it('know which root fields the schema guarantees, so an answer without them is retried, not read as empty', () => {
    const guaranteed = Object.values(schema.getQueryType()!.getFields()).filter((field) => isNonNullType(field.type)).map((field) => field.name);
    expect([...NON_NULL_ROOT_FIELDS].sort()).toEqual(guaranteed.sort());
    expect(QUERIES.contentPage.required).toEqual(['nodeQuery']);
    expect(QUERIES.menu.required).toEqual(['rooms', 'restaurants_bars', 'meetingsandcelebrations', 'wellness', 'events', 'sports', 'specialoffers', 'aboutus']);
    expect(QUERIES.routeResolver.required).toEqual([]);
  });
});
