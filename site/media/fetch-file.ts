// One media file over HTTP (docs/media.md): keep-alive connections, redirects judged by the media
// policy, the answer sorted into a file, a file not modified, or a problem. The limits it runs
// under are ./fetch-limits; the body is read by ./read-body. Requests go through undici's
// dispatcher with a handler of our own: no request object, response stream or listeners per
// file, which node:http makes for each of the tens of thousands of files a large site has.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Agent, Dispatcher } from 'undici';
import { declaredTooLarge, tooLarge, withinDeadline, type FetchLimits, type Stop } from './fetch-limits';
import { classify, FileProblem, TransientProblem } from './fetch-problems';
import type { MediaPolicy } from './media-policy';
import { BodyReader, type Body } from './read-body';

export { FileProblem, TransientProblem, type FetchLimits };

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

/** An answer's headers, read as fetch's Headers reads them (names in lower case). */
export type ResponseHeaders = Pick<Headers, 'get'>;

export type FetchResult =
  | { notModified: true; headers: ResponseHeaders }
  | { notModified: false; headers: ResponseHeaders; contentType: string; bytes: number; sha256: string; body: Buffer | null; spooled: string | null };

const MAX_REDIRECTS = 5;

export interface Fetcher {
  fetch(url: URL, validators: Validators | null, signal: AbortSignal): Promise<FetchResult>;
  close(): void;
}

/** An answer: a 200's body read whole; any other status with its body let go of. */
interface Answer {
  status: number;
  headers: ResponseHeaders;
  body: Body | null;
}

/** Keep-alive connections shared by all downloads of one stage, at most `sockets` per origin. */
export function createFetcher(policy: MediaPolicy, limits: FetchLimits, spoolDir: string, sockets: number): Fetcher {
  let agent: Agent | null = null;
  const connect = () =>
    (agent ??= new (loadAgent())({
      connections: sockets,
      // Until the answer's headers, as node:http's socket timeout did; the body is bounded by the deadline.
      headersTimeout: limits.headersTimeoutMs,
      connect: { timeout: limits.headersTimeoutMs },
      bodyTimeout: 0,
    }));
  let spooled = 0;
  const body = { maxBytes: limits.maxBytes, spoolFile: () => join(spoolDir, `${process.pid}-${++spooled}-${randomBytes(4).toString('hex')}.part`) };

  async function follow(start: URL, validators: Validators | null, stop: Stop): Promise<FetchResult> {
    const dispatcher = connect();
    let url = start;
    for (let hop = 0; ; hop++) {
      const { status, headers, body: read } = await request(dispatcher, url, validators, stop);
      if (status >= 300 && status < 400 && status !== 304) {
        const location = headers.get('location');
        if (!location) throw new FileProblem(`HTTP ${status} without a Location`);
        if (hop >= MAX_REDIRECTS) throw new FileProblem(`more than ${MAX_REDIRECTS} redirects`);
        const target = URL.canParse(location, url) ? new URL(location, url).href : location;
        const verdict = policy.check(target);
        if (!verdict.ok) throw new FileProblem(`redirected to ${location}: ${verdict.reason}`, { permanent: true });
        url = verdict.url;
        continue;
      }
      if (status === 304 && validators) return { notModified: true, headers };
      if (status === 429 || status === 408 || status >= 500) throw new TransientProblem(`HTTP ${status}`);
      if (status !== 200 || !read) throw new FileProblem(`HTTP ${status}`, { permanent: status === 404 || status === 410 });
      const contentType = (headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      return { notModified: false, headers, contentType, bytes: read.bytes, sha256: read.sha256, body: read.body, spooled: read.spooled };
    }
  }

  /**
   * One GET. A 200 resolves once its body is read; any other status resolves at its headers, its
   * body (if any) let go of as it arrives, so the connection stays open for the next request.
   */
  function request(dispatcher: Agent, url: URL, validators: Validators | null, stop: Stop): Promise<Answer> {
    return new Promise((resolve, reject) => {
      let controller: Dispatcher.DispatchController | null = null;
      let reader: BodyReader | null = null;
      let settled = false;
      const fail = (error: unknown) => {
        if (settled) return;
        settled = true;
        reject(stop.stopped ? (stop.reason ?? error) : error);
      };
      const answer = (value: Answer) => {
        if (settled) return;
        settled = true;
        resolve(value);
      };
      // The stop is the file's own (fetch-limits.ts), gone with the file.
      stop.onStop((reason) => (controller ? abort(controller, reason) : fail(reason)));
      if (settled) return;
      const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'hotel-site' };
      if (validators?.etag) headers['if-none-match'] = validators.etag;
      if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
      const handler: Dispatcher.DispatchHandler = {
        onRequestStart(started) {
          controller = started;
          // Aborted while it waited for a connection.
          if (settled) abort(started, stop.reason);
        },
        onResponseStart(started, status, raw) {
          // An informational answer (1xx) precedes the real one.
          if (status < 200 || settled) return;
          const read = readHeaders(raw);
          if (status !== 200) return answer({ status, headers: read, body: null });
          if (declaredTooLarge(read, limits)) return abort(started, new FileProblem(tooLarge(limits.maxBytes), { permanent: true }));
          try {
            reader = new BodyReader(read.get('content-encoding'), body, started, (result) => {
              if (!(result instanceof Error)) return answer({ status, headers: read, body: result });
              abort(started, result);
              fail(result);
            });
          } catch (error) {
            abort(started, error);
          }
        },
        onResponseData(_, chunk) {
          reader?.write(chunk);
        },
        onResponseEnd() {
          reader?.end();
        },
        onResponseError(_, error) {
          const code = (error as NodeJS.ErrnoException | null)?.code;
          if (reader) reader.fail(code === 'UND_ERR_SOCKET' ? new TransientProblem('the connection closed before the body was complete') : error);
          else if (code === 'UND_ERR_HEADERS_TIMEOUT') fail(new TransientProblem(`no answer within ${limits.headersTimeoutMs / 1000} s`));
          else fail(classify(error));
        },
      };
      dispatcher.dispatch({ origin: url.origin, path: `${url.pathname}${url.search}`, method: 'GET', headers }, handler);
    });
  }

  return {
    fetch: (url, validators, signal) => withinDeadline(limits, signal, (stop) => follow(url, validators, stop)),
    close() {
      withoutFrames(() => void agent?.destroy());
    },
  };
}

/**
 * undici's Agent, loaded with the first download and from the package's own files: a build that
 * takes every file from its cache (a rebuild after an edit) does not load it at all. Only the Agent:
 * the package's index also loads its fetch, WebSocket, cache and mocks, which would stay in the
 * build's memory unused. Not bundled into the CLI's script: undici closes idle connections with
 * errors whose stacks Node reads, and a stack through that script reads its whole source map. The
 * path is not undici's public API, so its version is pinned (package.json).
 */
function loadAgent(): typeof Agent {
  return createRequire(import.meta.url)('undici/lib/dispatcher/agent.js') as typeof Agent;
}

/** Stops a request; undici closes its connection. */
function abort(controller: Dispatcher.DispatchController, reason: unknown): void {
  withoutFrames(() => controller.abort(reason as Error));
}

/**
 * Runs `work` with errors made meanwhile carrying no stack frames. undici closes a connection with
 * an error of its own, and Node reads that error's stack: a stack through the CLI's script would
 * read the script's whole source map to be formatted, for a message nobody prints.
 */
function withoutFrames(work: () => void): void {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    work();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * Answer headers named once in an answer; a repeated one counts by its first value, as node:http
 * reads them. Any other repeated header is its values joined.
 */
const SINGLE = new Set(['age', 'content-length', 'content-type', 'etag', 'expires', 'last-modified', 'location']);

/** undici's parsed headers read in place: copying each answer's into a Headers object costs more than the rest of its handling. */
function readHeaders(raw: Record<string, string | string[] | undefined>): ResponseHeaders {
  return {
    get(name) {
      const value = Object.hasOwn(raw, name) ? raw[name] : undefined;
      if (value === undefined) return null;
      if (!Array.isArray(value)) return value;
      return SINGLE.has(name) ? value[0]! : value.join(', ');
    },
  };
}
