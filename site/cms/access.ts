// Who is asking: a request's bearer token against the editor token (as simple_oauth decides), and
// the answers for a refused token (401) and an anonymous caller where a token is required (403).
// What each caller may view is ContentStore.isPublic; no answer echoes the token.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './graphql-http';

export type Caller = 'anonymous' | 'editor' | 'refused';

// RFC 6750's b64token: what may follow "Bearer " in a header.
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** A new random editor token (what simple_oauth hands out is as opaque). */
export function newEditorToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Why `token` cannot be sent as a bearer token, or null where it can. */
export function tokenProblem(token: string): string | null {
  if (token === '') return 'it is empty';
  return B64TOKEN.test(token) ? null : 'a bearer token has letters, digits and - . _ ~ + / only (and = at the end)';
}

export class TokenCheck {
  private readonly expected: Buffer;

  constructor(token: string) {
    this.expected = digest(token);
  }

  /** No Authorization header: anonymous; the editor's bearer token: editor; anything else is refused. */
  caller(req: IncomingMessage): Caller {
    const header = req.headers.authorization?.trim();
    if (!header) return 'anonymous';
    const match = /^Bearer +(\S+)$/i.exec(header);
    // Digests of equal length: the comparison takes as long whatever the token.
    return match && timingSafeEqual(digest(match[1]!), this.expected) ? 'editor' : 'refused';
  }
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export function sendUnauthorized(res: ServerResponse): void {
  sendJson(
    res,
    401,
    { error: 'invalid_token', message: 'The access token was not accepted: it is expired, revoked or mistyped.' },
    { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
  );
}

export function sendAnonymousRefused(res: ServerResponse): void {
  sendJson(res, 403, {
    message: 'This CMS answers no anonymous GraphQL requests: send Authorization: Bearer <token> of an account with the "execute graphql requests" permission.',
  });
}
