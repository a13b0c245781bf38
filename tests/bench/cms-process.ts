// The embedded backend with N synthetic items in a process of its own, as a CMS on another machine
// would be: its work is not charged to the build being measured.
import { spawn, type ChildProcess } from 'node:child_process';
import { projectPath } from '../../site/project-root';

const BIN = projectPath('cli/hotel-site.mjs');

/** `deadMedia`: of the items, this many link a file that answers 404 (site/cms/synthetic.ts). */
export async function startCms(items: number, deadMedia = 0): Promise<{ endpoint: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [BIN, 'cms', '--port', '0', '--items', String(items), '--dead-media', String(deadMedia)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const endpoint = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /listening (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`cms exited with ${code}`)));
  });
  return { endpoint, child };
}

