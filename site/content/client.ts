// The one way to talk to the CMS: graphql-request over HTTP POST, at most `concurrency` requests in
// flight (p-limit), a timeout per attempt, answers read up to a size limit (./cms-fetch), and
// retries with exponential backoff and full jitter on what can go better another time (./failure:
// timeouts, dropped connections, HTTP 429/5xx gateways, cut-off answers). GraphQL errors (a bad
// query or a backend bug), a wrong URL or host and oversized answers are not retried: repeating
// them cannot help. A request that finally fails throws a UserError naming the operation, its
// variables, the cause and what to do. With a CMS account each request carries its token
// (./cms-fetch, docs/cms-account.md).
import { setTimeout as sleep } from 'node:timers/promises';
import { GraphQLClient } from 'graphql-request';
import pLimit from 'p-limit';
import { DEFAULTS } from '../config/resolve-config';
import { UserError } from '../errors';
import { redact } from '../redact';
import { cmsFetch, type CmsAccount } from './cms-fetch';
import { checkTokenTransport, type CmsToken } from './cms-token';
import { classifyFailure, type Verdict } from './failure';
import type { Operation } from './queries';

export interface ContentClientOptions {
  endpoint: string;
  concurrency: number;
  timeoutMs: number;
  /** Retries after the first attempt. */
  retries: number;
  /** Largest answer read, in bytes after decompression (default 64 MB, content.maxResponseBytes). */
  maxResponseBytes?: number;
  /** First backoff step; doubles per attempt (default 300 ms). */
  baseDelayMs?: number;
  /** Upper bound of one backoff wait (default 10 s). */
  maxDelayMs?: number;
  /** The CMS account's token; unset: anonymous. */
  token?: CmsToken | null;
  /** The CMS refused a token it had accepted before (it expired while the command runs). */
  onTokenExpired?: CmsAccount['onExpired'];
  /** Called before each retry, for progress output. */
  onRetry?: (info: { operation: string; attempt: number; delayMs: number; reason: string }) => void;
}

export interface ClientStats {
  requests: number;
  retries: number;
}

export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  // Full jitter (AWS architecture blog): spreads retries of many clients over the whole window.
  return Math.round(random() * Math.min(maxMs, baseMs * 2 ** attempt));
}


/**
 * graphql-request parses every document it sends, only to find the operation's name for the body.
 * The client knows each document's name, so graphql-request is told to leave the name out, and
 * its serializer writes the same body with the name put back, without a parse per request.
 */
function bodyWithOperationName(names: ReadonlyMap<string, string>): { parse: (text: string) => unknown; stringify: (value: unknown) => string } {
  return {
    parse: (text) => JSON.parse(text),
    stringify(value) {
      const body = value as { query?: unknown; operationName?: string } | null;
      const named = typeof body?.query === 'string' && body.operationName === undefined ? { ...body, operationName: names.get(body.query) } : value;
      return JSON.stringify(named);
    },
  };
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
  /** The name of each operation sent, by its document (./queries): see bodyWithOperationName. */
  private readonly names = new Map<string, string>();

  constructor(private readonly options: ContentClientOptions) {
    this.endpoint = options.endpoint;
    // The config refuses this already; a client made elsewhere must not send a token in the clear either.
    if (options.token) checkTokenTransport(options.endpoint, options.token);
    const account: CmsAccount = { token: options.token ?? null, onExpired: options.onTokenExpired };
    this.graphql = new GraphQLClient(options.endpoint, {
      method: 'POST',
      fetch: cmsFetch(options.maxResponseBytes ?? DEFAULTS.maxResponseBytes, account),
      excludeOperationName: true,
      jsonSerializer: bodyWithOperationName(this.names),
    });
    this.limit = pLimit(options.concurrency);
  }

  /**
   * One attempt, aborted after `timeoutMs` or when `signal` aborts. A timer and a controller held
   * here, not AbortSignal.timeout()/any(): Node 20 can collect those signals while the fetch still
   * runs, and then the timeout never fires (a CMS that never answers would hang the build).
   */
  private async attempt<T>(operation: Operation, variables: Record<string, unknown>, timeoutMs: number, signal?: AbortSignal): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
    const stop = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', stop, { once: true });
    try {
      this.names.set(operation.document, operation.name);
      return await this.graphql.request<T>({ document: operation.document, variables, signal: controller.signal });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    }
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
          return this.attempt<T>(operation, variables, timeoutMs, signal);
        });
        // A 200 without the fields the schema guarantees ({} from a broken proxy, a null list):
        // read as an empty list it would unpublish content, so it is retried like a cut-off body.
        const missing = operation.required.filter((key) => (data as Record<string, unknown> | null)?.[key] == null);
        if (missing.length) throw new Error(`the answer has no ${missing.join(', ')}`);
        return data;
      } catch (error) {
        // Given up on by the caller (another request of the stage failed): no retry, no message.
        if (signal?.aborted) throw signal.reason;
        verdict = classifyFailure(error, this.endpoint);
        if (!verdict.retry || attempt >= retries) {
          const tries = attempt + 1;
          throw new UserError(
            redact(`The CMS request ${operation.name} ${JSON.stringify(variables)} failed${verdict.retry ? ` after ${tries} attempts` : ''}: ${verdict.reason}`),
            {
              cause: error,
              hint:
                verdict.hint ??
                (verdict.retry
                  ? `Check that ${this.endpoint} is reachable and healthy, then build again. Nothing was published.`
                  : 'The CMS rejected the query; its schema may differ from site/cms/schema.graphql. Nothing was published.'),
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
