// Accounts as the backend's HTTP surface shows them: an editor's bearer token, 401 for a token it
// does not accept, 403 for anonymous callers where a token is required, public media files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureSet } from '../../../site/cms/fixtures/types';
import { type ContentBackend, startContentBackend } from '../../../site/cms/server';
import { post } from './cms-client';

const EDITOR = 'access-editor-token_1.2~3+4/5=';
const fixtures: FixtureSet = {
  nodes: [
    {
      nid: 1,
      type: 'accommodation',
      created: 1_700_000_000,
      changed: 1_700_000_000,
      shared: { fieldWeight: 0 },
      de: { title: 'Turmzimmer', status: true, path: '/de/uebernachten/turmzimmer' },
    },
    {
      nid: 2,
      type: 'accommodation',
      created: 1_700_000_000,
      changed: 1_700_000_000,
      shared: { fieldWeight: 0 },
      de: { title: 'Geheimzimmer', status: false, path: '/de/uebernachten/geheimzimmer' },
    },
  ],
  terms: [],
  media: [],
};
const QUERY = '{ nodeQuery { count entities { ... on Node { title } } } }';

let open: ContentBackend;
let closed: ContentBackend;
beforeAll(async () => {
  [open, closed] = await Promise.all([
    startContentBackend({ fixtures, editorToken: EDITOR }),
    startContentBackend({ fixtures, editorToken: EDITOR, requireToken: true }),
  ]);
});
afterAll(() => Promise.all([open?.close(), closed?.close()]));

const raw = (endpoint: string, authorization: string) =>
  fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', authorization }, body: JSON.stringify({ query: QUERY }) });

describe('tokens', () => {
  it('serves an anonymous caller published content, an editor also the rest', async () => {
    const anonymous = await post(open.endpoint, QUERY);
    expect(anonymous.status).toBe(200);
    expect(anonymous.json.data.nodeQuery).toEqual({ count: 2, entities: [{ title: 'Turmzimmer' }, null] });
    const editor = await post(open.endpoint, QUERY, { token: EDITOR });
    expect(editor.json.data.nodeQuery).toEqual({ count: 2, entities: [{ title: 'Turmzimmer' }, { title: 'Geheimzimmer' }] });
  });

  it('answers a token it does not accept with 401, a JSON body and WWW-Authenticate: Bearer, never echoing the token', async () => {
    for (const backend of [open, closed]) {
      const answer = await post(backend.endpoint, QUERY, { token: 'expired-or-revoked' });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.json.message).toMatch(/not accepted/);
      expect(JSON.stringify(answer.json)).not.toContain('expired-or-revoked');
      expect(answer.headers.get('www-authenticate')).not.toContain('expired-or-revoked');
    }
  });

  it('refuses other schemes, an empty bearer and a token with extra words, and takes the scheme in any case', async () => {
    for (const header of ['Basic dXNlcjpwYXNz', 'Bearer', `Bearer ${EDITOR} extra`, EDITOR]) {
      const response = await raw(open.endpoint, header);
      expect(response.status, header).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    }
    const lower = await raw(open.endpoint, `bearer ${EDITOR}`);
    expect(lower.status).toBe(200);
    expect(((await lower.json()) as { data: { nodeQuery: { entities: unknown[] } } }).data.nodeQuery.entities).toHaveLength(2);
  });

  it('with requireToken, answers an anonymous caller 403 with a JSON message, and serves the editor', async () => {
    const anonymous = await post(closed.endpoint, QUERY);
    expect(anonymous.status).toBe(403);
    expect(anonymous.headers.get('content-type')).toMatch(/^application\/json/);
    expect(anonymous.json).toEqual({ message: expect.stringMatching(/Authorization: Bearer/) });
    const editor = await post(closed.endpoint, QUERY, { token: EDITOR });
    expect(editor.status).toBe(200);
    expect(editor.json.data.nodeQuery.count).toBe(2);
  });

  it('serves media files to anyone: no token, and a token it would refuse, alike', async () => {
    for (const backend of [open, closed]) {
      expect((await fetch(`${backend.origin}/media/stay-tower-room.svg`)).status).toBe(200);
      const refused = await fetch(`${backend.origin}/media/stay-tower-room.svg`, { headers: { authorization: 'Bearer nope' } });
      expect(refused.status).toBe(200);
      expect(refused.headers.get('content-type')).toBe('image/svg+xml');
    }
  });

  it('makes a random editor token where none is given, and returns the one it was given', async () => {
    expect(open.editorToken).toBe(EDITOR);
    const [a, b] = await Promise.all([startContentBackend({ fixtures }), startContentBackend({ fixtures })]);
    try {
      expect(a.editorToken).toMatch(/^[\w-]{20,}$/);
      expect(a.editorToken).not.toBe(b.editorToken);
      const editor = await post(a.endpoint, QUERY, { token: a.editorToken });
      expect(editor.json.data.nodeQuery.entities).toHaveLength(2);
      expect((await post(a.endpoint, QUERY, { token: b.editorToken })).status).toBe(401);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('rotates the editor token, as when a CMS token expires: the old one gets 401 from then on', async () => {
    const backend = await startContentBackend({ fixtures, editorToken: 'before-rotation' });
    try {
      expect((await post(backend.endpoint, QUERY, { token: 'before-rotation' })).status).toBe(200);
      expect(backend.rotateEditorToken('after-rotation')).toBe('after-rotation');
      expect(backend.editorToken).toBe('after-rotation');
      expect((await post(backend.endpoint, QUERY, { token: 'before-rotation' })).status).toBe(401);
      expect((await post(backend.endpoint, QUERY, { token: 'after-rotation' })).json.data.nodeQuery.entities).toHaveLength(2);
      const random = backend.rotateEditorToken();
      expect(random).not.toBe('after-rotation');
      expect((await post(backend.endpoint, QUERY, { token: random })).status).toBe(200);
    } finally {
      await backend.close();
    }
  });

  it('refuses an editor token that cannot travel in a header', async () => {
    await expect(startContentBackend({ fixtures, editorToken: '' })).rejects.toThrow(/empty/);
    await expect(startContentBackend({ fixtures, editorToken: 'two words' })).rejects.toThrow(/bearer token/);
  });
});
