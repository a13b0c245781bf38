// One HTTP/1.1 exchange over a bare TCP socket (node:net): the request goes out byte for byte as
// written — any Host header, or none — and the answer's status line and headers are parsed here.
import { connect } from 'node:net';

export interface SocketAnswer {
  status: number;
  /** Header names lowercased. */
  headers: Record<string, string>;
  body: string;
}

export function socketRequest(port: number, head: string): Promise<SocketAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [header = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = header.split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    // Written, not ended: a half-closed socket may end the answer before a slow handler writes it.
    // `Connection: close` has the server end the socket once its answer is out.
    socket.write(`${head.trim().replace(/\r?\n/g, '\r\n')}\r\nConnection: close\r\n\r\n`);
  });
}

/** A GET of `path` naming `host` in its Host header (none when null). */
export function getWithHost(port: number, path: string, host: string | null): Promise<SocketAnswer> {
  return socketRequest(port, `GET ${path} HTTP/1.1${host === null ? '' : `\nHost: ${host}`}`);
}
