// The dev servers' HTTP layer over bare sockets (docs/hardening.md): every answer carries the
// security headers, and a Host header naming another site is refused before anything is handled.
import { afterEach, describe, expect, it } from 'vitest';
import { startHttpServer, type HttpServer } from '../../../site/serve/http-server';
import { sendText } from '../../../site/serve/respond';
import { getWithHost } from '../../helpers/raw-socket';

const headers = { 'Content-Security-Policy': "default-src 'self'", 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'strict-origin-when-cross-origin', 'X-Content-Type-Options': 'nosniff' };
let server: HttpServer | null = null;
let handled = 0;

async function start(host = '127.0.0.1', fail = false): Promise<HttpServer> {
  handled = 0;
  server = await startHttpServer({
    host,
    port: 0,
    policy: () => ({ headers, siteUrl: 'https://www.schloss-example.de' }),
    handle: async (req, res) => {
      handled++;
      if (fail) throw new Error('template broke');
      sendText(req, res, 200, 'page');
    },
    onError: () => {},
  });
  return server;
}

afterEach(async () => {
  await server?.close();
  server = null;
});

describe('security headers', () => {
  it('come with pages, refusals and the 500 page alike', async () => {
    const { port } = await start();
    const page = await getWithHost(port, '/de/', `127.0.0.1:${port}`);
    expect(page.status).toBe(200);
    const refused = await getWithHost(port, '/de/', 'evil.example');
    expect(refused.status).toBe(403);
    await server!.close();
    const { port: failing } = await start('127.0.0.1', true);
    const error = await getWithHost(failing, '/de/', `localhost:${failing}`);
    expect(error.status).toBe(500);
    for (const answer of [page, refused, error]) {
      expect(answer.headers['content-security-policy']).toBe("default-src 'self'");
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('Host check', () => {
  it('answers the bound address, localhost and the site host', async () => {
    const { port } = await start();
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'www.schloss-example.de']) {
      expect((await getWithHost(port, '/de/', host)).status, host).toBe(200);
    }
    expect(handled).toBe(4);
  });

  it('refuses a rebound name, a malformed Host and none at all, without handling the request', async () => {
    const { port } = await start();
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1.evil.example:${port}`, 'a b', null]) {
      const answer = await getWithHost(port, '/de/', host);
      // Node itself answers a request without Host with 400 (HTTP/1.1 requires one).
      expect(answer.status, String(host)).toBe(host === null ? 400 : 403);
    }
    expect(handled).toBe(0);
    const answer = await getWithHost(port, '/de/', 'evil.example');
    expect(answer.body).toContain('Blocked request: this server does not answer to the host "evil.example"');
    expect(answer.body).toContain('--host');
  });

  it('bound to every interface, answers the machine\'s addresses but still no other name', async () => {
    const { port } = await start('0.0.0.0');
    expect((await getWithHost(port, '/de/', `192.168.1.20:${port}`)).status).toBe(200);
    expect((await getWithHost(port, '/de/', `evil.example:${port}`)).status).toBe(403);
  });
});
