// The code `watch` runs, imported afresh from the project's sources (./fresh-import): the
// generator, the render code (templates) and the embedded backend's fixtures, each its own
// bundle so a template change re-imports only the templates. Also knows which files the client
// script is made of, for ./change-kind.
import { build } from 'esbuild';
import { join, resolve } from 'node:path';
import { checkoutCacheDir } from '../../bundling/checkout-cache.mjs';
import type { FixtureSet } from '../../cms/fixtures/types';
import { createFreshImporter, type FreshImporter, type FreshModule } from './fresh-import';
import type { RenderFn } from './page-store';

export type Pipeline = typeof import('./pipeline-entry');
type RenderModule = { renderPage: RenderFn };
type FixturesModule = { fixtures: FixtureSet };

/** Entries, relative to the project root. */
const PIPELINE_ENTRY = 'site/serve/watch/pipeline-entry.ts';
const RENDER_ENTRY = 'site/render/render-page.tsx';
const FIXTURES_ENTRY = 'site/cms/fixtures/index.ts';
/** The client script's entry, as site/output/client-bundle.ts bundles it. */
const CLIENT_ENTRY = 'templates/client/main.ts';

export interface DevModules {
  pipeline(): Promise<FreshModule<Pipeline>>;
  render(): Promise<FreshModule<RenderFn>>;
  fixtures(): Promise<FreshModule<FixtureSet>>;
  /** Source files of the client script (no bundle is written). */
  clientInputs(): Promise<Set<string>>;
  dispose(): Promise<void>;
}

export async function createDevModules(root: string): Promise<DevModules> {
  const importers: FreshImporter<unknown>[] = [];
  const importer = async <T>(entry: string, name: string) => {
    const created = await createFreshImporter<T>(root, entry, name);
    importers.push(created as FreshImporter<unknown>);
    return created;
  };
  const [pipeline, render, fixtures] = await Promise.all([
    importer<Pipeline>(PIPELINE_ENTRY, 'pipeline'),
    importer<RenderModule>(RENDER_ENTRY, 'render'),
    importer<FixturesModule>(FIXTURES_ENTRY, 'fixtures'),
  ]);
  return {
    pipeline: () => pipeline.load(),
    async render() {
      const loaded = await render.load();
      return { module: loaded.module.renderPage, inputs: loaded.inputs };
    },
    async fixtures() {
      const loaded = await fixtures.load();
      return { module: loaded.module.fixtures, inputs: loaded.inputs };
    },
    async clientInputs() {
      const result = await build({
        absWorkingDir: root,
        entryPoints: [resolve(root, CLIENT_ENTRY)],
        outdir: join(checkoutCacheDir(root), 'watch', 'client'),
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'browser',
        jsx: 'automatic',
        metafile: true,
        write: false,
        logLevel: 'silent',
      });
      return new Set(Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/')).map((input) => resolve(root, input)));
    },
    async dispose() {
      await Promise.all(importers.map((created) => created.dispose()));
    },
  };
}
