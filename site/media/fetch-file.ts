// One media file over HTTP (docs/media.md): keep-alive connections, redirects judged by the media
// policy, the answer sorted into a file, a file not modified, or a problem. The limits it runs
// under are ./fetch-limits; the body is read by ./read-body.
import { randomBytes } from 'node:crypto';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { join } from 'node:path';
import { declaredTooLarge, tooLarge, withinDeadline, type FetchLimits } from './fetch-limits';
import { classify, FileProblem, TransientProblem } from './fetch-problems';
import type { MediaPolicy } from './media-policy';
import { readBody } from './read-body';

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

/** Keep-alive connections shared by all downloads of one stage, at most `sockets` per host. */
export function createFetcher(policy: MediaPolicy, limits: FetchLimits, spoolDir: string, sockets: number): Fetcher {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: sockets }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: sockets }),
  };
  let spooled = 0;
  const body = { maxBytes: limits.maxBytes, spoolFile: () => join(spoolDir, `${process.pid}-${++spooled}-${randomBytes(4).toString('hex')}.part`) };

  async function follow(start: URL, validators: Validators | null, signal: AbortSignal): Promise<FetchResult> {
    let url = start;
    for (let hop = 0; ; hop++) {
      const response = await request(url, validators, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && status !== 304) {
        response.resume();
        const location = response.headers.location;
        if (!location) throw new FileProblem(`HTTP ${status} without a Location`);
        if (hop >= MAX_REDIRECTS) throw new FileProblem(`more than ${MAX_REDIRECTS} redirects`);
        const target = URL.canParse(location, url) ? new URL(location, url).href : location;
        const verdict = policy.check(target);
        if (!verdict.ok) throw new FileProblem(`redirected to ${location}: ${verdict.reason}`, { permanent: true });
        url = verdict.url;
        continue;
      }
      const headers = readHeaders(response.headers);
      if (status === 304 && validators) {
        response.resume();
        return { notModified: true, headers };
      }
      if (status === 429 || status === 408 || status >= 500) {
        response.resume();
        throw new TransientProblem(`HTTP ${status}`);
      }
      if (status !== 200) {
        response.resume();
        throw new FileProblem(`HTTP ${status}`, { permanent: status === 404 || status === 410 });
      }
      const contentType = (headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (declaredTooLarge(headers, limits)) {
        response.destroy();
        throw new FileProblem(tooLarge(limits.maxBytes), { permanent: true });
      }
      return { notModified: false, headers, contentType, ...(await readBody(response, signal, body)) };
    }
  }

  function request(url: URL, validators: Validators | null, signal: AbortSignal): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'hotel-site' };
      if (validators?.etag) headers['if-none-match'] = validators.etag;
      if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
      const transport = url.protocol === 'https:' ? https : http;
      const req = transport.get(url, { agent: agents[url.protocol as 'http:' | 'https:'], headers }, resolve);
      // Not node's `signal` option: it watches every request's end to remove its listener, and this
      // signal is the file's own (fetch-limits.ts), gone with the file.
      signal.addEventListener('abort', () => req.destroy(signal.reason), { once: true });
      req.setTimeout(limits.headersTimeoutMs, () => req.destroy(new TransientProblem(`no answer within ${limits.headersTimeoutMs / 1000} s`)));
      req.on('error', (error) => reject(signal.aborted ? (signal.reason ?? error) : classify(error)));
      req.on('response', (response) => req.setTimeout(0));
    });
  }

  return {
    fetch: (url, validators, signal) => withinDeadline(limits, signal, (inner) => follow(url, validators, inner)),
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

/** Node's parsed headers read in place: copying each answer's into a Headers object costs more than the rest of its handling. */
function readHeaders(raw: IncomingHttpHeaders): ResponseHeaders {
  return {
    get(name) {
      const value = raw[name];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}
