// The stages in the order they run (docs/architecture.md). Every driver runs these same objects:
// build all of them once (site/build.ts), preview and watch the ones their requests and changes need.
import type { Assets } from '../render/page-model';
import { fetch, type FetchInput } from './3-fetch';
import { media } from './5-media';
import { routes } from './4-routes';
import { siteData, type PreparedSite } from './6-site-data';
import { runStage, type DriverContext } from './stage';

export { connect } from './1-connect';
export { assets, type BuiltAssets } from './2-assets';
export { fetch, routes, media, siteData };
export type { PreparedSite };
export { render } from './7-render';
export { extras } from './8-extras';
export { commit } from './9-commit';
export { runStage, sayOnce, stageContext, type DriverContext, type DriverMemo } from './stage';

/**
 * fetch → routes → media → site data, as preview (each content snapshot) and watch (each content
 * change) run them again; what a failed stage left running is stopped.
 */
export async function prepareSite(context: DriverContext, input: FetchInput & { assets: Assets }): Promise<PreparedSite> {
  try {
    const fetched = await runStage(context, fetch, input);
    const map = await runStage(context, routes, fetched.content);
    const local = await runStage(context, media, fetched);
    return await runStage(context, siteData, { content: fetched.content, routes: map, media: local, assets: input.assets });
  } catch (error) {
    await context.failed();
    throw error;
  }
}
