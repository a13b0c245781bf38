// The lock beside --out (site/output/staging.ts): held by a live process only while that process is
// the one that wrote it — a pid used again by another process after its writer died holds nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processStartToken } from '../../../site/output/output-lock';
import { createStaging } from '../../../site/output/staging';

let root: string;
let other: ChildProcess;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'output-lock-'));
  other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  await new Promise((resolve) => other.once('spawn', resolve));
});
afterAll(async () => {
  other.kill();
  await rm(root, { recursive: true, force: true });
});

const context = () => ({ projectRoot: join(root, 'project'), cwd: root });

describe.runIf(process.platform === 'linux')('the output lock', () => {
  it('writes its pid with its start time', async () => {
    const staging = await createStaging(join(root, 'own'), context());
    expect(await readFile(join(root, '.own.lock'), 'utf8')).toBe(`${process.pid} ${processStartToken(process.pid)}`);
    await staging.abort();
  });

  it('is refused while the process that wrote it runs', async () => {
    await writeFile(join(root, '.held.lock'), `${other.pid} ${processStartToken(other.pid!)}`);
    await expect(createStaging(join(root, 'held'), context())).rejects.toThrow(`Another hotel-site process (pid ${other.pid}) is writing`);
  });

  it('is taken over when its pid belongs to another process now', async () => {
    await writeFile(join(root, '.reused.lock'), `${other.pid} 1`);
    const staging = await createStaging(join(root, 'reused'), context());
    expect(await readFile(join(root, '.reused.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    await staging.abort();
  });
});
