// The fetch graphql-request uses for CMS requests (./client.ts), reading each answer the way
// docs/hardening.md describes: the body is counted while it is decoded and given up at the
// configured limit (a 600 KB gzip answer can inflate to 600 MB), and an answer that is no GraphQL
// result at all — an HTML page, plain text — is named for what it is before graphql-request tries
// to read it as JSON. Whether to try again is ./failure.ts's decision.

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

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Statuses whose answer has no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/** A fetch for one endpoint: it remembers whether the endpoint has given a JSON answer yet. */
export function cmsFetch(maxBytes: number): typeof fetch {
  let answered = false;
  return async (input, init) => {
    const response = await fetch(input, init);
    const body = await readBounded(response, maxBytes);
    const start = body.subarray(0, 1024).toString('utf8').replace(/^\uFEFF/, '').trimStart();
    if (start && !/^[{[]/.test(start)) {
      throw new NotGraphQL(response.status, describeText(start, response.headers.get('content-type')), response.headers.get('retry-after'), answered);
    }
    if (start) answered = true;
    return new Response(NULL_BODY.has(response.status) ? null : body.toString('utf8'), { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

async function readBounded(response: Response, maxBytes: number): Promise<Buffer> {
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
