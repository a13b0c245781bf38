// A content client that keeps every CMS answer until told otherwise. `watch` uses it so a
// template or locale change re-renders without fetching, and a fixture edit re-fetches only the
// lists it touched (site/serve/watch/fixture-diff.ts); `preview` so a reload after an edit fetches
// only the lists whose version moved (site/content/list-versions.ts); an incremental build keeps
// only the answers it writes to disk (`keeps`). Identical requests in flight share one answer;
// failures are not kept. A build also asks its first questions ahead (`askAhead`), before it needs
// them.
import type { ContentClient, RequestOptions } from './client';
import type { Operation } from './queries';
import { boundEntities } from './raw-depth';

export interface CachedClient {
  /** Stands in for the ContentClient the fetch stage takes. */
  client: ContentClient;
  /** Sends further requests through another client (the backend was restarted). */
  use(inner: ContentClient): void;
  /** Forgets the answers `stale` selects; returns how many. */
  invalidate(stale: (operation: string, variables: Record<string, unknown>) => boolean): number;
  /** Takes an answer kept from an earlier run, as if it had been asked for now. */
  seed(entry: KeptAnswer): void;
  /** Every answer that arrived, for keeping. */
  kept(): Promise<KeptAnswer[]>;
}

export interface KeptAnswer {
  operation: string;
  variables: Record<string, unknown>;
  answer: unknown;
}

/** One request's key: its operation and variables. */
function requestKey(operation: string, variables: Record<string, unknown>): string {
  return `${operation} ${JSON.stringify(variables)}`;
}

type Send = <T>(operation: Operation, variables?: Record<string, unknown>, options?: RequestOptions) => Promise<T>;

/**
 * A ContentClient whose requests go through `send`, with the endpoint and stats of `inner()`: only
 * request(), endpoint and stats are used by the fetch stage, not the class's private fields.
 */
function clientOver(inner: () => ContentClient, send: Send): ContentClient {
  const client = {
    get endpoint() {
      return inner().endpoint;
    },
    get stats() {
      return inner().stats;
    },
    request: send,
  };
  return client as unknown as ContentClient;
}

/** `keeps`: which answers are kept (default all); the rest pass through. */
export function cacheAnswers(first: ContentClient, keeps: (operation: string, variables: Record<string, unknown>) => boolean = () => true): CachedClient {
  let inner = first;
  const answers = new Map<string, { operation: string; variables: Record<string, unknown>; answer: Promise<unknown> }>();
  const client = clientOver(() => inner, <T>(operation: Operation, variables: Record<string, unknown> = {}, options: RequestOptions = {}): Promise<T> => {
    const key = requestKey(operation.name, variables);
    const known = answers.get(key);
    if (known) return known.answer as Promise<T>;
    // Before anything recursive (hashing, keeping, the fetch stage's keys) sees the answer.
    const answer = inner.request<T>(operation, variables, options).then((data) => boundEntities(data, operation.name));
    if (!keeps(operation.name, variables)) return answer;
    answers.set(key, { operation: operation.name, variables, answer });
    answer.catch(() => {
      if (answers.get(key)?.answer === answer) answers.delete(key);
    });
    return answer;
  });
  return {
    client,
    use(next) {
      inner = next;
    },
    invalidate(stale) {
      let count = 0;
      for (const [key, entry] of answers) {
        if (stale(entry.operation, entry.variables)) {
          answers.delete(key);
          count++;
        }
      }
      return count;
    },
    seed({ operation, variables, answer }) {
      answers.set(requestKey(operation, variables), { operation, variables, answer: Promise.resolve(answer) });
    },
    async kept() {
      const settled = await Promise.allSettled([...answers.values()].map(async (entry) => ({ operation: entry.operation, variables: entry.variables, answer: await entry.answer })));
      return settled.filter((result) => result.status === 'fulfilled').map((result) => result.value);
    },
  };
}

export interface Request {
  operation: Operation;
  variables: Record<string, unknown>;
}

/**
 * A client that sends `requests` now and hands each answer to the first request for it; any other
 * request, and a later one for the same, goes to `inner`. `signal` stops those sent ahead (nobody
 * will ask for them: the run failed before).
 */
export function askAhead(inner: ContentClient, requests: readonly Request[], signal: AbortSignal): ContentClient {
  const ahead = new Map<string, Promise<unknown>>();
  for (const { operation, variables } of requests) {
    const answer = inner.request(operation, variables, { signal });
    // Whoever takes the answer hears of its failure; one never taken fails nothing.
    answer.catch(() => {});
    ahead.set(requestKey(operation.name, variables), answer);
  }
  return clientOver(() => inner, <T>(operation: Operation, variables: Record<string, unknown> = {}, options: RequestOptions = {}): Promise<T> => {
    const key = requestKey(operation.name, variables);
    const answer = ahead.get(key);
    if (!answer) return inner.request<T>(operation, variables, options);
    ahead.delete(key);
    return answer as Promise<T>;
  });
}
