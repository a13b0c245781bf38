// Loads site.config.ts the way Vite does on Node 20 (vite/src/node/config.ts, loadConfigFromBundledFile):
// Node cannot import TypeScript, so esbuild bundles the file (packages stay external), the result is
// written to a uniquely named .mjs beside the config, so bare imports resolve from the project's
// node_modules and each load gets a new URL (Node caches modules by URL, and watch mode reloads),
// and the temporary file is deleted again in `finally`. The metafile lists every file the config
// imported, which watch mode watches.
import { readFile, stat } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildFailure, type Loader, type Plugin } from 'esbuild';
import { formatBuildMessages, importBundle, nodeBundleOptions } from '../bundling/node-bundle.mjs';
import { projectPath } from '../project-root';
import { ConfigError } from '../errors';
import type { SiteConfig } from './define-config';
import { displayPath, validateConfig } from './validate-config';

export const CONFIG_FILE_NAME = 'site.config.ts';

export interface LoadConfigOptions {
  /** Path of the config file, relative to cwd (default: site.config.ts). */
  configFile?: string;
  /** Default: process.cwd(). */
  cwd?: string;
}

export interface LoadedConfig {
  config: SiteConfig;
  /** Absolute path of the config file. */
  file: string;
  /** Absolute paths of every local file the config consists of, the config file included. */
  dependencies: string[];
}

export async function loadConfig(options: LoadConfigOptions = {}): Promise<LoadedConfig> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const file = resolve(cwd, options.configFile ?? CONFIG_FILE_NAME);
  const shown = displayPath(file, cwd);
  if (!(await stat(file).catch(() => null))?.isFile()) {
    throw new ConfigError(`Config file not found: ${shown}`, {
      hint: options.configFile === undefined ? `Create ${CONFIG_FILE_NAME} in ${cwd}, or pass --config <file>.` : 'Check the path given to --config.',
    });
  }
  const { code, dependencies } = await bundle(file, cwd);
  const exports = await importBundled(file, code, shown);
  if (exports.default === undefined) {
    throw new ConfigError(`${shown} has no default export`, { hint: 'End the file with: export default defineConfig({ ... });' });
  }
  return { config: withAbsolutePaths(validateConfig(exports.default, file, cwd), file), file, dependencies };
}

/** Paths in the config are relative to its folder; from here on they are absolute. */
function withAbsolutePaths(config: SiteConfig, file: string): SiteConfig {
  const tokenFile = config.content?.tokenFile;
  return tokenFile === undefined ? config : { ...config, content: { ...config.content, tokenFile: resolve(dirname(file), tokenFile) } };
}

async function bundle(file: string, cwd: string): Promise<{ code: string; dependencies: string[] }> {
  const workingDir = dirname(file);
  try {
    const result = await build(
      nodeBundleOptions(projectPath(), [file], {
        absWorkingDir: workingDir,
        absPaths: ['log', 'metafile'],
        metafile: true as const,
        write: false as const,
        sourcemap: 'inline' as const,
        define: { 'import.meta.url': IMPORT_META_URL, 'import.meta.dirname': IMPORT_META_DIRNAME, 'import.meta.filename': IMPORT_META_FILENAME },
        plugins: [injectFileScope],
      }),
    );
    const dependencies = Object.keys(result.metafile.inputs).map((input) => resolve(workingDir, input));
    return { code: result.outputFiles[0]!.text, dependencies };
  } catch (error) {
    const messages = (error as Partial<BuildFailure>).errors;
    if (!messages) throw error;
    const lines = formatBuildMessages(messages, (at) => displayPath(resolve(workingDir, at), cwd)).replace(/^/gm, '  ');
    throw new ConfigError(`Could not compile ${displayPath(file, cwd)}\n${lines}`, { cause: error, hint: 'Fix the error at the position shown (a syntax error or an import that does not resolve).' });
  }
}

async function importBundled(file: string, code: string, shown: string): Promise<Record<string, unknown>> {
  try {
    return (await importBundle(`${file}.timestamp-${Date.now()}-${Math.random().toString(16).slice(2)}.mjs`, code)) as Record<string, unknown>;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`${shown} threw an error while loading: ${reason}`, { cause: error, hint: 'Run with --verbose for the stack trace.' });
  }
}

// The bundle runs from the temporary file, so import.meta in any bundled module would describe that
// file; esbuild's `define` points it at constants injected per module with the module's own path.
const IMPORT_META_URL = '__hotel_site_import_meta_url';
const IMPORT_META_DIRNAME = '__hotel_site_import_meta_dirname';
const IMPORT_META_FILENAME = '__hotel_site_import_meta_filename';
const LOADERS: Record<string, Loader> = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js', '.cjs': 'js', '.jsx': 'jsx' };

const injectFileScope: Plugin = {
  name: 'inject-file-scope',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async ({ path }) => {
      const contents = await readFile(path, 'utf8');
      if (!contents.includes('import.meta')) return { contents, loader: LOADERS[extname(path)] ?? 'js' };
      // Prepended on the same line so line numbers in error messages stay right.
      const values =
        `const ${IMPORT_META_URL} = ${JSON.stringify(pathToFileURL(path).href)};` +
        `const ${IMPORT_META_DIRNAME} = ${JSON.stringify(dirname(path))};` +
        `const ${IMPORT_META_FILENAME} = ${JSON.stringify(path)};`;
      return { contents: values + contents, loader: LOADERS[extname(path)] ?? 'js' };
    });
  },
};
