// The one stylesheet: esbuild bundles templates/styles/site.css and its imports,
// minified, to assets/site.<content hash>.css.
import { build, type Plugin } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { projectPath } from '../project-root';

export interface StylesheetResult {
  href: string;
  bytes: number;
  gzipBytes: number;
}

export async function bundleStyles(outDir: string, minify = true): Promise<StylesheetResult> {
  const result = await build({
    absWorkingDir: projectPath(),
    entryPoints: { site: projectPath('templates/styles/site.css') },
    outdir: join(outDir, 'assets'),
    entryNames: '[name].[hash]',
    bundle: true,
    minify,
    metafile: true,
    logLevel: 'silent',
    // The icons (templates/styles/icons.css) travel inside the stylesheet.
    loader: { '.svg': 'dataurl' },
    // Fonts and images referenced from CSS stay where templates/public puts them. A plugin, not
    // `external: ['/*']`: esbuild also matches that pattern against resolved absolute paths, which
    // left every @import unbundled (and the output depending on where it was written).
    plugins: [sitePathsStayExternal],
  });
  const file = Object.keys(result.metafile.outputs).find((name) => name.endsWith('.css'))!;
  const absolute = join(projectPath(), file);
  const body = await readFile(absolute);
  return { href: `/${relative(outDir, absolute).split('\\').join('/')}`, bytes: body.length, gzipBytes: gzipSync(body).length };
}

/** url(/fonts/x.woff2) and other site-absolute references are left as written. */
const sitePathsStayExternal: Plugin = {
  name: 'site-paths-stay-external',
  setup(build) {
    build.onResolve({ filter: /^\// }, (args) => (args.kind === 'entry-point' ? undefined : { path: args.path, external: true }));
  },
};
