// `hotel-site build`: every stage once, in the order they run (docs/architecture.md), into a
// staging folder that replaces --out at the commit (./build-driver).
import { driveBuild, type BuildOptions } from './build-driver';
import { builtResult, upToDateResult, type BuildResult } from './build-result';
import { connect } from './stages/1-connect';

export type { BuildOptions, BuildResult };

export function build(options: BuildOptions): Promise<BuildResult> {
  return driveBuild(options, async ({ run, early, cache, warnings, timings }) => {
    const connected = await run(connect, early);
    const common = { endpoint: connected.client.endpoint, stats: connected.client.stats, warnings, timings };
    if (connected.upToDate) return upToDateResult({ ...common, jsPerPageType: connected.upToDate.jsPerPageType }, connected.upToDate.previous);
    // The generator (templates, React, the HTML sanitizer) is loaded only when there is something
    // to build: an up-to-date check stays a second.
    const stages = await import('./stages');
    const assets = await run(stages.assets, {});
    const fetched = await run(stages.fetch, connected);
    const routes = await run(stages.routes, fetched.content);
    const media = await run(stages.media, fetched);
    const site = await run(stages.siteData, { content: fetched.content, routes, media, assets: assets.assets });
    const rendered = await run(stages.render, { site, assets });
    await run(stages.extras, { pages: site.pages });
    await run(stages.commit, { site, assets, rendered });
    return builtResult({ ...common, jsPerPageType: rendered.jsPerPageType }, { site, assets, rendered, fullReason: cache.fullReason });
  });
}
