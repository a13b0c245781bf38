// A media file's body: decoded, hashed and counted as it arrives, under the size cap; in memory up
// to IN_MEMORY, else spooled to a file, so memory stays flat whatever the CMS sends.
import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import { classify, FileProblem, TransientProblem } from './fetch-problems';
import { tooLarge } from './fetch-limits';

const IN_MEMORY = 2 * 1024 * 1024;

export interface Body {
  bytes: number;
  sha256: string;
  body: Buffer | null;
  spooled: string | null;
}

export interface BodyOptions {
  maxBytes: number;
  /** A new file path to spool a large body to. */
  spoolFile(): string;
}

/**
 * The decoded body, hashed and counted as it arrives; in memory up to IN_MEMORY, else spooled.
 * Streams are wired by hand: stream.pipeline makes an AbortController and a DOMException per body.
 */
export function readBody(response: IncomingMessage, signal: AbortSignal, options: BodyOptions): Promise<Body> {
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
      if (bytes > options.maxBytes) return fail(new FileProblem(tooLarge(options.maxBytes), { permanent: true }));
      hash.update(chunk);
      if (!file && bytes <= IN_MEMORY) return void chunks.push(chunk);
      if (!file) {
        spoolPath = options.spoolFile();
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
        // Most files arrive in one chunk: kept as it is, not copied.
        const body = spoolPath ? null : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, bytes);
        resolve({ bytes, sha256: hash.digest('hex'), body, spooled: spoolPath });
      };
      if (file) file.end(done);
      else done();
    });
  });
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
