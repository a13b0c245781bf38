// The client with a CMS account: where the token goes (the endpoint's origin, never across a
// redirect to another), and what a refusal of the token or the account says.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reportError } from '../../../cli/errors';
import { ContentClient } from '../../../site/content/client';
import { CmsToken } from '../../../site/content/cms-token';
import { QUERIES } from '../../../site/content/queries';
import { UserError } from '../../../site/errors';

const TOKEN = 'account-token-3f9a7c1e5b2d4086.aGVsbG8';
const RENEWED = 'account-token-renewed-77c0de11aa.d29ybGQ';

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
}

interface Server {
  origin: string;
  seen: Seen[];
  close(): Promise<void>;
}

const servers: Server[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function serve(handle: (req: IncomingMessage, res: ServerResponse, seen: Seen) => void): Promise<Server> {
  const seen: Seen[] = [];
  const server = createServer(async (req, res) => {
    for await (const _ of req);
    const entry = { method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization };
    seen.push(entry);
    handle(req, res, entry);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const result: Server = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  servers.push(result);
  return result;
}

function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const OK = { data: { route: null } };

function client(endpoint: string, token: CmsToken | null, extra: Partial<ConstructorParameters<typeof ContentClient>[0]> = {}): ContentClient {
  return new ContentClient({ endpoint, concurrency: 2, timeoutMs: 2000, retries: 3, baseDelayMs: 1, maxDelayMs: 2, token, ...extra });
}

async function failure(run: Promise<unknown>): Promise<UserError> {
  const error = await run.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(UserError);
  return error as UserError;
}

const ask = (c: ContentClient) => c.request(QUERIES.routeResolver, { path: '/de' });

describe('the token on the wire', () => {
  it('goes with every GraphQL request as a bearer credential, and not at all without a token', async () => {
    const cms = await serve((_req, res) => answer(res, 200, OK));
    await ask(client(`${cms.origin}/graphql`, CmsToken.fromEnv(TOKEN)));
    await ask(client(`${cms.origin}/graphql`, null));
    expect(cms.seen.map((s) => s.authorization)).toEqual([`Bearer ${TOKEN}`, undefined]);
  });

  it('is never sent in the clear to another machine, whoever makes the client', () => {
    expect(() => client('http://cms.example.com/graphql', CmsToken.fromEnv(TOKEN))).toThrow(/plain http/);
    expect(() => client('http://cms.example.com/graphql', null)).not.toThrow();
  });

  it('follows a redirect within the endpoint’s origin, with the token and the same request', async () => {
    const cms = await serve((req, res) => {
      if (req.url === '/graphql') return void res.writeHead(308, { location: '/graphql/' }).end();
      answer(res, 200, OK);
    });
    await expect(ask(client(`${cms.origin}/graphql`, CmsToken.fromEnv(TOKEN)))).resolves.toEqual({ route: null });
    expect(cms.seen).toEqual([
      { method: 'POST', path: '/graphql', authorization: `Bearer ${TOKEN}` },
      { method: 'POST', path: '/graphql/', authorization: `Bearer ${TOKEN}` },
    ]);
  });

  it('never follows a redirect to another origin: that origin sees no request, and the build stops at once', async () => {
    const elsewhere = await serve((_req, res) => answer(res, 200, OK));
    const cms = await serve((_req, res) => void res.writeHead(307, { location: `${elsewhere.origin}/graphql` }).end());
    const error = await failure(ask(client(`${cms.origin}/graphql`, CmsToken.fromEnv(TOKEN))));
    expect(elsewhere.seen).toEqual([]);
    expect(cms.seen).toHaveLength(1);
    expect(error.message).toContain(`to another origin, ${elsewhere.origin}`);
    expect(error.exitCode).toBe(1);
  });
});

describe('refusals', () => {
  it('401: the CMS refused the token, said with where it came from and what to do; not retried', async () => {
    const cms = await serve((_req, res) => answer(res, 401, { message: 'The access token is expired.' }, { 'www-authenticate': 'Bearer error="invalid_token"' }));
    const error = await failure(ask(client(`${cms.origin}/graphql`, CmsToken.fromEnv(TOKEN))));
    expect(cms.seen).toHaveLength(1);
    expect(error.exitCode).toBe(1);
    expect(error.message).toContain('HTTP 401 (The access token is expired.): the CMS refused the token from HOTEL_SITE_CMS_TOKEN (expired, revoked or mistyped)');
    expect(error.hint).toMatch(/new access token.*HOTEL_SITE_CMS_TOKEN/);
  });

  it('403 without a token: names the permissions and HOTEL_SITE_CMS_TOKEN as the way to give one; not retried', async () => {
    const cms = await serve((_req, res) => answer(res, 403, { message: "The 'execute graphql requests' permission is required." }));
    const error = await failure(ask(client(`${cms.origin}/graphql`, null)));
    expect(cms.seen).toHaveLength(1);
    expect(error.exitCode).toBe(1);
    expect(error.message).toContain('HTTP 403');
    expect(error.message).toContain('as an anonymous caller');
    expect(error.hint).toContain('HOTEL_SITE_CMS_TOKEN');
    expect(error.hint).toContain('"execute graphql requests"');
    expect(error.hint).toContain('"bypass graphql field security"');
    expect(error.hint).not.toContain('let this machine');
  });

  it('403 with a token: names what the account lacks, not how to give a token', async () => {
    const cms = await serve((_req, res) => answer(res, 403, { message: 'Forbidden' }));
    const error = await failure(ask(client(`${cms.origin}/graphql`, CmsToken.fromEnv(TOKEN))));
    expect(error.message).toContain('with the account of the token from HOTEL_SITE_CMS_TOKEN');
    expect(error.hint).toContain('"execute graphql requests" and, for nodeQuery, "bypass graphql field security"');
    expect(error.hint).not.toContain('--token-file');
  });

  it('"Unable to resolve insecure field" is a missing permission, not a schema mismatch', async () => {
    const cms = await serve((_req, res) => answer(res, 200, { errors: [{ message: "Unable to resolve insecure field 'nodeQuery'." }], data: null }));
    const anonymous = await failure(client(`${cms.origin}/graphql`, null).request(QUERIES.contentPage, { type: 'events', langcode: 'de', offset: 0, limit: 50 }));
    expect(anonymous.message).toContain("Unable to resolve insecure field 'nodeQuery'.");
    expect(anonymous.message).toContain('may not run nodeQuery as an anonymous caller');
    expect(anonymous.hint).toContain('HOTEL_SITE_CMS_TOKEN');
    expect(anonymous.hint).not.toContain('schema may differ');
    expect(cms.seen).toHaveLength(1);
  });

  it('a token the CMS quotes back never reaches the message, the hint or the printed error', async () => {
    const cms = await serve((req, res) => answer(res, 401, { message: `Token ${req.headers.authorization} is not valid; raw ${TOKEN}` }));
    const error = await failure(ask(client(`${cms.origin}/graphql`, CmsToken.fromEnv(TOKEN))));
    expect(`${error.message} ${error.hint}`).not.toContain(TOKEN);
    let printed = '';
    reportError(error, { verbose: true }, (text) => {
      printed += text;
      return true;
    });
    expect(printed).toContain('HTTP 401');
    expect(printed).not.toContain(TOKEN);
  });
});

describe('a token that expires while preview or watch runs', () => {
  it('is said once, and a renewed token file is used on the next request without a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cms-account-'));
    dirs.push(dir);
    const file = join(dir, 'token');
    await writeFile(file, TOKEN);
    let valid = TOKEN;
    const cms = await serve((req, res) => (req.headers.authorization === `Bearer ${valid}` ? answer(res, 200, OK) : answer(res, 401, { message: 'expired' })));
    const token = CmsToken.fromFile(file, '--token-file');
    await token.load();
    const said: string[] = [];
    const c = client(`${cms.origin}/graphql`, token, { onTokenExpired: (expired) => said.push(expired.description) });
    await ask(c);
    valid = RENEWED;
    await failure(ask(c));
    await failure(ask(c));
    expect(said).toEqual([`the file ${file} (--token-file)`]);
    await writeFile(file, `${RENEWED}\n`);
    await expect(ask(c)).resolves.toEqual({ route: null });
    expect(cms.seen.at(-1)!.authorization).toBe(`Bearer ${RENEWED}`);
  });

  it('tries a token renewed in the file right after a 401, within the same request', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cms-account-'));
    dirs.push(dir);
    const file = join(dir, 'token');
    await writeFile(file, TOKEN);
    const token = CmsToken.fromFile(file, '--token-file');
    await token.load();
    const cms = await serve((req, res) => {
      if (req.headers.authorization === `Bearer ${RENEWED}`) return answer(res, 200, OK);
      // The renewal lands while the refused request is on its way back.
      void writeFile(file, RENEWED).then(() => answer(res, 401, { message: 'expired' }));
    });
    await expect(ask(client(`${cms.origin}/graphql`, token))).resolves.toEqual({ route: null });
    expect(cms.seen.map((s) => s.authorization)).toEqual([`Bearer ${TOKEN}`, `Bearer ${RENEWED}`]);
  });
});
