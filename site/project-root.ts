// Absolute paths of the project's own folders. The bin writes the checkout it was invoked from
// into its bundle (cli/bundle.mjs, as does watch mode's fresh-import.ts): the bundle's real path
// may lie in another checkout when node_modules is a symlink. From the sources (vitest), the
// project is the package.json of hotel-site above this file.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

declare const __HOTEL_SITE_ROOT__: string | undefined;

function findRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'hotel-site') return dir;
    if (dirname(dir) === dir) throw new Error(`hotel-site: no package.json of hotel-site above ${start}`);
  }
}

export const PROJECT_ROOT = typeof __HOTEL_SITE_ROOT__ === 'string' ? __HOTEL_SITE_ROOT__ : findRoot(dirname(fileURLToPath(import.meta.url)));

export function projectPath(...segments: string[]): string {
  return join(PROJECT_ROOT, ...segments);
}
