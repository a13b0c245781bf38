// The HTTP server of `preview` and `watch`: bound to 127.0.0.1 unless told otherwise,
// every request handled by one async function whose failures become the 500 page and a log
// line, never a crash; close() ends keep-alive and event-stream connections at once. Every answer
// carries the site's security headers, and a request naming a host the server is not reached by
// is refused before it is handled (docs/hardening.md: DNS rebinding).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UserError } from '../errors';
import { hostOf, isAllowedHost } from './allowed-hosts';
import { errorPageHtml, localeOfSegments } from './error-pages';
import { HTML_TYPE } from './content-types';
import { parseRequestPath } from './request-path';
import { sendBody, sendText } from './respond';

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** What every answer carries, and the site whose host is answered besides loopback and --host. */
export interface ServerPolicy {
  headers: Record<string, string>;
  siteUrl: string | null;
}

export interface HttpServerOptions {
  host: string;
  /** 0 = any free port. */
  port: number;
  /** A taken port is an error; otherwise the next free one is used (README, "Commands"). */
  strictPort?: boolean;
  handle: Handler;
  /** Asked for each request (watch: the current config's, once the first build is done). */
  policy: () => ServerPolicy | Promise<ServerPolicy>;
  /** A request failed unexpectedly (a bug, or a broken file): shown in the terminal. */
  onError: (error: unknown, req: IncomingMessage) => void;
}

export interface HttpServer {
  /** "http://127.0.0.1:4173" — no trailing slash. */
  origin: string;
  port: number;
  close(): Promise<void>;
}

/** Ports tried from the one asked for before giving up. */
const PORT_ATTEMPTS = 50;

export async function startHttpServer(options: HttpServerOptions): Promise<HttpServer> {
  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const policy = await options.policy();
    for (const [name, value] of Object.entries(policy.headers)) res.setHeader(name, value);
    if (!isAllowedHost(req.headers.host, { bind: options.host, siteUrl: policy.siteUrl })) {
      const host = hostOf(req.headers.host) ?? req.headers.host ?? '';
      return sendText(req, res, 403, `Blocked request: this server does not answer to the host "${host.slice(0, 100)}". Open it as localhost, or start it with --host <name> to reach it under another name.`);
    }
    return options.handle(req, res);
  }

  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      options.onError(error, req);
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      const path = parseRequestPath(req.url);
      const locale = localeOfSegments(path.ok ? path.segments : []);
      sendBody(req, res, { status: 500, type: HTML_TYPE, body: errorPageHtml({ locale, status: 500 }) });
    });
  });
  // Keep-alive sockets of browsers would otherwise hold close() open.
  server.keepAliveTimeout = 5_000;
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE') {
          reject(new UserError(`Port ${port} on ${options.host} is already in use`, { exitCode: 2, cause: error, hint: 'Stop the other server, or pass --port <n> (--port 0 takes any free port).' }));
        } else if (error.code === 'EACCES' || error.code === 'EADDRNOTAVAIL') {
          reject(new UserError(`Cannot listen on ${options.host}:${port} (${error.code})`, { exitCode: 2, cause: error, hint: 'Pick another --host or a --port above 1023.' }));
        } else reject(error);
      });
      server.listen(port, options.host, () => resolve());
    });
  // A taken port moves to the next one, as Vite does, unless --strict-port.
  for (let port = options.port; ; port++) {
    const taken = await listen(port).then(
      () => false,
      (error: UserError) => {
        const inUse = (error.cause as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
        if (!inUse || options.strictPort || options.port === 0 || port - options.port >= PORT_ATTEMPTS - 1 || port >= 65_535) throw error;
        return true;
      },
    );
    if (!taken) break;
  }
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    origin: `http://${urlHost(options.host)}:${port}`,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** The host as it goes into a URL: a wildcard bind is reached via loopback; IPv6 needs brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
