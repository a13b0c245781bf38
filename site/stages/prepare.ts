// The content side of the pipeline as preview and watch run it again, once per content snapshot
// or change: the same stage objects a build runs, in the same order.
import type { Assets } from '../model/page-model';
import { fetch, type FetchInput } from './3-fetch';
import { routes } from './4-routes';
import { media } from './5-media';
import { siteData, type PreparedSite } from './6-site-data';
import { runStage, type DriverContext } from './stage';

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
