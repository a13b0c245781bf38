// The first build of `watch`: the stages a build runs (config, content connection, assets, content
// to site data, extras, commit into the output folder), every one from the freshly imported
// generator, the result kept in memory for the incremental rebuilds of ./dev-build. Pages are
// rendered on request and written in the background (./page-store), so the server is up as soon
// as the content is.
import { cacheAnswers } from '../../content/cached-client';
import { openContentSource, type ContentSource } from './content-source';
import { DevBuild, type DevBuildOptions } from './dev-build';
import { NormalizeMemo } from '../../content/normalize-memo';
import { createDevModules } from './dev-modules';
import type { PageStore } from './page-store';
import { silentReporter, type Reporter } from '../../reporter';

export async function startDevBuild(options: DevBuildOptions, store: PageStore): Promise<DevBuild> {
  const { root, outDir } = options;
  const modules = await createDevModules(root);
  let source: ContentSource | null = null;
  try {
    const { module: pipeline, inputs: pipelineInputs } = await modules.pipeline();
    const loaded = await pipeline.loadConfig({ configFile: options.configFile, cwd: root });
    const config = pipeline.resolveConfig(loaded.config, options.overrides, process.env);
    const embedded = !config.content.endpoint;
    const [render, fixtures, clientInputs] = await Promise.all([modules.render(), embedded ? modules.fixtures() : null, modules.clientInputs()]);
    // Each rebuild prepares the content again: say each warning once.
    const reporter: Reporter = { ...silentReporter, info: options.log, warn: pipeline.sayOnce((message) => options.log(`warning: ${message}`)) };
    source = await openContentSource({ pipeline, config, fixtures: fixtures?.module ?? null, extraItems: options.extraItems, reporter });
    const cache = cacheAnswers(source.connection.client);
    const memo = { normalize: new NormalizeMemo(), sitemap: null };

    const staging = await pipeline.createStaging(outDir);
    const context = pipeline.stageContext({ config, reporter, warn: reporter.warn, outDir: staging.dir, staging, memo, sessionMediaDir: source.mediaCacheDir });
    let dev: DevBuild;
    try {
      const assets = await pipeline.runStage(context, pipeline.assets, {});
      const prepared = await pipeline.prepareSite(context, { client: cache.client, assets: assets.assets });
      await pipeline.runStage(context, pipeline.extras, { pages: prepared.pages });
      const graph = { config: new Set(loaded.dependencies), pipeline: pipelineInputs, fixtures: fixtures?.inputs ?? new Set<string>(), render: render.inputs, client: clientInputs };
      const state = { pipeline, render: render.module, fixtures: fixtures?.module ?? null, config, assets, prepared, graph };
      dev = new DevBuild(options, modules, store, state, source, cache, reporter, memo);
      await pipeline.runStage(context, pipeline.commit, { site: prepared, assets });
    } catch (error) {
      await staging.abort();
      throw error;
    }
    dev.publish(dev.state);
    return dev;
  } catch (error) {
    await source?.close();
    await modules.dispose();
    throw error;
  }
}
