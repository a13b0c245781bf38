// A GraphQL client for the backend's tests: every query is validated against the published contract
// (site/cms/schema.graphql) before it is sent, so no test passes on a query the contract lacks.
import { readFileSync } from 'node:fs';
import { buildSchema, parse, validate } from 'graphql';
import { expect } from 'vitest';
import { projectPath } from '../../../site/project-root';

const contract = buildSchema(readFileSync(projectPath('site/cms/schema.graphql'), 'utf8'));

export function assertValid(query: string): void {
  expect(validate(contract, parse(query)).map((error) => error.message)).toEqual([]);
}

export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** POSTs a valid query, anonymously unless a token is given. */
export async function post(endpoint: string, query: string, { variables = {}, token }: { variables?: Record<string, unknown>; token?: string } = {}): Promise<Answer> {
  assertValid(query);
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}) };
  const response = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return { status: response.status, headers: response.headers, json: await response.json() };
}

/** The data of a query that must succeed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function data(endpoint: string, query: string, options: { variables?: Record<string, unknown>; token?: string } = {}): Promise<any> {
  const answer = await post(endpoint, query, options);
  expect(answer.status).toBe(200);
  expect(answer.json.errors).toBeUndefined();
  return answer.json.data;
}
