// `hotel-site build` as a CMS account, through the real CLI, against a stand-in CMS that refuses
// anonymous callers and lets the account see unpublished items (an editor's, as real builds on
// Drupal often have): the token goes with every GraphQL request and with nothing else, no draft
// is published, and the token is in no file, cache entry or line the build leaves behind.
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { Kind, parse, visit } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configExtending, runCli, type CliResult } from '../helpers/cli';
import { startCliServer } from '../helpers/cli-server';
import { json } from '../helpers/graphql-stub';
import { PNG_1X1, node, startHostileCms, type HostileCms } from '../helpers/hostile-cms';

const TOKEN = 'editor-account-token-9c4e1f2a7b3d5e60.c2lnbmVk';
const WRONG = 'expired-account-token-0a1b2c3d4e5f6789.b2xk';
const DRAFT_TITLE = 'Entwurf Geheimzimmer';

/** Tokens the CMS no longer accepts (expired while a preview runs). */
const revoked = new Set<string>();
let cms: HostileCms;
let elsewhere: HostileCms;
let dir: string;

beforeAll(async () => {
  elsewhere = await startHostileCms();
  cms = await startHostileCms({
    // An editor's account sees unpublished items too; the build must drop them itself.
    ignoreStatusFilter: true,
    files: { '/sites/default/files/zimmer.png': { headers: { 'content-type': 'image/png' }, body: PNG_1X1 } },
    intercept(request, res) {
      if (request.variables.path === '/__redirect') return false;
      if (request.authorization === undefined) {
        json(res, { message: "The 'execute graphql requests' permission is required." }, 403);
        return true;
      }
      if (request.authorization === `Bearer ${WRONG}`) {
        // A CMS that quotes the credential back: it must not reach the terminal.
        res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer error="invalid_token"' });
        res.end(JSON.stringify({ message: `The token ${WRONG} has expired (${request.authorization})` }));
        return true;
      }
      if (revoked.has(request.authorization)) {
        json(res, { message: 'The access token has expired.' }, 401);
        return true;
      }
      if (request.operationName === 'ListVersions') {
        // The stand-in knows no list versions: every list the same, always (preview's refresh asks).
        const aliases = [...request.query.matchAll(/(\w+): (nodeQuery|taxonomyTermQuery)\(/g)].map((match) => match[1]!);
        json(res, { data: Object.fromEntries(aliases.map((alias) => [alias, { count: 0, entities: [] }])) });
        return true;
      }
      if (request.authorization === `Bearer ${TOKEN}-moved`) {
        res.writeHead(307, { location: elsewhere.endpoint });
        res.end();
        return true;
      }
      return false;
    },
  });
  cms.nodes.push(
    node(1, 'accommodation', 'de', { title: 'Turmzimmer', path: '/de/uebernachten/turmzimmer', fields: { fieldImages: [{ url: `${cms.origin}/sites/default/files/zimmer.png`, alt: 'Zimmer', title: null, width: 1, height: 1, card: null, hero: null }] } }),
    node(1, 'accommodation', 'en', { title: 'Tower room', path: '/en/accommodation/tower-room' }),
    node(2, 'accommodation', 'de', { title: DRAFT_TITLE, status: false, path: '/de/uebernachten/geheim' }),
    node(3, 'events', 'de', { title: 'Archivierte Weinprobe', status: false, path: '/de/veranstaltungen/weinprobe' }),
  );
  dir = await mkdtemp(join(tmpdir(), 'cms-account-'));
  await writeFile(join(dir, 'test.config.ts'), configExtending({ content: { retries: 1, timeoutMs: 5000 } }));
}, 30_000);

afterAll(async () => {
  await cms?.close();
  await elsewhere?.close();
  if (dir) await rm(dir, { recursive: true, force: true, maxRetries: 10 });
});

async function build(name: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ result: CliResult; out: string; cache: string }> {
  const out = join(dir, name, 'dist');
  const cache = join(dir, name, 'cache');
  await mkdir(out, { recursive: true });
  await writeFile(join(out, 'index.html'), 'the previous site');
  const result = await runCli(['build', '--config', join(dir, 'test.config.ts'), '--endpoint', cms.endpoint, '--out', out, '--cache-dir', cache, ...args], {
    timeoutMs: 110_000,
    env: { HOTEL_SITE_CMS_TOKEN: '', ...env },
  });
  return { result, out, cache };
}

/** Every file below the folders that holds `needle`, read as bytes. */
function filesHolding(needle: string, ...roots: string[]): string[] {
  return roots.flatMap((root) => fg.sync('**/*', { cwd: root, dot: true, onlyFiles: true }).filter((file) => readFileSync(join(root, file)).includes(needle)).map((file) => join(root, file)));
}

function revisionModes(query: string): string[] {
  const modes: string[] = [];
  visit(parse(query), { Argument: (argument) => void (argument.name.value === 'revisions' && modes.push(argument.value.kind === Kind.ENUM ? argument.value.value : argument.value.kind)) });
  return modes;
}

describe('a build as a CMS account', () => {
  let first: Awaited<ReturnType<typeof build>>;
  let second: Awaited<ReturnType<typeof build>>;
  let sent: number;

  beforeAll(async () => {
    const requestsBefore = cms.requests.length;
    first = await build('account', [], { HOTEL_SITE_CMS_TOKEN: TOKEN });
    sent = cms.requests.length - requestsBefore;
    const tokenFile = join(dir, 'cms.token');
    await writeFile(tokenFile, `${TOKEN}\n`);
    // The same token from a file, with --verbose, into a fresh folder.
    second = await build('from-file', ['--token-file', tokenFile, '--verbose'], { HOTEL_SITE_CMS_TOKEN: '' });
  }, 240_000);

  it('builds, sending the token with every GraphQL request, in the usual header', () => {
    expect(first.result.code, first.result.stderr).toBe(0);
    expect(second.result.code, second.result.stderr).toBe(0);
    expect(sent).toBeGreaterThan(0);
    expect(cms.requests.every((request) => request.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(first.result.stdout).toContain(`${cms.endpoint}, as the CMS account of the token from HOTEL_SITE_CMS_TOKEN`);
  });

  it('never sends it with a media download', () => {
    expect(cms.fileRequests.some((url) => url.endsWith('/zimmer.png'))).toBe(true);
    expect(cms.fileAuthorizations.every((header) => header === undefined)).toBe(true);
  });

  it('publishes no unpublished item the account could see, and never asks for drafts', () => {
    const pages = fg.sync('**/*', { cwd: first.out, onlyFiles: true });
    expect(pages.some((file) => file.startsWith('de/uebernachten/turmzimmer/'))).toBe(true);
    expect(pages.some((file) => file.includes('geheim') || file.includes('weinprobe'))).toBe(false);
    expect(filesHolding(DRAFT_TITLE, first.out)).toEqual([]);
    expect(filesHolding('Archivierte Weinprobe', first.out)).toEqual([]);
    expect(cms.requests.flatMap((request) => revisionModes(request.query)).filter((mode) => mode !== 'DEFAULT')).toEqual([]);
  });

  it('leaves the token in no output file, cache file or printed line', () => {
    expect(filesHolding(TOKEN, first.out, first.cache, second.out, second.cache)).toEqual([]);
    for (const { result } of [first, second]) expect(result.stdout + result.stderr).not.toContain(TOKEN);
  });
});

describe('refusals, through the CLI', () => {
  it('401: exit 1, the token refused, what to do — and the token the CMS quoted back is not printed, not even with --verbose', async () => {
    const { result, out } = await build('expired', ['--verbose'], { HOTEL_SITE_CMS_TOKEN: WRONG });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain('the CMS refused the token from HOTEL_SITE_CMS_TOKEN (expired, revoked or mistyped)');
    expect(result.stderr).toContain('Get a new access token');
    expect(result.stderr).toContain('[redacted]');
    expect(result.stdout + result.stderr).not.toContain(WRONG);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('the previous site');
  }, 120_000);

  it('403 without a token: exit 1, naming the permissions and HOTEL_SITE_CMS_TOKEN', async () => {
    const { result } = await build('anonymous', []);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain('HTTP 403');
    expect(result.stderr).toContain('HOTEL_SITE_CMS_TOKEN');
    expect(result.stderr).toContain('"execute graphql requests" and, for nodeQuery, "bypass graphql field security"');
    expect(result.stderr).not.toContain('let this machine');
  }, 120_000);

  it('a redirect to another origin: exit 1, and that origin gets no request', async () => {
    const before = elsewhere.requests.length;
    const { result } = await build('moved', [], { HOTEL_SITE_CMS_TOKEN: `${TOKEN}-moved` });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(`to another origin, ${elsewhere.origin}`);
    expect(elsewhere.requests.length).toBe(before);
  }, 120_000);

  it('a token with a plain-http endpoint elsewhere than this machine: exit 2 before any request, saying https is needed', async () => {
    const result = await runCli(['build', '--config', join(dir, 'test.config.ts'), '--endpoint', 'http://cms.example.invalid/graphql', '--out', join(dir, 'plain', 'dist')], {
      env: { HOTEL_SITE_CMS_TOKEN: TOKEN },
    });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('plain http');
    expect(result.stderr).toContain('https://cms.example.invalid/graphql');
    expect(result.stderr).not.toContain(TOKEN);
  });

  it('an empty or missing token file: exit 2, naming the file', async () => {
    const empty = join(dir, 'empty.token');
    await writeFile(empty, '\n');
    const emptyRun = await build('empty-file', ['--token-file', empty]);
    expect(emptyRun.result.code, emptyRun.result.stderr).toBe(2);
    expect(emptyRun.result.stderr).toContain(`the file ${empty} (--token-file) is empty`);
    const missingRun = await build('missing-file', ['--token-file', join(dir, 'nope.token')]);
    expect(missingRun.result.code, missingRun.result.stderr).toBe(2);
    expect(missingRun.result.stderr).toContain('nope.token (--token-file) cannot be read (ENOENT)');
  }, 60_000);
});

describe('preview and watch take the token alike', () => {
  it.each(['preview', 'watch'])('%s: a missing token file is exit 2 at start, with the embedded backend too', async (command) => {
    const result = await runCli([command, '--config', join(dir, 'test.config.ts'), '--port', '0', '--token-file', join(dir, 'nope.token'), ...(command === 'watch' ? ['--out', join(dir, 'watch-out')] : [])], {
      timeoutMs: 60_000,
    });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('nope.token (--token-file) cannot be read (ENOENT)');
  }, 70_000);
});

describe('a token that expires while preview runs', () => {
  it('is said once in the terminal, the published view stays served, and a renewed token file is used without a restart', async () => {
    const first = 'preview-token-first-4c1d2e3f5a6b7c8d';
    const renewed = 'preview-token-renewed-9e8d7c6b5a4f3e2d';
    const tokenFile = join(dir, 'preview.token');
    await writeFile(tokenFile, first);
    const server = await startCliServer(['preview', '--config', join(dir, 'test.config.ts'), '--endpoint', cms.endpoint, '--token-file', tokenFile, '--port', '0'], {
      env: { HOTEL_SITE_CMS_TOKEN: '' },
    });
    try {
      const page = `${server.url}de/uebernachten/turmzimmer/`;
      /** Asks for the page until its status is `status` (the preview reuses its content for seconds). */
      const until = async (status: number) => {
        const deadline = Date.now() + 30_000;
        for (;;) {
          const response = await fetch(page);
          const body = await response.text();
          if (response.status === status) return body;
          if (Date.now() > deadline) throw new Error(`still ${response.status}\n${server.stderr()}`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      };
      expect(await until(200)).toContain('Turmzimmer');
      revoked.add(`Bearer ${first}`);
      const since = cms.requests.length;
      const sentSince = (token: string) => cms.requests.slice(since).filter((request) => request.authorization === `Bearer ${token}`).length;
      /** Reloads the page until `done`: the published view stays served (200) while the token is refused. */
      const reloadUntil = async (done: () => boolean) => {
        for (const deadline = Date.now() + 30_000; !done() && Date.now() < deadline; ) {
          const response = await fetch(page);
          expect(response.status).toBe(200);
          expect(await response.text()).toContain('Turmzimmer');
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      };
      // Refused again on later reloads: still said once.
      await reloadUntil(() => sentSince(first) >= 3);
      expect(sentSince(first)).toBeGreaterThanOrEqual(3);
      expect(server.stderr().split('was refused (HTTP 401)').length - 1, server.stderr()).toBe(1);
      expect(server.stderr()).toContain(`the token from the file ${tokenFile} (--token-file) was refused (HTTP 401)`);
      await writeFile(tokenFile, `${renewed}\n`);
      await reloadUntil(() => sentSince(renewed) > 0);
      expect(await until(200)).toContain('Turmzimmer');
      expect(cms.requests.at(-1)!.authorization).toBe(`Bearer ${renewed}`);
      expect(server.stdout() + server.stderr()).not.toContain(first);
      expect(server.stdout() + server.stderr()).not.toContain(renewed);
    } finally {
      await server.stop();
    }
  }, 90_000);
});
