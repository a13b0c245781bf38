// The embedded content backend: an HTTP server that answers like the hotel's CMS (Drupal 8 +
// GraphQL module 3) over fixture content, to anonymous callers and an editor's bearer token;
// /media/ serves files to anyone. Injected latency and failures exercise the client's retries.
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixtures as defaultFixtures } from './fixtures/index';
import type { FixtureSet } from './fixtures/types';
import { UserError } from '../errors';
import { TokenCheck, newEditorToken, sendAnonymousRefused, sendUnauthorized, tokenProblem } from './access';
import { GraphQLExecutor, MAX_BODY_BYTES, parseRequest, readBody, sendJson } from './graphql-http';
import { FILES_BASE, serveGeneratedFile } from './generated-files';
import { sendText, serveMedia } from './media-files';
import { createContentSchema } from './schema';
import { syntheticFixtures } from './synthetic';

export interface ContentBackendOptions {
  /** 0 (default) = an ephemeral port. */
  port?: number;
  /** Default 127.0.0.1: the backend is for this machine only. */
  host?: string;
  /** Default: the hotel's content (./fixtures/index). */
  fixtures?: FixtureSet;
  /** Synthetic items added to the fixtures (site/cms/synthetic.ts), for benchmarks. Default 0. */
  extraItems?: number;
  /** Of those, how many link a file the backend does not have (site/cms/synthetic.ts). Default 0. */
  deadMedia?: number;
  /** Delay every answer by this many milliseconds, for benchmarks and manual tests. */
  latencyMs?: number;
  /** 0..1: answer that share of POSTs with 503 and an HTML body, as an overloaded CMS does. */
  failRate?: number;
  /** Paths below /media/ answered with this status instead of a file (tests: a dead reference, an overloaded file server). */
  mediaStatus?: Readonly<Record<string, number>>;
  /**
   * The token accepted as an editor's (`Authorization: Bearer <token>`): its caller also sees
   * unpublished items and drafts. Default: a new random one (ContentBackend.editorToken).
   */
  editorToken?: string;
  /** Refuse anonymous GraphQL requests with 403, as a CMS that lets only accounts query. Default false. */
  requireToken?: boolean;
}

export interface ContentBackend {
  /** http://127.0.0.1:PORT/graphql */
  endpoint: string;
  /** http://127.0.0.1:PORT; media URLs in answers start with it. */
  origin: string;
  /** The token this backend accepts as an editor's; any other token gets 401. */
  readonly editorToken: string;
  /** A new editor token from now on (`next`, else a random one), as when a CMS token expires; returns it. */
  rotateEditorToken(next?: string): string;
  /** Answers from other fixtures from now on (watch mode, after a fixture file was saved). */
  replaceFixtures(fixtures: FixtureSet): void;
  close(): Promise<void>;
}

// What a proxy in front of an overloaded or maintained CMS answers (schema.graphql header).
const UNAVAILABLE_PAGE = `<!DOCTYPE html>
<html><head><title>503 Service Unavailable</title></head>
<body><h1>Service Unavailable</h1><p>The server is temporarily unable to service your request due to maintenance downtime or capacity problems. Please try again later.</p></body></html>
`;

export async function startContentBackend(options: ContentBackendOptions = {}): Promise<ContentBackend> {
  const { port = 0, host = '127.0.0.1', extraItems = 0, latencyMs = 0, failRate = 0, requireToken = false } = options;
  let editorToken = usableToken(options.editorToken ?? newEditorToken());
  let tokens = new TokenCheck(editorToken);
  const synthetic = extraItems > 0 ? syntheticFixtures(extraItems, 1, { deadMedia: options.deadMedia }) : null;
  const withSynthetic = (fixtures: FixtureSet) => (synthetic ? mergeFixtures(fixtures, synthetic) : fixtures);
  let current = options.fixtures ?? defaultFixtures;
  const content = createContentSchema(withSynthetic(current));
  const executor = new GraphQLExecutor(content.schema);
  let origin = '';

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    // Routing looks at the raw path: URL parsing would resolve "/media/../x" before the media check.
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/graphql') {
      if (req.method !== 'POST') return sendJson(res, 405, { errors: [{ message: 'The GraphQL endpoint accepts POST only.' }] }, { Allow: 'POST' });
      const body = await readBody(req);
      if (!body.ok) {
        return sendJson(res, 413, { errors: [{ message: `The request body is larger than ${MAX_BODY_BYTES} bytes.` }] }, { Connection: 'close' });
      }
      if (failRate > 0 && Math.random() < failRate) {
        res.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(Buffer.byteLength(UNAVAILABLE_PAGE)) });
        res.end(UNAVAILABLE_PAGE);
        return;
      }
      const caller = tokens.caller(req);
      if (caller === 'refused') return sendUnauthorized(res);
      if (caller === 'anonymous' && requireToken) return sendAnonymousRefused(res);
      const request = parseRequest(body.body);
      if (typeof request === 'string') return sendJson(res, 400, { errors: [{ message: request }] });
      return sendJson(res, 200, await executor.run(request, { origin, editor: caller === 'editor' }));
    }
    // Public files, as a web server serves them past Drupal: no token asked, none checked.
    const status = options.mediaStatus?.[path.slice('/media/'.length)];
    if (status && path.startsWith('/media/')) return sendText(res, status, 'Not available');
    if (path.startsWith('/media/')) return serveMedia(req, res, path.slice('/media/'.length));
    if (synthetic && path.startsWith(FILES_BASE)) return serveGeneratedFile(req, res, path.slice(FILES_BASE.length));
    return sendText(res, 404, 'Not found');
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      sendJson(res, 500, { errors: [{ message: `Internal error of the embedded content backend (a bug): ${message}` }] });
    });
  });
  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES' || error.code === 'EADDRNOTAVAIL') {
        reject(new UserError(`The embedded content backend cannot listen on ${host}:${port} (${error.code === 'EADDRINUSE' ? 'the port is in use' : error.code})`, {
          exitCode: 2, cause: error, hint: 'Pass another --port (0 takes any free port).',
        }));
      } else reject(error);
    };
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  origin = `http://${urlHost(host)}:${address.port}`;

  let closing: Promise<void> | undefined;
  return {
    endpoint: `${origin}/graphql`,
    origin,
    get editorToken() {
      return editorToken;
    },
    rotateEditorToken(next = newEditorToken()) {
      editorToken = usableToken(next);
      tokens = new TokenCheck(editorToken);
      return editorToken;
    },
    replaceFixtures(fixtures) {
      current = savedOver(current, fixtures);
      content.use(withSynthetic(current));
    },
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections of clients would otherwise hold close() open for seconds.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

function usableToken(token: string): string {
  const problem = tokenProblem(token);
  if (problem) {
    throw new UserError(`The editor token of the embedded content backend is unusable: ${problem}`, {
      exitCode: 2,
      hint: 'For `hotel-site cms` it comes from HOTEL_SITE_CMS_TOKEN; unset it to get a new one.',
    });
  }
  return token;
}

function mergeFixtures(a: FixtureSet, b: FixtureSet): FixtureSet {
  return { nodes: [...a.nodes, ...b.nodes], terms: [...a.terms, ...b.terms], media: [...a.media, ...b.media] };
}

/** The host as it goes into a URL: a wildcard bind is reached via loopback; IPv6 needs brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * New content as Drupal stores a save: a node whose published part differs from its previous
 * version gets a newer `changed` (clients such as the preview find edits by it), a draft that
 * differs from its previous version a newer draft `changed`. What did not change keeps its time.
 */
export function savedOver(before: FixtureSet, after: FixtureSet, now = Math.floor(Date.now() / 1000)): FixtureSet {
  const previous = new Map(before.nodes.map((node) => [node.nid, node]));
  const nodes = after.nodes.map((node) => {
    const old = previous.get(node.nid);
    if (!old) return node;
    let saved = node;
    const { draft: oldDraft, ...oldPublished } = old;
    const { draft, ...published } = node;
    if (JSON.stringify({ ...oldPublished, changed: 0 }) !== JSON.stringify({ ...published, changed: 0 })) {
      saved = { ...saved, changed: Math.max(now, old.changed + 1, node.changed) };
    }
    if (draft && JSON.stringify({ ...oldDraft, changed: 0 }) !== JSON.stringify({ ...draft, changed: 0 })) {
      saved = { ...saved, draft: { ...draft, changed: Math.max(now, (oldDraft?.changed ?? 0) + 1, draft.changed) } };
    }
    return saved;
  });
  return { ...after, nodes };
}
