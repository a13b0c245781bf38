// Whether a folder may be replaced by the site (--out of build and watch). A build swaps its output
// in place of the folder, so a wrong --out would delete what the user had: the project itself
// (`--out .`), a folder holding it (`--out ..`, `--out ~`), its sources (`--out site`), or any folder
// of someone else's files. As Vite refuses an outDir that contains the project root, this refuses
// those, and replaces only a missing or empty folder or one holding nothing a build does not write.
import { readdir, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { ConfigError } from '../errors';
import { projectPath } from '../project-root';

/** Folders of the project a build must never replace or write into. */
const PROJECT_FOLDERS = new Set(['.ci', '.git', 'cli', 'locales', 'node_modules', 'site', 'templates', 'tests']);

/** What a build writes at the top of its output (site/build.ts, site/output/*). */
const BUILD_ENTRY = /^(?:[a-z]{2}(?:-[a-z]{2})?|assets|media|index\.html|404\.html|robots\.txt|_headers|sitemap(?:-\d+)?\.xml)$/;
/** What file managers leave in a folder someone looked at. */
const JUNK = new Set(['.DS_Store', 'Thumbs.db', 'desktop.ini']);

export interface OutDirContext {
  /** The project (package.json of hotel-site); default the running one. */
  projectRoot?: string;
  cwd?: string;
}

const inside = (child: string, parent: string) => child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);

/** Throws a ConfigError (exit 2) naming the folder and why, when replacing `outDir` could lose anything. */
export async function assertReplaceable(outDir: string, context: OutDirContext = {}): Promise<void> {
  const out = resolve(outDir);
  const root = resolve(context.projectRoot ?? projectPath());
  const cwd = resolve(context.cwd ?? process.cwd());
  const refuse = (why: string) =>
    new ConfigError(`Refusing to use ${out} as the output folder: ${why}`, {
      hint: 'Pass --out a new or empty folder, or one an earlier build wrote (the default is dist/). The build replaces that folder as a whole.',
    });

  if (inside(root, out)) throw refuse(out === root ? 'it is the project folder' : 'it holds the project folder');
  if (inside(cwd, out)) throw refuse(out === cwd ? 'it is the current folder' : 'it holds the current folder');
  if (inside(out, root)) {
    const top = relative(root, out).split(sep)[0]!;
    if (PROJECT_FOLDERS.has(top)) throw refuse(`it is inside the project's ${top}/ folder`);
  }

  const stats = await stat(out).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!stats) return;
  if (!stats.isDirectory()) throw refuse('it is a file');
  const publicFiles = new Set(await readdir(join(root, 'templates', 'public')).catch(() => [] as string[]));
  const foreign = (await readdir(out)).filter((name) => !BUILD_ENTRY.test(name) && !publicFiles.has(name) && !JUNK.has(name));
  if (foreign.length) {
    const named = foreign.slice(0, 3).join(', ') + (foreign.length > 3 ? `, and ${foreign.length - 3} more` : '');
    throw refuse(`it holds files a build does not write (${named}), which replacing it would delete`);
  }
}
