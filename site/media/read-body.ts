// A media file's body: decoded and counted as it arrives, under the size cap; in memory up to
// IN_MEMORY (hashed whole once complete), else spooled to a file and hashed on the way, so memory
// stays flat whatever the CMS sends.
import { createHash, hash, type Hash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Transform } from 'node:stream';
import zlib from 'node:zlib';
import { classify, FileProblem } from './fetch-problems';
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

/** The connection a body arrives on, held back while the disk or a decoder catches up. */
export interface BodyFlow {
  pause(): void;
  resume(): void;
}

/**
 * Takes a body chunk by chunk as the connection delivers it and calls `done` once, with the body
 * or what went wrong. No stream stands between the connection and the hash: most bodies are one
 * chunk, and a stream per body costs more than the rest of its handling. Decoders (zlib streams)
 * are chained only for a body with a content encoding.
 */
export class BodyReader {
  /** Hashes a spooled body as it arrives; one in memory is hashed whole at its end, in one call. */
  private hash: Hash | null = null;
  private readonly chunks: Buffer[] = [];
  private bytes = 0;
  private file: WriteStream | null = null;
  private spoolPath: string | null = null;
  private settled = false;
  /** What the wire bytes go through, first to last; none for a body sent as it is. */
  private readonly decoders: Transform[];

  /** Throws a FileProblem for a content encoding it cannot undo. */
  constructor(
    encoding: string | null,
    private readonly options: BodyOptions,
    private readonly flow: BodyFlow,
    private readonly done: (result: Body | Error) => void,
  ) {
    this.decoders = decoders(encoding);
    let previous: Transform | null = null;
    for (const decoder of this.decoders) {
      decoder.on('error', (error) => this.fail(error));
      previous?.pipe(decoder);
      previous = decoder;
    }
    previous?.on('data', (chunk: Buffer) => this.take(chunk));
    previous?.on('end', () => this.finish());
  }

  /** A chunk as it came over the wire. */
  write(chunk: Buffer): void {
    if (this.settled) return;
    const first = this.decoders[0];
    if (!first) return this.take(chunk);
    if (!first.write(chunk)) {
      this.flow.pause();
      first.once('drain', () => this.flow.resume());
    }
  }

  /** The whole body has arrived. */
  end(): void {
    if (this.settled) return;
    const first = this.decoders[0];
    if (first) first.end();
    else this.finish();
  }

  /** Stops reading: the connection failed or the file was given up; a spooled part is removed. */
  fail(error: unknown): void {
    if (this.settled) return;
    this.settled = true;
    for (const decoder of this.decoders) decoder.destroy();
    this.file?.destroy();
    const problem = describeBodyError(error);
    if (this.spoolPath) void rm(this.spoolPath, { force: true }).finally(() => this.done(problem));
    else this.done(problem);
  }

  /** A decoded chunk. */
  private take(chunk: Buffer): void {
    if (this.settled) return;
    this.bytes += chunk.length;
    if (this.bytes > this.options.maxBytes) return this.fail(new FileProblem(tooLarge(this.options.maxBytes), { permanent: true }));
    if (!this.file && this.bytes <= IN_MEMORY) return void this.chunks.push(chunk);
    if (!this.file) {
      this.spoolPath = this.options.spoolFile();
      // A new file: a link planted in the spool folder is not written through.
      this.file = createWriteStream(this.spoolPath, { flags: 'wx' });
      this.file.on('error', (error) => this.fail(error));
      this.hash = createHash('sha256');
      for (const earlier of this.chunks.splice(0)) {
        this.hash.update(earlier);
        this.file.write(earlier);
      }
    }
    this.hash!.update(chunk);
    if (!this.file.write(chunk)) {
      const last = this.decoders.at(-1);
      this.flow.pause();
      last?.pause();
      this.file.once('drain', () => {
        this.flow.resume();
        last?.resume();
      });
    }
  }

  private finish(): void {
    if (this.settled) return;
    const complete = () => {
      if (this.settled) return;
      this.settled = true;
      const { chunks, bytes, spoolPath } = this;
      if (spoolPath) return this.done({ bytes, sha256: this.hash!.digest('hex'), body: null, spooled: spoolPath });
      // Most files arrive in one chunk: kept as it is, not copied.
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, bytes);
      this.done({ bytes, sha256: hash('sha256', body), body, spooled: null });
    };
    if (this.file) this.file.end(complete);
    else complete();
  }
}

function describeBodyError(error: unknown): Error {
  if (error instanceof FileProblem) return error;
  if ((error as NodeJS.ErrnoException | null)?.code?.startsWith('Z_')) return new FileProblem(`the body does not decode: ${(error as Error).message}`);
  return classify(error);
}

function decoders(encoding: string | null): Transform[] {
  const codings = (encoding ?? '').split(',').map((c) => c.trim().toLowerCase()).filter((c) => c && c !== 'identity');
  // Applied in the reverse order of the header (RFC 9110 8.4).
  return codings.reverse().map((coding) => {
    if (coding === 'gzip' || coding === 'x-gzip') return zlib.createGunzip();
    if (coding === 'deflate') return zlib.createInflate();
    if (coding === 'br') return zlib.createBrotliDecompress();
    throw new FileProblem(`the content encoding "${coding}" is not supported`);
  });
}
