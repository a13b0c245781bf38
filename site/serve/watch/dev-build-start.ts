// The first build of `watch`: like `hotel-site build` (config, content connection, hashed assets,
// prepared content, extras, written into a staging folder that replaces the output folder), but
// every stage comes from the freshly imported generator and the result stays in memory for the
// incremental rebuilds of ./dev-build. Pages are rendered on request and written in the
// background (./page-store), so the server is up as soon as the content is.
import { cacheAnswers } from '../../content/cached-client';
import { openContentSource, type ContentSource } from './content-source';
import { DevBuild, prepareContent, type DevBuildOptions } from './dev-build';
import { createSitemapSync } from './sitemap-sync';
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
    const warned = new Set<string>();
    const reporter: Reporter = {
      ...silentReporter,
      info: options.log,
      warn(message) {
        if (!warned.has(message)) options.log(`warning: ${message}`);
        warned.add(message);
      },
    };
    source = await openContentSource({ pipeline, config, fixtures: fixtures?.module ?? null, extraItems: options.extraItems, reporter });
    const cache = cacheAnswers(source.connection.client);

    const staging = await pipeline.createStaging(outDir);
    let dev: DevBuild;
    try {
      const { assets } = await pipeline.writeAssets(staging.dir);
      const graph = {
        config: new Set(loaded.dependencies),
        pipeline: pipelineInputs,
        fixtures: fixtures?.inputs ?? new Set<string>(),
        render: render.inputs,
        client: clientInputs,
      };
      const base = { pipeline, render: render.module, fixtures: fixtures?.module ?? null, config, assets, graph };
      const memo = new NormalizeMemo();
      const prepared = await prepareContent(base, cache.client, staging.dir, reporter, memo, source.mediaCacheDir);
      const sitemap = createSitemapSync();
      await Promise.all([sitemap.update(pipeline, staging.dir, prepared.pages, config.siteUrl), pipeline.writeStaticExtras(staging.dir, config)]);
      dev = new DevBuild(options, modules, store, { ...base, prepared }, source, cache, reporter, sitemap, memo);
      await staging.commit();
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
