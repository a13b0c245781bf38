// The live-reload channel of `watch`: server-sent events on one URL. After a rebuild
// every open tab gets `reload`, or `css` with the new stylesheet when only styles changed; a failed
// rebuild sends `build-error` (the overlay) and is repeated to tabs that connect while it lasts.
// Every tab is told the build generation on connect, so a tab whose HTML is older than the last
// rebuild (it loaded just before a save) reloads instead of missing the event.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const EVENTS_PATH = '/__hotel-site/events';

export interface BuildErrorInfo {
  /** What failed: "template", "config", "content", … */
  stage: string;
  message: string;
  /** What the tab shows under the error; default: the last good version of the site. */
  served?: 'last-good-site' | 'last-good-page' | 'no-good-page';
}

export type LiveEvent = { type: 'reload' } | { type: 'css'; href: string } | { type: 'build-error'; error: BuildErrorInfo };

export interface EventStream {
  /** Answers a request for EVENTS_PATH and keeps the connection. */
  connect(req: IncomingMessage, res: ServerResponse): void;
  /** Tells every tab; a reload or css event also ends the error state. */
  send(event: LiveEvent): void;
  /** The generation the next pages are rendered at (goes into the snippet). */
  generation(): number;
  /** Starts a new generation: tabs with older HTML reload on connect. */
  advance(): number;
  readonly clients: number;
  close(): void;
}

const HEARTBEAT_MS = 15_000;

function frame(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function createEventStream(): EventStream {
  const clients = new Set<ServerResponse>();
  let error: BuildErrorInfo | null = null;
  let generation = 1;
  // Comments keep proxies and idle timeouts from closing quiet connections.
  const heartbeat = setInterval(() => {
    for (const res of clients) res.write(': ping\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const broadcast = (text: string) => {
    for (const res of clients) res.write(text);
  };

  return {
    connect(req, res) {
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      // EventSource reconnects after this many ms when the server restarts.
      res.write(`retry: 500\n\n${frame('hello', { generation })}`);
      if (error) res.write(frame('build-error', error));
      clients.add(res);
      const drop = () => clients.delete(res);
      req.on('close', drop);
      res.on('error', drop);
    },
    send(event) {
      if (event.type === 'build-error') {
        error = event.error;
        return broadcast(frame('build-error', event.error));
      }
      error = null;
      broadcast(event.type === 'css' ? frame('css', { href: event.href, generation }) : frame('reload', { generation }));
    },
    generation: () => generation,
    advance: () => ++generation,
    get clients() {
      return clients.size;
    },
    close() {
      clearInterval(heartbeat);
      for (const res of clients) res.end();
      clients.clear();
    },
  };
}
