// The version of everything that turns content into HTML: the templates, the generator, the UI
// strings and the installed dependencies (lock file). A build cache made by another version is
// not used (docs/incremental.md). Read from the sources the CLI bundles on start, so an edit to a
// template is a new version even before the bundle is rebuilt.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import fg from 'fast-glob';
import { projectPath } from '../project-root';

const SOURCES = ['templates/**/*', 'site/**/*', 'locales/**/*', 'package.json', 'package-lock.json'];

let version: Promise<string> | undefined;

export function codeVersion(): Promise<string> {
  version ??= (async () => {
    const root = projectPath();
    const files = (await fg(SOURCES, { cwd: root, onlyFiles: true, ignore: ['site/cms/**'] })).sort();
    const hash = createHash('sha256');
    // A few hundred small files: read one after the other, far from any open-file limit.
    for (const file of files) hash.update(`${file}\0`).update(await readFile(`${root}/${file}`)).update('\0');
    return hash.digest('base64url');
  })();
  return version;
}
