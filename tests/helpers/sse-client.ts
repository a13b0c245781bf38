// A minimal EventSource for tests: connects to watch's live-reload channel and hands out events
// by name, in order, waiting for the next one when none is there yet.
import { request, type ClientRequest } from 'node:http';

export interface EventClient {
  /** The data of the next event called `name` (events of other names are skipped). */
  next(name: string, timeoutMs?: number): Promise<string>;
  close(): void;
}

export function openEvents(origin: string, path = '/__hotel-site/events'): Promise<EventClient> {
  const { hostname, port } = new URL(origin);
  const queue: { name: string; data: string }[] = [];
  const waiting: { name: string; resolve: (data: string) => void }[] = [];
  let buffer = '';
  let req: ClientRequest;

  const deliver = () => {
    for (let i = 0; i < waiting.length; i++) {
      const at = queue.findIndex((event) => event.name === waiting[i]!.name);
      if (at === -1) continue;
      // Events before the one taken are consumed too: order is what tests assert.
      const [event] = queue.splice(0, at + 1).slice(-1);
      waiting.splice(i--, 1)[0]!.resolve(event!.data);
    }
  };

  return new Promise((resolve, reject) => {
    req = request({ host: hostname, port, path, headers: { Accept: 'text/event-stream' }, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`event stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (name) queue.push({ name, data: data ?? '' });
        }
        deliver();
      });
      resolve({
        next(name, timeoutMs = 20_000) {
          return new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`no "${name}" event within ${timeoutMs} ms`)), timeoutMs);
            waiting.push({ name, resolve: (data) => (clearTimeout(timer), done(data)) });
            deliver();
          });
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}
