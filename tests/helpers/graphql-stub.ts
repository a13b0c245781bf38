// A tiny programmable GraphQL HTTP server on 127.0.0.1 for client tests: each test decides how
// every request is answered, and the stub counts requests and the most in flight at once.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  /** The request body as sent. */
  body: string;
  operationName: string | undefined;
  query: string;
  variables: Record<string, unknown>;
}

export type StubHandler = (request: StubRequest, attempt: number, res: ServerResponse) => Promise<void> | void;

export interface GraphqlStub {
  endpoint: string;
  requests: StubRequest[];
  maxInFlight: number;
  close(): Promise<void>;
}

export function json(res: ServerResponse, body: unknown, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startGraphqlStub(handler: StubHandler): Promise<GraphqlStub> {
  let inFlight = 0;
  const stub: GraphqlStub = { endpoint: '', requests: [], maxInFlight: 0, close: async () => {} };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    inFlight++;
    stub.maxInFlight = Math.max(stub.maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    let body = '';
    for await (const chunk of req) body += chunk;
    const parsed = JSON.parse(body || '{}') as { query?: string; variables?: Record<string, unknown>; operationName?: string };
    const request = { body, operationName: parsed.operationName ?? /query (\w+)/.exec(parsed.query ?? '')?.[1], query: parsed.query ?? '', variables: parsed.variables ?? {} };
    stub.requests.push(request);
    await handler(request, stub.requests.length, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  stub.endpoint = `http://127.0.0.1:${port}/graphql`;
  stub.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return stub;
}
