// site data: what every page of a language shares (UI strings, menu, notifications, assets, the
// clock), and each language's island settings file. Watch runs it again alone when only the UI
// strings or the assets changed.
import { createContentIndex } from '../content/content-index';
import type { FetchedContent } from '../content/fetch-content';
import type { Locale } from '../model/content-types';
import type { DownloadStats } from '../media/download-media';
import { writeIslandSettings } from '../output/island-settings';
import type { Assets, Page, SiteContext } from '../model/page-model';
import { buildMenu, linkSettings, loadMessages, resolveTiles, siteContexts, type SiteData } from '../render/site-data';
import type { RouteMap } from './4-routes';
import type { LocalMedia } from './5-media';
import type { Stage } from './stage';

export interface SiteDataInput {
  content: FetchedContent;
  routes: RouteMap;
  media: LocalMedia;
  assets: Assets;
}

/** Everything a page needs before it can be rendered. */
export interface PreparedSite {
  pages: Page[];
  /** The shared data of every language, plain (for render workers). */
  data: SiteData;
  sites: Map<Locale, SiteContext>;
  content: FetchedContent;
  routes: RouteMap;
  media: DownloadStats;
  /** The previous output's media folder, to take over at the swap (a build with a previous output). */
  mediaAdoption: LocalMedia['adoption'];
}

export const siteData: Stage<SiteDataInput, PreparedSite> = {
  name: 'site data',
  shown: false,
  async run(context, { content, routes, media, assets }) {
    const now = context.now ?? new Date();
    const data: SiteData = { config: context.config, assets, now, linkable: routes.linkable, locales: new Map() };
    // Links are checked when pages render, by then every language's UI strings are loaded.
    const index = createContentIndex(routes.linkable, linkSettings(data));
    resolveTiles(content, index);
    for (const locale of context.config.locales.all) {
      // A broken locale file fails here, naming the file, line and column (site/render/locale-files.ts).
      const messages = await loadMessages(locale);
      data.locales.set(locale, { messages, menu: buildMenu(locale, content, index, messages, now), notifications: content.notifications.get(locale) ?? [] });
    }
    const sites = siteContexts(data, index);
    await writeIslandSettings(context.outDir, sites);
    context.memo?.normalize.commit();
    return { pages: routes.pages, data, sites, content, routes, media: media.stats, mediaAdoption: media.adoption };
  },
};
