// The CMS account a command queries as (docs/cms-account.md): an OAuth2 access token from
// HOTEL_SITE_CMS_TOKEN or from a file (--token-file, content.tokenFile), never from a flag's
// value, which `ps` and the shell history would show. The value lives in a private field: the
// config holding it can be hashed, compared, logged or inspected without it, and every value read
// is remembered for redaction (../redact). A token file is looked at again before each request, so
// a token renewed while `preview` or `watch` runs is used without a restart.
import { readFile, stat } from 'node:fs/promises';
import { inspect } from 'node:util';
import { ConfigError } from '../errors';
import { rememberSecret } from '../redact';

/** The environment variable holding the token itself. */
export const TOKEN_ENV = 'HOTEL_SITE_CMS_TOKEN';

export type TokenOrigin = { kind: 'env' } | { kind: 'file'; path: string; via: '--token-file' | 'content.tokenFile' };

// RFC 6750's b64token, which is what a header value may carry; a JWT (simple_oauth's) is one.
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

export class CmsToken {
  #value: string | null = null;
  /** Of the file as last read: a change of any of them means the file was written again. */
  #signature: string | null = null;
  /** The value a refusal was last reported for: said once per token. */
  #reported: string | null = null;
  #reading: Promise<string> | null = null;

  private constructor(readonly origin: TokenOrigin) {}

  static fromEnv(value: string): CmsToken {
    const token = new CmsToken({ kind: 'env' });
    token.#value = checked(value, token.description);
    rememberSecret(token.#value);
    return token;
  }

  /** `path` absolute. */
  static fromFile(path: string, via: '--token-file' | 'content.tokenFile'): CmsToken {
    return new CmsToken({ kind: 'file', path, via });
  }

  /** Where the token comes from, in words for messages: never the token. */
  get description(): string {
    return this.origin.kind === 'env' ? TOKEN_ENV : `the file ${this.origin.path} (${this.origin.via})`;
  }

  /** Reads the token at start: a file that cannot be read or holds no token is the user's to fix (exit 2). */
  async load(): Promise<void> {
    if (this.origin.kind === 'env') return;
    const { path, via } = this.origin;
    const before = await stat(path).catch((error: NodeJS.ErrnoException) => {
      throw new ConfigError(`The token file ${path} (${via}) cannot be read (${error.code ?? error.message})`, {
        cause: error,
        hint: `Write the CMS account's access token into ${path}, or point ${via} at the file that holds it.`,
      });
    });
    const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new ConfigError(`The token file ${path} (${via}) cannot be read (${error.code ?? error.message})`, { cause: error, hint: 'Make it readable for the user running hotel-site.' });
    });
    this.#value = checked(text, this.description);
    this.#signature = signature(before);
    rememberSecret(this.#value);
  }

  /**
   * The token to send now. A file whose size, time or inode changed is read again; a file that
   * cannot be read or is empty at that moment (being rewritten) leaves the last good token in use.
   */
  async current(): Promise<string> {
    if (this.origin.kind === 'env') return this.#value!;
    this.#reading ??= this.reread().finally(() => (this.#reading = null));
    return this.#reading;
  }

  private async reread(): Promise<string> {
    if (this.origin.kind !== 'file') return this.#value!;
    if (this.#value === null) await this.load();
    const now = await stat(this.origin.path).catch(() => null);
    if (now && signature(now) !== this.#signature) {
      const text = await readFile(this.origin.path, 'utf8').catch(() => '');
      const value = cleaned(text);
      if (value && B64TOKEN.test(value)) {
        this.#value = value;
        this.#signature = signature(now);
        rememberSecret(value);
      }
    }
    return this.#value!;
  }

  /** The file is read again before the next request whatever its size and time say. */
  recheck(): void {
    this.#signature = null;
  }

  /**
   * The CMS refused `sent` (HTTP 401). Returns true the first time for that token, so a terminal
   * says it once; the file is read again before the next request.
   */
  refused(sent: string): boolean {
    this.recheck();
    if (this.#reported === sent) return false;
    this.#reported = sent;
    return true;
  }

  /** What a config hash or a comparison sees: where the token comes from, never the token. */
  toJSON(): { authenticated: true; origin: TokenOrigin } {
    return { authenticated: true, origin: this.origin };
  }

  [inspect.custom](): string {
    return `CmsToken(${this.description})`;
  }
}

/** The token is read as written: surrounding whitespace and a copied "Bearer " go. */
function cleaned(text: string): string {
  return text.trim().replace(/^Bearer\s+/i, '');
}

function checked(text: string, source: string): string {
  const value = cleaned(text);
  if (!value) {
    throw new ConfigError(`${source} is empty: no CMS token in it`, { hint: `Put the CMS account's access token in ${source}, or unset it to query as an anonymous visitor.` });
  }
  if (!B64TOKEN.test(value)) {
    // The value is not quoted: it may be a token with a stray character.
    throw new ConfigError(`${source} holds no access token: a token is one line of letters, digits and - . _ ~ + / (=)`, {
      hint: 'Save only the access_token of the CMS\'s OAuth answer (simple_oauth\'s /oauth/token), not the whole JSON answer.',
    });
  }
  return value;
}

function signature(stats: { mtimeMs: number; size: number; ino: number }): string {
  return `${stats.mtimeMs} ${stats.size} ${stats.ino}`;
}

/** Hosts a token may be sent to over plain http: this machine only. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** A token travels over https, or over http to this machine: elsewhere anyone on the way could read it. */
export function checkTokenTransport(endpoint: string, token: CmsToken): void {
  const url = new URL(endpoint);
  if (url.protocol === 'https:' || isLoopback(url.hostname)) return;
  throw new ConfigError(`A CMS token is given (${token.description}) but the endpoint ${url.origin} is plain http: the token would cross the network readable by anyone on the way`, {
    hint: `Use the CMS's https URL (https://${url.host}${url.pathname}); plain http is only accepted for this machine (localhost, 127.0.0.1, ::1).`,
  });
}
