// The fetch graphql-request uses for CMS requests (./client.ts), reading each answer the way
// docs/hardening.md describes: the body is counted while it is decoded and given up at the
// configured limit (a 600 KB gzip answer can inflate to 600 MB), and an answer that is no GraphQL
// result at all — an HTML page, plain text — is named for what it is before graphql-request tries
// to read it as JSON. Whether to try again is ./failure.ts's decision.
//
// With a CMS account (./cms-token, docs/cms-account.md) each request carries its token to the
// endpoint's origin and nowhere else: redirects are followed here, within that origin only, and a
// refusal of the token or of the account (401, 403, an insecure field) is named for what it is.
import { redact } from '../redact';
import type { CmsToken } from './cms-token';

/** The answer's decoded body passed the limit: the CMS sends more than a build takes. */
export class AnswerTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the answer is larger than ${formatBytes(limit)} once decoded`);
    this.name = 'AnswerTooLarge';
  }
}

/** A complete answer that is no GraphQL result: an HTML page or other text. */
export class NotGraphQL extends Error {
  constructor(
    readonly status: number,
    /** "an HTML page" (with its title when it has one) or "text/plain text". */
    readonly what: string,
    readonly retryAfter: string | null,
    /** The endpoint gave a GraphQL (JSON) answer before: this page comes from something in between. */
    readonly answeredBefore: boolean,
  ) {
    super(`HTTP ${status}: the answer is ${what}`);
    this.name = 'NotGraphQL';
  }
}

/** The CMS refused the caller: its token (401) or what its account may do (403, an insecure field). */
export class AccessRefused extends Error {
  constructor(
    readonly status: number,
    /** Where the token came from (./cms-token `description`); null: the request went anonymous. */
    readonly token: string | null,
    /** The CMS's own words, if it gave any. */
    readonly detail: string | null,
    /** Refused on a GraphQL error naming an insecure field (nodeQuery): no permission to bypass field security. */
    readonly insecureField = false,
  ) {
    super(insecureField ? `GraphQL error: ${detail ?? 'Unable to resolve insecure field'}` : `HTTP ${status}${detail ? ` (${detail})` : ''}`);
    this.name = 'AccessRefused';
  }
}

/** A redirect of a request that carries the token, not followed: to another origin, or one too many. */
export class RedirectRefused extends Error {
  constructor(
    readonly from: string,
    /** The other origin; null: too many redirects within the endpoint's. */
    readonly to: string | null,
  ) {
    super(to ? `the CMS redirected the request from ${from} to another origin, ${to}, where the token is not sent` : `more than ${MAX_REDIRECTS} redirects within ${from}`);
    this.name = 'RedirectRefused';
  }
}

export interface CmsAccount {
  token: CmsToken | null;
  /** The CMS refused a token it had accepted before (expired while the command runs): said once per token. */
  onExpired?: (token: CmsToken) => void;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Statuses whose answer has no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/** A fetch for one endpoint: it remembers whether the endpoint has given a JSON answer yet. */
export function cmsFetch(maxBytes: number, account: CmsAccount = { token: null }): typeof fetch {
  let answered = false;
  let accepted = false;
  const { token } = account;
  return async (input, init) => {
    const { response, sent } = token ? await fetchWithToken(input, init, token) : { response: await fetch(input, init), sent: null };
    const body = await readBounded(response, maxBytes);
    const start = body.subarray(0, 1024).toString('utf8').replace(/^\uFEFF/, '').trimStart();
    if (response.status === 401 || response.status === 403) {
      if (response.status === 401 && token && sent !== null && token.refused(sent) && accepted) account.onExpired?.(token);
      throw new AccessRefused(response.status, token?.description ?? null, refusalText(start));
    }
    // Drupal's GraphQL module answers a caller without "bypass graphql field security" so.
    if (body.includes('insecure field')) {
      const message = insecureFieldError(body);
      if (message) throw new AccessRefused(response.status, token?.description ?? null, message, true);
    }
    if (start && !/^[{[]/.test(start)) {
      throw new NotGraphQL(response.status, redact(describeText(start, response.headers.get('content-type'))), response.headers.get('retry-after'), answered);
    }
    if (start) answered = true;
    if (response.ok) accepted = true;
    // The bytes as read: a string here would be encoded again by Response and decoded again by
    // graphql-request, and every answer of a large site passes through.
    return new Response(NULL_BODY.has(response.status) ? null : body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/**
 * The request with the token, following redirects within the endpoint's origin only (fetch's own
 * following would carry the header wherever the CMS points). A renewed token file gets one more try
 * after a 401.
 */
async function fetchWithToken(input: Parameters<typeof fetch>[0], init: RequestInit | undefined, token: CmsToken): Promise<{ response: Response; sent: string }> {
  let url = new URL(input instanceof Request ? input.url : String(input));
  const origin = url.origin;
  let renewed = false;
  for (let hop = 0; ; hop++) {
    const sent = await token.current();
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${sent}`);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null;
    if (response.status === 401 && !renewed && token.origin.kind === 'file') {
      renewed = true;
      token.recheck();
      if ((await token.current()) !== sent) {
        await response.body?.cancel();
        continue;
      }
    }
    if (location === null) return { response, sent };
    await response.body?.cancel();
    const next = new URL(location, url);
    if (next.origin !== origin) throw new RedirectRefused(origin, next.origin);
    if (hop >= MAX_REDIRECTS) throw new RedirectRefused(origin, null);
    url = next;
  }
}

/** The `message` of a refusal's JSON body (Drupal's), or its text, short; without the token should it quote it. */
function refusalText(start: string): string | null {
  const text = quotedText(start);
  return text === null ? null : redact(text);
}

function quotedText(start: string): string | null {
  if (!start) return null;
  try {
    const message = (JSON.parse(start) as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message.trim().slice(0, 200);
  } catch {
    // Not JSON, or longer than the start read: the text itself.
  }
  return start.startsWith('<') ? null : start.replace(/\s+/g, ' ').slice(0, 200);
}

/** The GraphQL error refusing an insecure field, if the answer is one. */
function insecureFieldError(body: Buffer): string | null {
  try {
    const errors = (JSON.parse(body.toString('utf8')) as { errors?: { message?: unknown }[] }).errors ?? [];
    const found = errors.find((error) => typeof error?.message === 'string' && /unable to resolve insecure field/i.test(error.message));
    return found ? redact(String(found.message).slice(0, 200)) : null;
  } catch {
    return null;
  }
}

async function readBounded(response: Response, maxBytes: number): Promise<Buffer<ArrayBuffer>> {
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AnswerTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

function describeText(start: string, contentType: string | null): string {
  if (start.startsWith('<')) {
    const title = /<title[^>]*>([^<]{1,120})/i.exec(start)?.[1]?.replace(/\s+/g, ' ').trim();
    return title ? `an HTML page ("${title}")` : 'an HTML page';
  }
  const type = contentType?.split(';')[0]?.trim() || 'untyped';
  return `${type} text ("${start.slice(0, 60).replace(/\s+/g, ' ').trim()}")`;
}
