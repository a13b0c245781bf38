// HTTP requests exactly as written: the path is sent unnormalized (fetch would resolve "/../" and
// re-encode before sending), and the body is read raw (not decompressed) with its headers.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent (compressed if the server compressed it). */
  raw: Buffer;
  /** The body decompressed, as text. */
  text: string;
}

export function rawRequest(origin: string, path: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text: body.toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Hostile request paths: each must be refused (400/404) without reading outside the site. */
export const TRAVERSAL_PATHS = [
  '/../secret.txt',
  '/de/../../secret.txt',
  '/%2e%2e/secret.txt',
  '/%2E%2E/%2E%2E/secret.txt',
  '/.%2e/secret.txt',
  '/./../secret.txt',
  '/..%2fsecret.txt',
  '/de/%2e%2e%2f%2e%2e%2fsecret.txt',
  '/..%5csecret.txt',
  '/..\\secret.txt',
  '/%5c..%5csecret.txt',
  '/de/%00/../secret.txt',
  '/secret.txt%00.html',
  '/%c0%ae%c0%ae/secret.txt',
  '/%252e%252e/secret.txt',
  '//secret.txt',
  '/de/%zz/../secret.txt',
  '/de/..;/secret.txt',
  '/de/leak',
  '/de/leak-dir/secret.txt',
  `/${'../'.repeat(800)}secret.txt`,
];
