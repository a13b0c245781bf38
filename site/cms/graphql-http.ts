// POST /graphql: GraphQL over HTTP as Drupal's GraphQL module answers it. A request the server
// cannot read (bad JSON, no query, too large) is a 4xx; anything GraphQL can say (syntax,
// validation and field errors) is HTTP 200 with an `errors` array.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type DocumentNode, type GraphQLSchema, GraphQLError, execute, parse, validate } from 'graphql';
import type { CmsContext } from './resolvers';

/** Largest request body accepted; a real query with variables is a few KiB. */
export const MAX_BODY_BYTES = 1024 * 1024;
const DOCUMENT_CACHE_SIZE = 500;

export interface GraphQLRequest {
  query: string;
  variables: Record<string, unknown> | null;
  operationName: string | null;
}

export type BodyResult = { ok: true; body: Buffer } | { ok: false; status: 413 };

/** Reads the request body up to MAX_BODY_BYTES. */
export async function readBody(req: IncomingMessage): Promise<BodyResult> {
  if (Number(req.headers['content-length']) > MAX_BODY_BYTES) return { ok: false, status: 413 };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return { ok: false, status: 413 };
    chunks.push(chunk);
  }
  return { ok: true, body: Buffer.concat(chunks) };
}

/** The body as a GraphQL request, or the message of a 400 answer. */
export function parseRequest(body: Buffer): GraphQLRequest | string {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch (error) {
    return `The request body is not valid JSON (${(error as Error).message}). Send {"query": "...", "variables": {...}} with Content-Type: application/json.`;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return 'The request body must be a JSON object {"query": "..."}.';
  const { query, variables = null, operationName = null } = json as Record<string, unknown>;
  if (typeof query !== 'string') return 'The request body has no "query" string.';
  if (variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) return '"variables" must be an object.';
  if (operationName !== null && typeof operationName !== 'string') return '"operationName" must be a string.';
  return { query, variables: variables as Record<string, unknown> | null, operationName };
}

/**
 * Executes requests against one schema. Parsed and validated documents are cached by query text:
 * a build sends the same few queries thousands of times with different variables.
 */
export class GraphQLExecutor {
  private readonly documents = new Map<string, DocumentNode | readonly GraphQLError[]>();

  /** New content is new resolvers on the same schema (./schema.ts): validated documents stay valid. */
  constructor(private readonly schema: GraphQLSchema) {}

  async run(request: GraphQLRequest, context: CmsContext): Promise<unknown> {
    const document = this.document(request.query);
    if (!('kind' in document)) return { errors: document };
    return execute({
      schema: this.schema,
      document,
      variableValues: request.variables,
      operationName: request.operationName,
      contextValue: context,
    });
  }

  private document(query: string): DocumentNode | readonly GraphQLError[] {
    let document = this.documents.get(query);
    if (!document) {
      try {
        const parsed = parse(query);
        const errors = validate(this.schema, parsed);
        document = errors.length ? errors : parsed;
      } catch (error) {
        document = [error instanceof GraphQLError ? error : new GraphQLError(String(error))];
      }
      if (this.documents.size >= DOCUMENT_CACHE_SIZE) this.documents.clear();
      this.documents.set(query, document);
    }
    return document;
  }
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  // Encoded once: answers are large, and byteLength + write of a string would scan it twice.
  const body = Buffer.from(JSON.stringify(value));
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(body.length),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(body);
}
