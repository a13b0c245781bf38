// extras: the files besides the pages — sitemap.xml from the same page list the pages came from,
// robots.txt, the security headers for static hosts and the root's redirect.
import { writeStaticExtras } from '../output/site-files';
import { sitemapItems, writeSitemap } from '../output/sitemap';
import type { Page } from '../render/page-model';
import type { Stage } from './stage';

export const extras: Stage<{ pages: readonly Page[] }, void> = {
  name: 'extras',
  shown: true,
  async run(context, { pages }) {
    const { config, memo } = context;
    // A driver that writes again into the same folder skips a sitemap that lists the same pages.
    const key = memo ? JSON.stringify(sitemapItems(pages, config.siteUrl)) : null;
    const sitemap = async () => {
      if (key !== null && key === memo!.sitemap) return;
      if (memo) memo.sitemap = null;
      await writeSitemap(context.outDir, pages, config.siteUrl);
      if (memo) memo.sitemap = key;
    };
    await Promise.all([sitemap(), writeStaticExtras(context.outDir, config)]);
  },
};
