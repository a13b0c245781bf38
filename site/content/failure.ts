// What a failed CMS request means (docs/hardening.md, "Endpoint diagnoses"): whether another
// attempt can go better, what happened in words a user can act on, and what to do. Retried are
// only failures that pass: timeouts, dropped or refused connections, HTTP 408, 429, 500 and
// 502–504, cut-off answers, a page instead of GraphQL from an endpoint that has answered GraphQL
// before. A wrong URL, an unknown host, a refused query or token or account, an answer that is too
// large or no GraphQL at all fail at once: repeating them changes nothing. What the CMS wrote is
// cleaned of secrets (../redact) before it becomes a reason.
import { ClientError } from 'graphql-request';
import { redact } from '../redact';
import { AccessRefused, AnswerTooLarge, NotGraphQL, RedirectRefused } from './cms-fetch';
import { TOKEN_ENV } from './cms-token';

export const CMS_RETRY_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);
/** Nothing at this path takes GraphQL queries by POST, whatever the query. */
const WRONG_PATH_STATUSES: ReadonlySet<number> = new Set([404, 405, 410, 501]);

export interface Verdict {
  retry: boolean;
  reason: string;
  /** What to do; the client adds its own when absent. */
  hint?: string;
  retryAfterMs?: number;
  /** Every query to this endpoint would fail the same way: no GraphQL answers there, or none can reach it. */
  wrongEndpoint?: boolean;
}

const NOTHING_PUBLISHED = 'Nothing was published.';
const GRAPHQL_PATH = 'Drupal\'s GraphQL module answers at /graphql, e.g. https://cms.example.com/graphql.';

/**
 * A failed request (the client's UserError or what it wraps) that shows the endpoint itself is
 * wrong, so a caller that could do without this one answer must not carry on with the others.
 */
export function endpointIsWrong(error: unknown): boolean {
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 4; at = at.cause, depth++) {
    if (classify(at, 'the endpoint').wrongEndpoint) return true;
  }
  return false;
}

/** Decides whether a failed attempt is worth repeating, and says what happened. */
export function classifyFailure(error: unknown, endpoint = 'the endpoint'): Verdict {
  const verdict = classify(error, endpoint);
  return { ...verdict, reason: redact(verdict.reason), ...(verdict.hint === undefined ? {} : { hint: redact(verdict.hint) }) };
}

function classify(error: unknown, endpoint: string): Verdict {
  if (error instanceof AccessRefused) return accessRefused(error);
  if (error instanceof RedirectRefused) {
    return {
      retry: false,
      wrongEndpoint: true,
      reason: error.message,
      hint: error.to ? `Set the endpoint to the URL the CMS answers at itself (on ${error.to} if that is the CMS). ${NOTHING_PUBLISHED}` : `Check the endpoint URL ${endpoint} and the CMS's redirects. ${NOTHING_PUBLISHED}`,
    };
  }
  if (error instanceof AnswerTooLarge) {
    return { retry: false, reason: error.message, hint: `If the CMS really sends that much, raise content.maxResponseBytes in site.config.ts. ${NOTHING_PUBLISHED}` };
  }
  if (error instanceof NotGraphQL) {
    // A gateway's or an overloaded server's error page: worth another attempt, as its status says.
    if (CMS_RETRY_STATUSES.has(error.status)) return retryable(error.status, ` (${error.what})`, error.retryAfter);
    if (error.status >= 200 && error.status < 300) {
      // After GraphQL answers from the same endpoint, a page is a proxy's or a login's in between.
      if (error.answeredBefore) return { retry: true, reason: `HTTP ${error.status}: the answer is ${error.what} instead of GraphQL` };
      return { retry: false, wrongEndpoint: true, reason: `not a GraphQL endpoint: the answer is ${error.what}`, hint: `Check the URL ${endpoint}: ${GRAPHQL_PATH} ${NOTHING_PUBLISHED}` };
    }
    // A page where GraphQL was expected: no other query fares better.
    return { retry: false, wrongEndpoint: !error.answeredBefore, reason: error.message, hint: hintForStatus(error.status, endpoint) };
  }
  if (error instanceof ClientError) {
    const { status, errors } = error.response;
    if (CMS_RETRY_STATUSES.has(status)) return retryable(status, describeBody(error.response.body), error.response.headers?.get?.('retry-after'));
    if (errors?.length && status >= 200 && status < 300) return { retry: false, reason: `GraphQL error: ${graphqlMessages(errors)}` };
    const detail = errors?.length ? ` (${graphqlMessages(errors)})` : describeBody(error.response.body);
    return { retry: false, wrongEndpoint: WRONG_PATH_STATUSES.has(status) && !errors?.length, reason: `HTTP ${status}${detail}`, hint: hintForStatus(status, endpoint) };
  }
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return { retry: true, reason: 'timed out' };
    if (error instanceof TypeError && /fetch failed/i.test(error.message)) return networkFailure(error, endpoint);
    // A 2xx answer cut off or without the fields the schema guarantees.
    return { retry: true, reason: `unreadable answer: ${error.message.slice(0, 200)}` };
  }
  return { retry: true, reason: String(error) };
}

// The permissions the schema names for querying as a CMS account (Drupal's GraphQL module 3.x).
const PERMISSIONS = '"execute graphql requests" and, for nodeQuery, "bypass graphql field security"';
const GIVE_TOKEN = `give hotel-site a CMS account's access token in ${TOKEN_ENV} (or in a file: --token-file <path>, content.tokenFile in site.config.ts)`;

/** 401: the token; 403 or an insecure field: what the account (or an anonymous caller) may not do. */
function accessRefused(error: AccessRefused): Verdict {
  const said = error.detail && !error.insecureField ? ` (${error.detail})` : '';
  if (error.status === 401) {
    if (!error.token) return { retry: false, reason: `HTTP 401${said}: the CMS wants a token and none was given`, hint: `${capital(GIVE_TOKEN)}. ${NOTHING_PUBLISHED}` };
    return {
      retry: false,
      reason: `HTTP 401${said}: the CMS refused the token from ${error.token} (expired, revoked or mistyped)`,
      hint: `Get a new access token for the CMS account (Drupal with simple_oauth: POST /oauth/token) and put it in ${error.token}; check it was copied whole. ${NOTHING_PUBLISHED}`,
    };
  }
  const what = error.insecureField ? `${error.message}: the caller may not run nodeQuery` : `HTTP ${error.status}${said}: the CMS refused the query`;
  if (!error.token) {
    return {
      retry: false,
      reason: `${what} as an anonymous caller`,
      hint: `This CMS does not let anonymous callers query it: ${GIVE_TOKEN}. The account needs the permissions ${PERMISSIONS}. ${NOTHING_PUBLISHED}`,
    };
  }
  return {
    retry: false,
    reason: `${what} with the account of the token from ${error.token}`,
    hint: `Give that account's role the permissions ${PERMISSIONS} (Drupal: People → Roles → Permissions). ${NOTHING_PUBLISHED}`,
  };
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function retryable(status: number, detail: string, retryAfter: string | null | undefined): Verdict {
  const retryAfterMs = retryAfterOf(retryAfter);
  return { retry: true, reason: `HTTP ${status}${detail}`, ...(retryAfterMs > 0 ? { retryAfterMs } : {}) };
}

function hintForStatus(status: number, endpoint: string): string {
  if (status === 404 || status === 410) return `Check the URL's path: nothing answers at ${endpoint}. ${GRAPHQL_PATH} ${NOTHING_PUBLISHED}`;
  if (status === 405 || status === 501) return `${endpoint} does not take GraphQL queries by POST: check the URL. ${GRAPHQL_PATH} ${NOTHING_PUBLISHED}`;
  return `The CMS refused the request: check the URL ${endpoint} and the CMS's logs. ${NOTHING_PUBLISHED}`;
}

// Failures of the connection itself that another attempt cannot mend: the name does not resolve,
// the port is one fetch never connects to, the certificate is not valid for the host.
function networkFailure(error: TypeError, endpoint: string): Verdict {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code;
  const url = URL.canParse(endpoint) ? new URL(endpoint) : null;
  if (code === 'ENOTFOUND') {
    return { retry: false, wrongEndpoint: true, reason: `unknown host: ${url?.hostname ?? endpoint} has no address (DNS)`, hint: `Check the host name in the endpoint URL. ${NOTHING_PUBLISHED}` };
  }
  if (cause?.message === 'bad port') {
    return {
      retry: false,
      wrongEndpoint: true,
      reason: `port ${url?.port || '?'} is one fetch never connects to (a "bad port" of the Fetch standard)`,
      hint: `Serve the CMS on another port and set the endpoint to it. ${NOTHING_PUBLISHED}`,
    };
  }
  if (code && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(code)) {
    return { retry: false, wrongEndpoint: true, reason: `the CMS's TLS certificate is not accepted (${code})`, hint: `Give the CMS a certificate valid for ${url?.hostname ?? 'its host'}. ${NOTHING_PUBLISHED}` };
  }
  if (code === 'ECONNREFUSED') return { retry: true, reason: `connection refused (ECONNREFUSED): nothing listens at ${url?.host ?? endpoint}` };
  return { retry: true, reason: `network error: ${code ?? cause?.message ?? error.message}` };
}

/** At most three GraphQL error messages, each cut to a readable length. */
function graphqlMessages(errors: readonly { message: string }[]): string {
  const shown = errors.slice(0, 3).map((e) => String(e.message).slice(0, 300));
  return shown.join('; ') + (errors.length > 3 ? ` (and ${errors.length - 3} more)` : '');
}

/** Retry-After in milliseconds: delay-seconds or an HTTP-date (RFC 9110 10.2.3); 0 when absent. */
export function retryAfterOf(value: string | null | undefined, now = Date.now()): number {
  if (!value) return 0;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isFinite(date) ? Math.max(0, date - now) : 0;
}

function describeBody(body: unknown): string {
  if (typeof body !== 'string' || !body.trim()) return '';
  const text = body.slice(0, 4096).replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return text ? ` (${text.slice(0, 120)})` : '';
}
