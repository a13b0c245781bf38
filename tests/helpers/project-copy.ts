// A throwaway copy of the project for tests and benchmarks that edit sources (watch mode) or must
// not see the edits others make meanwhile (build vs preview): the sources, the bin, and a
// node_modules of symlinks to the real packages (so React and esbuild resolve to the very
// instances the test process uses, and project-root.ts and the bin's bundle find the copy).
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectPath } from '../../site/project-root';

const COPIED = ['cli', 'site', 'templates', 'locales', 'tests/bench', 'tests/helpers', 'site.config.ts', 'package.json', 'tsconfig.json'];

export interface ProjectCopy {
  root: string;
  /** The copy's bin: it bundles the copy's sources into the copy's own cache folder (site/bundling/checkout-cache.mjs). */
  bin: string;
  path(...segments: string[]): string;
  remove(): Promise<void>;
}

export interface CopyOptions {
  /**
   * 'per-package' (default): a node_modules of its own holding one symlink per package.
   * 'shared': node_modules itself is a symlink to the project's, as git worktrees often share one.
   */
  nodeModules?: 'per-package' | 'shared';
}

export async function copyProject({ nodeModules = 'per-package' }: CopyOptions = {}): Promise<ProjectCopy> {
  const root = await mkdtemp(join(tmpdir(), 'hotel-site-project-'));
  await Promise.all(
    COPIED.map((entry) =>
      cp(projectPath(entry), join(root, entry), { recursive: true, filter: (source) => !/\.timestamp-[^/]*\.mjs$/.test(source) }),
    ),
  );
  if (nodeModules === 'shared') {
    await symlink(projectPath('node_modules'), join(root, 'node_modules'), 'dir');
  } else {
    await mkdir(join(root, 'node_modules'));
    const packages = await readdir(projectPath('node_modules'));
    await Promise.all(packages.filter((name) => name !== '.cache').map((name) => symlink(projectPath('node_modules', name), join(root, 'node_modules', name))));
  }
  return { root, bin: join(root, 'cli', 'hotel-site.mjs'), path: (...segments) => join(root, ...segments), remove: () => rm(root, { recursive: true, force: true, maxRetries: 10 }) };
}
