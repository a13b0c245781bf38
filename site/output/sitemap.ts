// sitemap.xml from the same page list the pages came from, with the `sitemap` package:
// every indexable page once, absolute URLs, xhtml:link alternates for translation pairs,
// changefreq per content type (site/model/route-table.ts, docs/site.md).
// Over 45,000 URLs it writes numbered sitemaps and a sitemap index (the protocol's limit is 50,000).
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SitemapIndexStream, SitemapStream, streamToPromise, type EnumChangefreq, type SitemapItemLoose } from 'sitemap';
import { isIndexable, type Page } from '../model/page-model';

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

/** What the sitemap's bytes follow from: the same key, the same files (a title edit changes none). */
export function sitemapKey(items: readonly SitemapItemLoose[]): string {
  return createHash('sha256').update(JSON.stringify(items)).digest('base64url');
}

/**
 * One urlset file. The items are written into the stream at once and its output collected with
 * the package's `streamToPromise` (at most 45,000 URLs): faster than piping `Readable.from` item
 * by item into a file stream (docs/benchmarks.md).
 */
async function writeUrlset(file: string, items: SitemapItemLoose[]): Promise<void> {
  const stream = new SitemapStream({ xmlns: { news: false, video: false, image: false, xhtml: true }, lastmodDateOnly: true });
  const xml = streamToPromise(stream);
  for (const item of items) stream.write(item);
  stream.end();
  await writeFile(file, await xml);
}

/** Writes sitemap.xml (or an index and its parts) of `items` (sitemapItems) into `outDir`; returns the files written. */
export async function writeSitemap(outDir: string, items: SitemapItemLoose[], siteUrl: string): Promise<string[]> {
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
  const index = new SitemapIndexStream();
  const xml = streamToPromise(index);
  for (const name of names) index.write(`${siteUrl}/${name}`);
  index.end();
  await writeFile(join(outDir, 'sitemap.xml'), await xml);
  return ['sitemap.xml', ...names];
}
