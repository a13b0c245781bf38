// Builds the fixture site and a site of N synthetic items with this checkout's bin, each with a
// cache of its own, into one folder: run it in two checkouts, then compare with `diff -r`. The
// embedded backend listens on a fixed port so both runs see the same CMS origin.
// usage: node tests/bench/build-tree.mjs <dir> [--items 5000] [--port 4799]
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const bin = join(dirname(dirname(dirname(fileURLToPath(import.meta.url)))), 'cli', 'hotel-site.mjs');
const { positionals, values } = parseArgs({ allowPositionals: true, options: { items: { type: 'string', default: '5000' }, port: { type: 'string', default: '4799' } } });
if (positionals.length !== 1) throw new Error('usage: node tests/bench/build-tree.mjs <dir> [--items 5000] [--port 4799]');
const dir = resolve(positionals[0]);
await rm(dir, { recursive: true, force: true });

const run = (args) =>
  new Promise((done, fail) => {
    const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`hotel-site ${args[0]} exited with ${code}`))));
  });

await run(['build', '--quiet', '--out', join(dir, 'fixture'), '--cache-dir', join(dir, '.cache-fixture')]);
const cms = spawn(process.execPath, [bin, 'cms', '--port', values.port, '--items', values.items], { stdio: ['ignore', 'pipe', 'inherit'] });
try {
  const endpoint = await new Promise((found, fail) => {
    let out = '';
    cms.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening (\S+)/.exec(out);
      if (match) found(match[1]);
    });
    cms.on('exit', (code) => fail(new Error(`hotel-site cms exited with ${code}`)));
  });
  await run(['build', '--quiet', '--endpoint', endpoint, '--out', join(dir, `items-${values.items}`), '--cache-dir', join(dir, `.cache-items`)]);
} finally {
  cms.kill();
}
await Promise.all([rm(join(dir, '.cache-fixture'), { recursive: true, force: true }), rm(join(dir, '.cache-items'), { recursive: true, force: true })]);
console.log(`built ${join(dir, 'fixture')} and ${join(dir, `items-${values.items}`)}`);
