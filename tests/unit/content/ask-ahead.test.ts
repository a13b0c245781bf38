// A build sends its first CMS requests ahead, before it checks the output folder
// (site/content/cached-client.ts, askAhead): each answer goes to the first request for it, and
// nothing is sent twice or lost; a run that fails first stops them.
import { describe, expect, it } from 'vitest';
import { askAhead } from '../../../site/content/cached-client';
import type { ContentClient, RequestOptions } from '../../../site/content/client';
import { QUERIES, type Operation } from '../../../site/content/queries';

/** A client that records each request and answers it when told. */
function recordingClient() {
  const sent: { name: string; variables: Record<string, unknown>; signal?: AbortSignal; answer: (value: unknown) => void; fail: (error: Error) => void }[] = [];
  const client = {
    endpoint: 'https://cms.example/graphql',
    stats: { requests: 0, retries: 0 },
    request(operation: Operation, variables: Record<string, unknown> = {}, options: RequestOptions = {}) {
      client.stats.requests++;
      return new Promise((answer, fail) => sent.push({ name: operation.name, variables, signal: options.signal, answer, fail }));
    },
  };
  return { client: client as unknown as ContentClient, sent };
}

describe('askAhead', () => {
  it('sends the requests at once and hands each answer to the first request for it', async () => {
    const { client, sent } = recordingClient();
    const ahead = askAhead(client, [{ operation: QUERIES.listVersions, variables: { langcode: 'de' } }], new AbortController().signal);
    expect(sent.map((request) => request.name)).toEqual(['ListVersions']);
    sent[0]!.answer({ versions: 'de' });
    await expect(ahead.request(QUERIES.listVersions, { langcode: 'de' })).resolves.toEqual({ versions: 'de' });
    expect(ahead.stats.requests).toBe(1);
    expect(ahead.endpoint).toBe('https://cms.example/graphql');

    // A later request for the same, and any other, is sent as usual.
    const again = ahead.request(QUERIES.listVersions, { langcode: 'de' });
    const other = ahead.request(QUERIES.listVersions, { langcode: 'en' });
    expect(sent.map((request) => request.variables)).toEqual([{ langcode: 'de' }, { langcode: 'de' }, { langcode: 'en' }]);
    sent[1]!.answer('again');
    sent[2]!.answer('en');
    expect([await again, await other]).toEqual(['again', 'en']);
  });

  it('passes a failure to whoever takes the answer, and stops the requests when the run failed before', async () => {
    const { client, sent } = recordingClient();
    const stop = new AbortController();
    const ahead = askAhead(client, [{ operation: QUERIES.menu, variables: { language: 'DE' } }, { operation: QUERIES.menu, variables: { language: 'EN' } }], stop.signal);
    sent[0]!.fail(new Error('CMS down'));
    await expect(ahead.request(QUERIES.menu, { language: 'DE' })).rejects.toThrow('CMS down');
    // Never taken: its failure is nobody's (no unhandled rejection), and the stop reaches it.
    sent[1]!.fail(new Error('also down'));
    stop.abort();
    expect(sent.every((request) => request.signal?.aborted)).toBe(true);
  });
});
