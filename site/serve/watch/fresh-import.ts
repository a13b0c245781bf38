// Importing the newest version of TypeScript modules into the running `watch` process. Node caches
// modules by URL and cannot import TypeScript, so (as Vite does for its config) an esbuild context
// bundles the entry as the bin does (site/bundling/node-bundle.mjs), the result is written to a uniquely
// named .mjs inside the checkout's cache folder (site/bundling/checkout-cache.mjs; bare imports resolve from
// the project) and imported by file URL, then deleted. Incremental esbuild contexts make the
// rebuild itself a few tens of milliseconds. React and every other package stay one shared
// instance: they are external.
import { mkdir } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { context, type BuildFailure, type Message } from 'esbuild';
import { checkoutCacheDir } from '../../bundling/checkout-cache.mjs';
import { formatBuildMessages, importBundle, nodeBundleOptions } from '../../bundling/node-bundle.mjs';

export interface FreshModule<T> {
  module: T;
  /** Absolute paths of every source file the bundle was made of. */
  inputs: Set<string>;
}

export interface FreshImporter<T> {
  load(): Promise<FreshModule<T>>;
  dispose(): Promise<void>;
}

/** A compile error with the positions esbuild reported, printed as file:line:column. */
export class CompileError extends Error {
  constructor(
    message: string,
    readonly files: string[],
  ) {
    super(message);
    this.name = 'CompileError';
  }
}

let sequence = 0;

export async function createFreshImporter<T>(root: string, entry: string, name: string): Promise<FreshImporter<T>> {
  const cacheDir = join(checkoutCacheDir(root), 'watch');
  await mkdir(cacheDir, { recursive: true });
  const ctx = await context(
    nodeBundleOptions(root, [resolve(root, entry)], {
      outfile: join(cacheDir, `${name}.mjs`),
      // Stack traces of template errors point at the sources (the bin enables source maps). A map
      // file rather than an inline one: Node keeps every imported module's source text for good,
      // and an inline map would triple what each rebuild leaves behind. Stack traces need only the
      // mappings, not the sources' text: a third of the map, and the fixtures' rebuild 33–49 →
      // 16–29 ms.
      sourcemap: 'linked' as const,
      sourcesContent: false,
      metafile: true as const,
      write: false as const,
    }),
  );

  return {
    async load() {
      let result;
      try {
        result = await ctx.rebuild();
      } catch (error) {
        const messages = (error as Partial<BuildFailure>).errors;
        if (!messages) throw error;
        throw new CompileError(formatMessages(messages, root), messages.map((message) => message.location?.file).filter((file) => file !== undefined));
      }
      const file = join(cacheDir, `${name}.${process.pid}-${Date.now()}-${++sequence}.mjs`);
      const code = result.outputFiles.find((output) => output.path.endsWith('.mjs'))!.text;
      const map = result.outputFiles.find((output) => output.path.endsWith('.map'));
      // The map comment names the outfile; this copy has its own name.
      const module = (await importBundle(file, code.replace(/\/\/# sourceMappingURL=\S+\s*$/, `//# sourceMappingURL=${basename(file)}.map\n`), map?.contents)) as T;
      return { module, inputs: new Set(Object.keys(result.metafile.inputs).map((input) => resolve(root, input))) };
    },
    dispose: () => ctx.dispose(),
  };
}

export function formatMessages(messages: readonly Message[], root: string): string {
  return formatBuildMessages(messages, (file) => relative(root, resolve(root, file)));
}
