// The CLI's bundle carries the CMS operations prepared when it is bundled (cli/bundle.mjs), so that
// no start parses GraphQL: what it carries must be what site/content/queries.ts makes of the query
// files, every operation with its fragments.
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module of the bin
import { preparedOperations } from '../../../cli/bundle.mjs';
import { DRAFT_QUERIES, QUERIES, type Operation } from '../../../site/content/queries';

describe('the operations the CLI bundle carries', () => {
  it('are every operation as queries.ts prepares it', async () => {
    const carried = Object.values(await preparedOperations()) as Omit<Operation, 'list'>[];
    const operations = [...Object.values(QUERIES), ...Object.values(DRAFT_QUERIES)];
    expect(carried.map((operation) => operation.name).sort()).toEqual(operations.map((operation) => operation.name).sort());
    for (const operation of operations) {
      expect(carried.find((candidate) => candidate.name === operation.name)).toEqual({ name: operation.name, document: operation.document, required: operation.required });
    }
  }, 30_000);
});
