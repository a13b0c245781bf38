// The one way to talk to the CMS: graphql-request over HTTP POST, at most `concurrency` requests in
// flight (p-limit), a timeout per attempt, and retries with exponential backoff and full jitter on
// network errors, timeouts, HTTP 429/5xx and unreadable answers. GraphQL errors (HTTP 200 with an
// `errors` array: a bad query or a backend bug) and other 4xx are not retried: repeating them
// cannot help. A request that finally fails throws a UserError naming the operation, its
// variables and the cause.
import { setTimeout as sleep } from 'node:timers/promises';
import { ClientError, GraphQLClient } from 'graphql-request';
import pLimit from 'p-limit';
import { UserError } from '../errors';
import type { Operation } from './queries';

export interface ContentClientOptions {
  endpoint: string;
  concurrency: number;
  timeoutMs: number;
  /** Retries after the first attempt. */
  retries: number;
  /** First backoff step; doubles per attempt (default 300 ms). */
  baseDelayMs?: number;
  /** Upper bound of one backoff wait (default 10 s). */
  maxDelayMs?: number;
  /** Called before each retry, for progress output. */
  onRetry?: (info: { operation: string; attempt: number; delayMs: number; reason: string }) => void;
}

export interface ClientStats {
  requests: number;
  retries: number;
}

type Verdict = { retry: boolean; reason: string; retryAfterMs?: number };

/** Decides whether a failed attempt is worth repeating. Exported for tests. */
export function classifyFailure(error: unknown): Verdict {
  if (error instanceof ClientError) {
    const { status, errors } = error.response;
    if (status === 429 || status >= 500) {
      const retryAfterMs = retryAfterOf(error.response.headers?.get?.('retry-after'));
      return { retry: true, reason: `HTTP ${status}${describeBody(error.response.body)}`, ...(retryAfterMs > 0 ? { retryAfterMs } : {}) };
    }
    if (errors?.length) return { retry: false, reason: `GraphQL error: ${errors.map((e) => e.message).join('; ')}` };
    return { retry: false, reason: `HTTP ${status}${describeBody(error.response.body)}` };
  }
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return { retry: true, reason: 'timed out' };
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    if (error instanceof TypeError && /fetch failed/i.test(error.message)) {
      return { retry: true, reason: `network error: ${cause?.code ?? cause?.message ?? error.message}` };
    }
    // A 2xx answer that is not a GraphQL result (an HTML page from a proxy, a cut-off body).
    return { retry: true, reason: `unreadable answer: ${error.message}` };
  }
  return { retry: true, reason: String(error) };
}

/** Retry-After in milliseconds: delay-seconds or an HTTP-date (RFC 9110 10.2.3); 0 when absent. */
export function retryAfterOf(value: string | null | undefined, now = Date.now()): number {
  if (!value) return 0;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isFinite(date) ? Math.max(0, date - now) : 0;
}

function describeBody(body: unknown): string {
  if (typeof body !== 'string' || !body.trim()) return '';
  const text = body.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return text ? ` (${text.slice(0, 120)})` : '';
}

export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  // Full jitter (AWS architecture blog): spreads retries of many clients over the whole window.
  return Math.round(random() * Math.min(maxMs, baseMs * 2 ** attempt));
}


export interface RequestOptions {
  /** Aborted: stop waiting and retrying (the stage this request belongs to has failed already). */
  signal?: AbortSignal;
}

export class ContentClient {
  readonly stats: ClientStats = { requests: 0, retries: 0 };
  readonly endpoint: string;
  private readonly graphql: GraphQLClient;
  private readonly limit: ReturnType<typeof pLimit>;

  constructor(private readonly options: ContentClientOptions) {
    this.endpoint = options.endpoint;
    this.graphql = new GraphQLClient(options.endpoint, { method: 'POST' });
    this.limit = pLimit(options.concurrency);
  }

  async request<T>(operation: Operation, variables: Record<string, unknown> = {}, options: RequestOptions = {}): Promise<T> {
    const { retries, timeoutMs, baseDelayMs = 300, maxDelayMs = 10_000 } = this.options;
    const { signal } = options;
    for (let attempt = 0; ; attempt++) {
      let verdict: Verdict;
      try {
        // The limit wraps one attempt, not the backoff wait: a sleeping retry frees its slot.
        const data = await this.limit(() => {
          signal?.throwIfAborted();
          this.stats.requests++;
          const timeout = AbortSignal.timeout(timeoutMs);
          return this.graphql.request<T>({ document: operation.document, variables, signal: signal ? AbortSignal.any([timeout, signal]) : timeout });
        });
        // A 200 without the fields the schema guarantees ({} from a broken proxy, a null list):
        // read as an empty list it would unpublish content, so it is retried like a cut-off body.
        const missing = operation.required.filter((key) => (data as Record<string, unknown> | null)?.[key] == null);
        if (missing.length) throw new Error(`the answer has no ${missing.join(', ')}`);
        return data;
      } catch (error) {
        // Given up on by the caller (another request of the stage failed): no retry, no message.
        if (signal?.aborted) throw signal.reason;
        verdict = classifyFailure(error);
        if (!verdict.retry || attempt >= retries) {
          const tries = attempt + 1;
          throw new UserError(
            `The CMS request ${operation.name} ${JSON.stringify(variables)} failed${verdict.retry ? ` after ${tries} attempts` : ''}: ${verdict.reason}`,
            {
              cause: error,
              hint: verdict.retry
                ? `Check that ${this.endpoint} is reachable and healthy, then build again. Nothing was published.`
                : 'The CMS rejected the query; its schema may differ from site/cms/schema.graphql. Nothing was published.',
            },
          );
        }
      }
      const delayMs = Math.max(verdict.retryAfterMs ?? 0, backoffDelay(attempt, baseDelayMs, maxDelayMs));
      this.stats.retries++;
      this.options.onRetry?.({ operation: operation.name, attempt: attempt + 1, delayMs, reason: verdict.reason });
      await sleep(Math.min(delayMs, maxDelayMs), undefined, { signal });
    }
  }
}
