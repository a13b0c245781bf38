// Writing responses the way a good static host does: Content-Type and Content-Length,
// a strong ETag with conditional GET (304), HEAD without a body, gzip/brotli by Accept-Encoding
// with `Vary`, byte ranges for large files (video), `nosniff`. Preview and watch content changes
// under the same URL, so everything is `no-cache`: the browser revalidates, a 304 costs nothing.
import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { etagMatches, fileEtag, parseRange, sendFileBody } from '../http/conditional';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { compress, MIN_COMPRESS_BYTES, negotiateEncoding } from './compression';
import { isCompressible } from './content-types';

export interface Body {
  status: number;
  type: string;
  body: Buffer | string;
  /** Default: a hash of the body, for 200 responses. */
  etag?: string;
  headers?: Record<string, string>;
}

const BASE_HEADERS = { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' };

export function etagOf(body: Buffer | string): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}


export function sendBody(req: IncomingMessage, res: ServerResponse, response: Body): void {
  const raw = typeof response.body === 'string' ? Buffer.from(response.body) : response.body;
  const headers: Record<string, string> = { ...BASE_HEADERS, 'Content-Type': response.type, ...response.headers };
  const cacheable = response.status === 200;
  let etag = cacheable ? (response.etag ?? etagOf(raw)) : null;
  let body = raw;
  if (isCompressible(response.type)) {
    headers.Vary = 'Accept-Encoding';
    const encoding = raw.length >= MIN_COMPRESS_BYTES ? negotiateEncoding(req.headers['accept-encoding']) : null;
    if (encoding) {
      body = compress(raw, encoding, etag);
      headers['Content-Encoding'] = encoding;
      // Each encoding is its own representation with its own validator (as Apache's mod_deflate).
      if (etag) etag = `${etag.slice(0, -1)}-${encoding}"`;
    }
  }
  if (etag) {
    headers.ETag = etag;
    if (etagMatches(req.headers['if-none-match'], etag)) {
      delete headers['Content-Type'];
      delete headers['Content-Encoding'];
      res.writeHead(304, headers);
      res.end();
      return;
    }
  }
  headers['Content-Length'] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Streams a file too large to hold in memory, with single byte ranges and no compression. */
export async function streamFile(req: IncomingMessage, res: ServerResponse, file: string, stats: Stats, type: string): Promise<void> {
  const etag = fileEtag(stats);
  const headers: Record<string, string> = { ...BASE_HEADERS, 'Content-Type': type, ETag: etag, 'Accept-Ranges': 'bytes' };
  if (etagMatches(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const range = parseRange(req.headers.range, stats.size);
  if (range === 'invalid') {
    res.writeHead(416, { ...BASE_HEADERS, 'Content-Range': `bytes */${stats.size}`, 'Content-Length': '0' });
    res.end();
    return;
  }
  await sendFileBody(req, res, file, stats.size, range, headers);
}

export function redirect(res: ServerResponse, location: string, status = 301, headers: Record<string, string> = {}): void {
  const body = `Moved to ${location}\n`;
  res.writeHead(status, { ...BASE_HEADERS, Location: location, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

export function sendText(req: IncomingMessage, res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  sendBody(req, res, { status, type: 'text/plain; charset=utf-8', body: `${text}\n`, headers });
}

/** A static host answers GET and HEAD; anything else is 405 with Allow. */
export function allowsMethod(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  sendText(req, res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
  return false;
}

/** Headers every answer to this request carries, whatever the code answering it sets (the preview's draft view). */
export function forceHeaders(res: ServerResponse, headers: Readonly<Record<string, string>>): void {
  const names = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    for (const arg of rest) {
      if (arg && typeof arg === 'object' && !Array.isArray(arg)) {
        for (const name of Object.keys(arg)) if (names.has(name.toLowerCase())) delete (arg as Record<string, unknown>)[name];
      }
    }
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    return writeHead(status, ...rest);
  }) as ServerResponse['writeHead'];
}
