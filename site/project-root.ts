// Absolute paths of the project's own folders, valid both from the sources (vitest) and from the
// CLI bundle in node_modules/.cache/hotel-site/ (cli/hotel-site.mjs), whose import.meta.url differs.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'hotel-site') return dir;
    if (dirname(dir) === dir) throw new Error(`hotel-site: no package.json of hotel-site above ${start}`);
  }
}

export const PROJECT_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

export function projectPath(...segments: string[]): string {
  return join(PROJECT_ROOT, ...segments);
}
