// A build against a backend that fails, or that sends hostile content.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { afterEach, describe, expect, it } from 'vitest';
import { configExtending, runCli } from '../helpers/cli';
import { json, startGraphqlStub, type GraphqlStub } from '../helpers/graphql-stub';

let stub: GraphqlStub | null = null;
const made: string[] = [];
afterEach(async () => {
  await stub?.close();
  stub = null;
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 10 })));
});

async function workspace() {
  const dir = await mkdtemp(join(tmpdir(), 'build-failure-'));
  made.push(dir);
  const config = join(dir, 'test.config.ts');
  await writeFile(config, configExtending({ content: { retries: 2, timeoutMs: 1000 } }));
  const out = join(dir, 'dist');
  await mkdir(out);
  await writeFile(join(out, 'index.html'), 'the previous site');
  return { dir, config, out };
}

describe('a failed build', () => {
  it('leaves the previous output untouched when the CMS stays down, naming the operation', async () => {
    stub = await startGraphqlStub((_request, _attempt, res) => {
      res.writeHead(503, { 'content-type': 'text/html' });
      res.end('<h1>Maintenance</h1>');
    });
    const { dir, config, out } = await workspace();
    const result = await runCli(['build', '--config', config, '--endpoint', stub.endpoint, '--out', out, '--quiet']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/The CMS request \w+ \{.*\} failed after 3 attempts: HTTP 503/);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('the previous site');
    expect(await readdir(dir)).toEqual(expect.not.arrayContaining([expect.stringMatching(/staging/)]));
  });

  it('fails at once on a GraphQL error without retrying', async () => {
    stub = await startGraphqlStub((_request, _attempt, res) => json(res, { errors: [{ message: 'Internal schema mismatch' }] }));
    const { config, out } = await workspace();
    const result = await runCli(['build', '--config', config, '--endpoint', stub.endpoint, '--out', out, '--quiet']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Internal schema mismatch');
    expect(result.stderr).not.toContain('failed after');
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('the previous site');
  });

  it('fails at the first answer from an HTTP server that is no GraphQL endpoint, naming the fix', async () => {
    // What a plain web server (Python's http.server) answers a POST.
    stub = await startGraphqlStub((_request, _attempt, res) => {
      res.writeHead(501, { 'content-type': 'text/html' });
      res.end('<html><head><title>Error response</title></head><body><p>Unsupported method (\'POST\')</p></body></html>');
    });
    const { config, out } = await workspace();
    const result = await runCli(['build', '--config', config, '--endpoint', stub.endpoint, '--out', out]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/The CMS request ListVersions \{.*\} failed: HTTP 501: the answer is an HTML page/);
    expect(result.stderr).toContain('does not take GraphQL queries by POST');
    expect(result.stderr).not.toContain('list versions unavailable');
    // Nothing after the first answers: no stage ran, no content was asked for.
    expect(result.stderr).not.toMatch(/^(assets|fetch) /m);
    expect(new Set(stub.requests.map((request) => request.operationName))).toEqual(new Set(['ListVersions', 'Menu']));
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('the previous site');
  });
});

// Answers every query of the site; accommodation items in German are hostile.
function hostileBackend(): Promise<GraphqlStub> {
  const node = (nid: number, path: string, title: string, body: string) => ({
    __typename: 'NodeAccommodation', entityBundle: 'accommodation', nid, title, langcode: 'de', status: true, fieldWeight: 0,
    entityUrl: { path }, body: { processed: body }, fieldTeaser: title, fieldImages: [], fieldContent: [],
  });
  const hostile = [
    node(1, '/de/uebernachten/ok', 'Fine <script>alert(1)</script>', '<p onmouseover="x()">Hello<script>steal()</script><a href="javascript:alert(1)">link</a></p>'),
    node(2, '/de/../../../tmp/escaped', 'Traversal', '<p>x</p>'),
    node(3, '/de/%2e%2e/%2e%2e/escaped2', 'Encoded traversal', '<p>x</p>'),
    node(4, '', 'Empty', '<p>x</p>'),
    node(5, '/de/uebernachten/OK', 'Duplicate of 1', '<p>x</p>'),
    node(6, '/en/accommodation/wrong-language', 'Wrong prefix', '<p>x</p>'),
  ];
  return startGraphqlStub((request, _attempt, res) => {
    const empty = { count: 0, entities: [] };
    if (request.operationName === 'ContentPage' && request.variables.type === 'accommodation' && request.variables.langcode === 'de') {
      return json(res, { data: { nodeQuery: { count: hostile.length, entities: hostile } } });
    }
    if (request.operationName === 'TermsPage') return json(res, { data: { taxonomyTermQuery: empty } });
    if (request.operationName === 'Menu') return json(res, { data: Object.fromEntries(['rooms', 'restaurants_bars', 'meetingsandcelebrations', 'wellness', 'events', 'sports', 'specialoffers', 'aboutus'].map((alias) => [alias, empty])) });
    return json(res, { data: { nodeQuery: empty } });
  });
}

describe('a backend with hostile content', () => {
  it('publishes what is safe, reports the rest with nids, and writes nothing outside --out', async () => {
    stub = await hostileBackend();
    const { dir, config, out } = await workspace();
    const result = await runCli(['build', '--config', config, '--endpoint', stub.endpoint, '--out', out, '--quiet']);
    expect(result.stderr + result.stdout).not.toMatch(/hit a bug/);
    expect(result.code).toBe(0);
    const html = readFileSync(join(out, 'de/uebernachten/ok/index.html'), 'utf8');
    expect(html).not.toMatch(/<script>alert|steal\(\)|onmouseover|javascript:alert/);
    expect(html).toContain('Fine &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(result.stderr).toMatch(/nid 2 .*leaves its folder/);
    expect(result.stderr).toMatch(/nid 3 .*leaves its folder/);
    expect(result.stderr).toMatch(/nid 4 .*empty/);
    expect(result.stderr).toMatch(/nid 5 and nid 1 share the path/);
    expect(result.stderr).toMatch(/nid 6 .*language prefix/);
    expect(existsSync(join(dir, 'tmp'))).toBe(false);
    expect(fg.sync('**/*escaped*', { cwd: dir, onlyFiles: false })).toEqual([]);
  });
});
