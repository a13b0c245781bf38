// sitemap.xml from the same page list the pages came from (STYLE.md), with the `sitemap` package:
// every indexable page once, absolute URLs, xhtml:link alternates for translation pairs,
// changefreq per SPEC.
// Over 45,000 URLs it writes numbered sitemaps and a sitemap index (the protocol's limit is 50,000).
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { SitemapIndexStream, SitemapStream, type EnumChangefreq, type SitemapItemLoose } from 'sitemap';
import { isIndexable, type Page } from '../render/page-model';

const PER_FILE = 45_000;

export function sitemapItems(pages: readonly Page[], siteUrl: string): SitemapItemLoose[] {
  return pages
    .filter(isIndexable)
    .map((page) => {
      const alternates = Object.entries(page.alternates);
      return {
        url: siteUrl + page.href,
        changefreq: page.changefreq as EnumChangefreq,
        ...(page.lastmod ? { lastmod: page.lastmod } : {}),
        links: alternates.length > 1 ? alternates.map(([lang, href]) => ({ lang, url: siteUrl + href })) : [],
      };
    });
}

async function writeUrlset(file: string, items: SitemapItemLoose[]): Promise<void> {
  const stream = new SitemapStream({ xmlns: { news: false, video: false, image: false, xhtml: true }, lastmodDateOnly: true });
  await pipeline(Readable.from(items), stream, createWriteStream(file));
}

/** Writes sitemap.xml (or an index and its parts) into `outDir`; returns the files written. */
export async function writeSitemap(outDir: string, pages: readonly Page[], siteUrl: string): Promise<string[]> {
  const items = sitemapItems(pages, siteUrl);
  if (items.length <= PER_FILE) {
    await writeUrlset(join(outDir, 'sitemap.xml'), items);
    return ['sitemap.xml'];
  }
  const names: string[] = [];
  for (let start = 0; start < items.length; start += PER_FILE) {
    const name = `sitemap-${names.length + 1}.xml`;
    await writeUrlset(join(outDir, name), items.slice(start, start + PER_FILE));
    names.push(name);
  }
  await pipeline(Readable.from(names.map((name) => `${siteUrl}/${name}`)), new SitemapIndexStream(), createWriteStream(join(outDir, 'sitemap.xml')));
  return ['sitemap.xml', ...names];
}
