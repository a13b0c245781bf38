// extras: the files besides the pages — sitemap.xml from the same page list the pages came from,
// robots.txt, the security headers for static hosts and the root's redirect.
import { writeStaticExtras } from '../output/site-files';
import { sitemapItems, writeSitemap } from '../output/sitemap';
import type { Page } from '../model/page-model';
import type { Stage } from './stage';

export interface ExtrasInput {
  /** The pages the sitemap lists; null before there is content (preview's start): no sitemap yet. */
  pages: readonly Page[] | null;
}

export const extras: Stage<ExtrasInput, void> = {
  name: 'extras',
  shown: true,
  async run(context, { pages }) {
    const { config, memo } = context;
    // A driver that writes again into the same folder skips a sitemap that lists the same pages.
    const key = memo && pages ? JSON.stringify(sitemapItems(pages, config.siteUrl)) : null;
    const sitemap = async () => {
      if (!pages || (key !== null && key === memo!.sitemap)) return;
      if (memo) memo.sitemap = null;
      await writeSitemap(context.outDir, pages, config.siteUrl);
      if (memo) memo.sitemap = key;
    };
    await Promise.all([sitemap(), writeStaticExtras(context.outDir, config)]);
  },
};
