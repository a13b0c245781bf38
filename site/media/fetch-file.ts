// One media file over HTTP, under limits (docs/media.md): redirects judged by the media policy,
// a size cap counted on the decoded bytes (a gzip bomb stops at the cap, not at 1 GiB), a
// deadline over the whole response including its body (a 1 byte/s body ends at the deadline), and
// a timeout for the answer's headers. Bodies up to IN_MEMORY stay in memory; larger ones are
// spooled to a file as they arrive, hashed on the way, so memory stays flat whatever the CMS sends.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { join } from 'node:path';
import type { Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import type { MediaPolicy } from './media-policy';

/** A problem with this one file that asking again will not mend: it is left out. */
export class FileProblem extends Error {}

/** Asking again may help (network error, timeout, 429, 5xx). */
export class TransientProblem extends Error {}

export interface FetchLimits {
  /** Largest decoded body. */
  maxBytes: number;
  /** The whole response, headers and body, must be in by then. */
  deadlineMs: number;
  /** The response's headers must arrive within this. */
  headersTimeoutMs: number;
}

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export type FetchResult =
  | { notModified: true; headers: Headers }
  | { notModified: false; headers: Headers; contentType: string; bytes: number; sha256: string; body: Buffer | null; spooled: string | null };

const IN_MEMORY = 2 * 1024 * 1024;
const MAX_REDIRECTS = 5;
/** The abort reason of a file past its deadline. */
const DEADLINE = Symbol('deadline');

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

  async function fetchOnce(start: URL, validators: Validators | null, outer: AbortSignal): Promise<FetchResult> {
    // One controller and one timer per file: AbortSignal.timeout/any keep weak references alive
    // per call, which costs seconds of garbage collection over tens of thousands of files.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(DEADLINE), limits.deadlineMs);
    const onOuter = () => controller.abort(outer.reason);
    if (outer.aborted) onOuter();
    else outer.addEventListener('abort', onOuter, { once: true });
    try {
      return await follow(start, validators, controller.signal);
    } catch (error) {
      if (outer.aborted) throw outer.reason ?? error;
      if (controller.signal.reason === DEADLINE) throw new FileProblem(`not complete within ${limits.deadlineMs / 1000} s`);
      throw error;
    } finally {
      clearTimeout(timer);
      outer.removeEventListener('abort', onOuter);
    }
  }

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
        if (!verdict.ok) throw new FileProblem(`redirected to ${location}: ${verdict.reason}`);
        url = verdict.url;
        continue;
      }
      const headers = toHeaders(response);
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
        throw new FileProblem(`HTTP ${status}`);
      }
      const contentType = (headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      const declared = Number(headers.get('content-length'));
      if (!headers.get('content-encoding') && Number.isFinite(declared) && declared > limits.maxBytes) {
        response.destroy();
        throw new FileProblem(tooLarge(limits.maxBytes));
      }
      return { notModified: false, headers, contentType, ...(await readBody(response, signal)) };
    }
  }

  function request(url: URL, validators: Validators | null, signal: AbortSignal): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'hotel-site' };
      if (validators?.etag) headers['if-none-match'] = validators.etag;
      if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
      const transport = url.protocol === 'https:' ? https : http;
      const req = transport.get(url, { agent: agents[url.protocol as 'http:' | 'https:'], headers, signal }, resolve);
      req.setTimeout(limits.headersTimeoutMs, () => req.destroy(new TransientProblem(`no answer within ${limits.headersTimeoutMs / 1000} s`)));
      req.on('error', (error) => reject(signal.aborted ? (signal.reason ?? error) : classify(error)));
      req.on('response', (response) => req.setTimeout(0));
    });
  }

  /**
   * The decoded body, hashed and counted as it arrives; in memory up to IN_MEMORY, else spooled.
   * Streams are wired by hand rather than with stream.pipeline, which costs tens of microseconds
   * per body (an AbortController and its DOMException each time): seconds over 25,000 files.
   */
  function readBody(response: IncomingMessage, signal: AbortSignal): Promise<Body> {
    return new Promise((resolve, reject) => {
      const hash = createHash('sha256');
      const chunks: Buffer[] = [];
      let bytes = 0;
      let file: WriteStream | null = null;
      let spoolPath: string | null = null;
      let settled = false;
      let chain: Readable[] = [response];
      const finish = () => {
        settled = true;
        signal.removeEventListener('abort', onAbort);
      };
      const fail = (error: unknown) => {
        if (settled) return;
        finish();
        for (const stream of chain) stream.destroy();
        file?.destroy();
        const problem = signal.aborted ? (signal.reason ?? error) : describeBodyError(error);
        if (spoolPath) void rm(spoolPath, { force: true }).finally(() => reject(problem));
        else reject(problem);
      };
      const onAbort = () => fail(signal.reason);
      try {
        chain = [response, ...decoders(response.headers['content-encoding'])];
      } catch (error) {
        return fail(error);
      }
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      for (const stream of chain) stream.on('error', fail);
      response.on('close', () => {
        if (!response.complete) fail(new TransientProblem('the connection closed before the body was complete'));
      });
      let source: Readable = response;
      for (const decoder of chain.slice(1)) source = source.pipe(decoder as Transform);
      source.on('data', (chunk: Buffer) => {
        if (settled) return;
        bytes += chunk.length;
        if (bytes > limits.maxBytes) return fail(new FileProblem(tooLarge(limits.maxBytes)));
        hash.update(chunk);
        if (!file && bytes <= IN_MEMORY) return void chunks.push(chunk);
        if (!file) {
          spoolPath = join(spoolDir, `${process.pid}-${++spooled}-${randomBytes(4).toString('hex')}.part`);
          // A new file: a link planted in the spool folder is not written through.
          file = createWriteStream(spoolPath, { flags: 'wx' });
          file.on('error', fail);
          for (const earlier of chunks.splice(0)) file.write(earlier);
        }
        if (!file.write(chunk)) {
          source.pause();
          file.once('drain', () => source.resume());
        }
      });
      source.on('end', () => {
        if (settled) return;
        const done = () => {
          if (settled) return;
          finish();
          resolve({ bytes, sha256: hash.digest('hex'), body: spoolPath ? null : Buffer.concat(chunks, bytes), spooled: spoolPath });
        };
        if (file) file.end(done);
        else done();
      });
    });
  }

  return {
    fetch: fetchOnce,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

interface Body {
  bytes: number;
  sha256: string;
  body: Buffer | null;
  spooled: string | null;
}

function describeBodyError(error: unknown): Error {
  if (error instanceof FileProblem) return error;
  if ((error as NodeJS.ErrnoException).code?.startsWith('Z_')) return new FileProblem(`the body does not decode: ${(error as Error).message}`);
  return classify(error);
}

function decoders(encoding: string | undefined): Transform[] {
  const codings = (encoding ?? '').split(',').map((c) => c.trim().toLowerCase()).filter((c) => c && c !== 'identity');
  // Applied in the reverse order of the header (RFC 9110 8.4).
  return codings.reverse().map((coding) => {
    if (coding === 'gzip' || coding === 'x-gzip') return zlib.createGunzip();
    if (coding === 'deflate') return zlib.createInflate();
    if (coding === 'br') return zlib.createBrotliDecompress();
    throw new FileProblem(`the content encoding "${coding}" is not supported`);
  });
}

function tooLarge(max: number): string {
  return `larger than the limit of ${formatBytes(max)} (content.maxMediaBytes)`;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Network errors worth another try; a URL that cannot even be requested is this file's problem. */
function classify(error: unknown): Error {
  if (error instanceof FileProblem || error instanceof TransientProblem) return error;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code === 'ERR_INVALID_URL' || code === 'ERR_INVALID_ARG_TYPE' || code === 'ERR_UNESCAPED_CHARACTERS' || code === 'ERR_INVALID_CHAR') {
    return new FileProblem(`the URL cannot be requested (${(error as Error).message})`);
  }
  return new TransientProblem((error as Error).message || code || 'network error', { cause: error });
}

function toHeaders(response: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    try {
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    } catch {
      // A header value fetch's Headers refuses (control characters) is not one we read.
    }
  }
  return headers;
}
