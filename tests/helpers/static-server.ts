// Serves a built folder on 127.0.0.1 as a plain static host would (index.html for folders, the
// language's 404.html for unknown paths), for browser tests.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.mjs': 'text/javascript', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.jpg': 'image/jpeg', '.webp': 'image/webp', '.xml': 'application/xml', '.txt': 'text/plain', '.pdf': 'application/pdf', '.json': 'application/json',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export async function serveDir(dir: string, port = 0): Promise<StaticServer> {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = resolve(join(root, pathname));
    if (!file.startsWith(root + sep) && file !== root) {
      res.writeHead(400).end();
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) {
        if (!pathname.endsWith('/')) {
          res.writeHead(301, { location: `${pathname}/` }).end();
          return;
        }
        file = join(file, 'index.html');
      }
      await stat(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(res);
    } catch {
      const locale = pathname.startsWith('/en/') ? 'en' : 'de';
      res.writeHead(404, { 'content-type': TYPES['.html']! });
      createReadStream(join(root, locale, '404.html')).on('error', () => res.end()).pipe(res);
    }
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
