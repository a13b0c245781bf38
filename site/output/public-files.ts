// Static files of the theme (favicon, award badges): templates/public/** → the site root.
import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import fg from 'fast-glob';
import { projectPath } from '../project-root';

/** Copies them into `outDir`; returns their paths (relative, with /). */
export async function copyPublicFiles(outDir: string): Promise<string[]> {
  const root = projectPath('templates/public');
  const files = await fg('**/*', { cwd: root, onlyFiles: true, dot: false });
  await Promise.all(
    files.map(async (file) => {
      await mkdir(dirname(join(outDir, file)), { recursive: true });
      await copyFile(join(root, file), join(outDir, file));
    }),
  );
  return files;
}
