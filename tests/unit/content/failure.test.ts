// Which failures show the endpoint itself is wrong (site/content/failure.ts): those end a build at
// its first answer; a query the CMS alone refuses does not.
import { ClientError } from 'graphql-request';
import { describe, expect, it } from 'vitest';
import { AccessRefused, NotGraphQL } from '../../../site/content/cms-fetch';
import { endpointIsWrong } from '../../../site/content/failure';
import { UserError } from '../../../site/errors';

const wrapped = (cause: unknown) => new UserError('The CMS request ListVersions {} failed', { cause });
const clientError = (status: number, errors?: { message: string }[]) =>
  new ClientError({ status, headers: new Headers(), body: '', ...(errors ? { errors } : {}) } as never, { query: '{ x }' });

describe('endpointIsWrong', () => {
  it('is true for a page where GraphQL was expected, a wrong path and an unknown host', () => {
    expect(endpointIsWrong(wrapped(new NotGraphQL(501, 'an HTML page ("Error response")', null, false)))).toBe(true);
    expect(endpointIsWrong(wrapped(new NotGraphQL(200, 'an HTML page ("Willkommen")', null, false)))).toBe(true);
    expect(endpointIsWrong(wrapped(clientError(404)))).toBe(true);
    expect(endpointIsWrong(wrapped(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ENOTFOUND' } })))).toBe(true);
  });

  it('is false where another query may fare better or another attempt may pass', () => {
    // A proxy that lets some queries through, or a CMS that refuses this one.
    expect(endpointIsWrong(wrapped(clientError(200, [{ message: 'Cannot query field "count"' }])))).toBe(false);
    expect(endpointIsWrong(wrapped(new AccessRefused(403, null, null)))).toBe(false);
    expect(endpointIsWrong(wrapped(new NotGraphQL(503, 'an HTML page', null, false)))).toBe(false);
    // A page after GraphQL answers: something in between, not the endpoint.
    expect(endpointIsWrong(wrapped(new NotGraphQL(200, 'an HTML page ("Please log in")', null, true)))).toBe(false);
    expect(endpointIsWrong(wrapped(new Error('timed out')))).toBe(false);
  });
});
