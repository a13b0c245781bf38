// The client script: esbuild bundles templates/client/main.ts with code splitting into
// dist/assets/ — a small content-hashed entry, one chunk per island widget, React in shared chunks.
// measurePageJs() tells from a page's HTML which of these files that page will load.
import { build, type Metafile } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { basename, extname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { projectPath } from '../project-root';

export interface ClientFile {
  href: string;
  bytes: number;
  gzipBytes: number;
}

export interface ClientBundle {
  /** href of the entry module: "/assets/main.<hash>.js". */
  entry: string;
  /** Chunks the entry imports statically (for <link rel="modulepreload">). */
  preload: string[];
  files: ClientFile[];
  /** Files the first hydrating island loads: React's DOM client and what it imports statically. */
  runtime: string[];
  /**
   * Island name → the files hydrating it loads besides the entry, its preloads and the runtime (its
   * widget chunk and that chunk's static imports). Islands bundled into the entry have none.
   */
  islands: Record<string, string[]>;
}

export interface BundleClientOptions {
  /** The dist root being written; files go to <outDir>/assets/. */
  outDir: string;
  minify: boolean;
}

const ENTRY = 'templates/client/main.ts';
const RUNTIME = 'templates/client/hydrate.ts';

export async function bundleClient({ outDir, minify }: BundleClientOptions): Promise<ClientBundle> {
  const root = projectPath();
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: projectPath(ENTRY) },
    outdir: join(resolve(outDir), 'assets'),
    entryNames: '[name].[hash]',
    chunkNames: 'chunks/[name].[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    jsx: 'automatic',
    minify,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    logLevel: 'silent',
  });
  return describeBundle(result.metafile, root, resolve(outDir));
}

async function describeBundle(metafile: Metafile, root: string, outDir: string): Promise<ClientBundle> {
  const hrefOf = (output: string) => `/${relative(outDir, join(root, output)).split('\\').join('/')}`;
  const outputs = Object.entries(metafile.outputs).filter(([name]) => name.endsWith('.js'));
  const files = await Promise.all(
    outputs.map(async ([name]) => {
      const body = await readFile(join(root, name));
      return { href: hrefOf(name), bytes: body.length, gzipBytes: gzipSync(body).length };
    }),
  );

  const staticImports = new Map(
    outputs.map(([name, output]) => [hrefOf(name), output.imports.filter((entry) => entry.kind === 'import-statement').map((entry) => hrefOf(entry.path))]),
  );
  const closure = (start: string): string[] => {
    const seen = new Set<string>();
    const visit = (href: string) => {
      if (seen.has(href)) return;
      seen.add(href);
      for (const next of staticImports.get(href) ?? []) visit(next);
    };
    visit(start);
    return [...seen];
  };
  const byEntryPoint = (source: string) => {
    const found = outputs.find(([, output]) => output.entryPoint === source);
    if (!found) throw new Error(`client bundle: no output for ${source} (is it still imported by ${ENTRY}?)`);
    return hrefOf(found[0]);
  };

  const entry = byEntryPoint(ENTRY);
  const preload = closure(entry).filter((href) => href !== entry);
  const initial = new Set([entry, ...preload]);
  const runtime = closure(byEntryPoint(RUNTIME)).filter((href) => !initial.has(href));
  const islands: Record<string, string[]> = {};
  // Widget chunks are the other dynamic entries: a file whose default export is the island named
  // like the file, or a module re-exporting several islands under their (PascalCase) names.
  for (const [name, output] of outputs) {
    if (!output.entryPoint || output.entryPoint === ENTRY || output.entryPoint === RUNTIME) continue;
    const names = output.exports.map((exported) => (exported === 'default' ? basename(output.entryPoint!, extname(output.entryPoint!)) : exported));
    const files = closure(hrefOf(name)).filter((href) => !initial.has(href) && !runtime.includes(href));
    for (const island of names.filter((candidate) => /^[A-Z][a-z]/.test(candidate))) islands[island] = files;
  }
  return { entry, preload, files, runtime, islands };
}

const ISLAND_ATTRIBUTE = /\sdata-island=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g;

/** Names of the islands a page's HTML contains. */
export function islandsInHtml(html: string): string[] {
  const names = new Set<string>();
  for (const match of html.matchAll(ISLAND_ATTRIBUTE)) names.add(match[1] ?? match[2] ?? match[3]!);
  return [...names];
}

/**
 * Gzipped bytes of JavaScript one page loads: the entry and its static imports when the page
 * references the entry; with any island, the hydration runtime; and each island's own chunks.
 */
export function measurePageJs(bundle: ClientBundle, html: string): number {
  if (!html.includes(bundle.entry)) return 0;
  const hrefs = new Set([bundle.entry, ...bundle.preload]);
  const islands = islandsInHtml(html);
  if (islands.length > 0) for (const href of bundle.runtime) hrefs.add(href);
  for (const name of islands) {
    for (const href of bundle.islands[name] ?? []) hrefs.add(href);
  }
  const sizes = new Map(bundle.files.map((file) => [file.href, file.gzipBytes]));
  let total = 0;
  for (const href of hrefs) total += sizes.get(href) ?? 0;
  return total;
}
