// HTTP validators and ranges shared by every file server of the project (the embedded backend's
// /media/ and the preview/watch servers).
import { createReadStream, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';

/** A file's validator without reading it (as nginx does): size and modification time. */
export function fileEtag(stats: Stats): string {
  return `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
}

/** If-None-Match against an ETag; the comparison is weak (RFC 9110 13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === bare;
  });
}

/** One "bytes=a-b" range, what video elements send; anything else gets the whole file. */
export function parseRange(header: string | undefined, size: number): [number, number] | 'invalid' | null {
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [first, last] = [match[1]!, match[2]!];
  const start = first === '' ? Math.max(0, size - Number(last)) : Number(first);
  const end = first === '' || last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return start > end || start >= size ? 'invalid' : [start, end];
}

/**
 * Sends `file` (whole, or the checked `range`) with `headers`: 206 + Content-Range for a range,
 * no body for HEAD.
 */
export async function sendFileBody(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  size: number,
  range: [number, number] | null,
  headers: Record<string, string>,
): Promise<void> {
  const [start, end] = range ?? [0, size - 1];
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
  headers['Content-Length'] = String(Math.max(0, end - start + 1));
  res.writeHead(range ? 206 : 200, headers);
  if (req.method === 'HEAD' || size === 0) {
    res.end();
    return;
  }
  await pipeline(createReadStream(file, { start, end }), res);
}
