// `hotel-site cms --require-token` as a user runs it: anonymous callers refused, the editor token
// from HOTEL_SITE_CMS_TOKEN or a new one printed once on stderr, stdout's first line the endpoint.
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../../site/project-root';
import { post } from './cms-client';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGTERM');
});

/** Starts the command; resolves with its endpoint and what it wrote to stderr by then. */
function startCms(env: Record<string, string>): Promise<{ endpoint: string; stderr: () => string }> {
  const child = spawn(process.execPath, [projectPath('cli/hotel-site.mjs'), 'cms', '--port', '0', '--require-token'], {
    env: { ...process.env, HOTEL_SITE_CMS_TOKEN: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk) => (err += chunk));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /^listening (\S+)\n/.exec(out);
      if (match) resolve({ endpoint: match[1]!, stderr: () => err });
    });
    child.on('exit', (code) => reject(new Error(`cms exited with ${code}: ${err}`)));
  });
}

const QUERY = '{ nodeById(id: "548") { ... on Node { title moderationState } } }';

describe('hotel-site cms --require-token', () => {
  it('refuses anonymous callers and accepts HOTEL_SITE_CMS_TOKEN, which it does not print', async () => {
    const token = 'cli-test-token-from-the-environment';
    const cms = await startCms({ HOTEL_SITE_CMS_TOKEN: token });
    const anonymous = await post(cms.endpoint, QUERY);
    expect(anonymous.status).toBe(403);
    expect(anonymous.json.message).toMatch(/Bearer/);
    const editor = await post(cms.endpoint, QUERY, { token });
    expect(editor.json.data.nodeById).toEqual({ title: 'Lesewochenende im Schloss', moderationState: 'draft' });
    expect((await post(cms.endpoint, QUERY, { token: 'another' })).status).toBe(401);
    expect(cms.stderr()).not.toContain(token);
  });

  it('without HOTEL_SITE_CMS_TOKEN makes a token and prints it once, on stderr', async () => {
    const cms = await startCms({});
    // Written right after the endpoint line, but through another pipe.
    for (let wait = 0; !cms.stderr().includes('\n') && wait < 100; wait++) await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = cms.stderr().split('\n').filter((line) => line.startsWith('editor token: '));
    expect(lines).toHaveLength(1);
    const token = /^editor token: (\S+)/.exec(lines[0]!)![1]!;
    expect((await post(cms.endpoint, QUERY, { token })).json.data.nodeById.moderationState).toBe('draft');
    expect((await post(cms.endpoint, QUERY)).status).toBe(403);
  });
});
