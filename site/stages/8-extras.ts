// extras: the files besides the pages — sitemap.xml from the same page list the pages came from,
// robots.txt, the security headers for static hosts and the root's redirect.
import { writeStaticExtras } from '../output/site-files';
import { sitemapEntries, writeSitemap, type WrittenUrlset } from '../output/sitemap';
import type { Page } from '../model/page-model';
import type { Stage } from './stage';

export interface ExtrasInput {
  /** The pages the sitemap lists; null before there is content (preview's start): no sitemap yet. */
  pages: readonly Page[] | null;
}

export interface Extras {
  /** The sitemap is the previous output's, linked: it lists the same pages (a build). */
  sitemapKept: boolean;
}

export const extras: Stage<ExtrasInput, Extras> = {
  name: 'extras',
  shown: true,
  async run(context, { pages }) {
    const { config, memo, cache } = context;
    const sitemap = async (): Promise<boolean> => {
      if (!pages) return false;
      const entries = sitemapEntries(pages, config.siteUrl);
      const write = (previous: WrittenUrlset | null) => writeSitemap(context.outDir, entries, config.siteUrl, previous);
      // A build takes the previous output's sitemap when it lists the same pages; a driver that
      // writes again into the same folder (preview, watch) skips it. Either writes a sitemap again
      // from the elements of the last one that did not change.
      if (cache) return cache.sitemap(context.outDir, entries, write);
      const last = memo?.sitemap ?? null;
      if (last?.key === entries.key) return false;
      if (memo) memo.sitemap = null;
      const { urlset } = await write(last?.urlset ?? null);
      if (memo) memo.sitemap = { key: entries.key, urlset };
      return false;
    };
    const [sitemapKept] = await Promise.all([sitemap(), writeStaticExtras(context.outDir, config)]);
    return { sitemapKept };
  },
  detail: ({ sitemapKept }) => (sitemapKept ? 'sitemap as the last build wrote it' : ''),
};
