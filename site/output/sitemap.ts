// sitemap.xml from the same page list the pages came from: every indexable page once, absolute
// URLs, xhtml:link alternates for translation pairs, changefreq per content type
// (site/model/route-table.ts, docs/site.md). A urlset is written here as the `sitemap` package
// writes one, byte for byte (tests/unit/output/sitemap.test.ts compares the two): its stream
// parses every URL again and passes each element through several stream steps, the slowest part of
// a one-edit rebuild's extras. Over 45,000 URLs it writes numbered sitemaps and a sitemap index
// (the protocol's limit is 50,000), with the package.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SitemapIndexStream, streamToPromise, type EnumChangefreq, type SitemapItemLoose } from 'sitemap';
import { isIndexable, type Page } from '../model/page-model';

const PER_FILE = 45_000;

export function sitemapItems(pages: readonly Page[], siteUrl: string): Item[] {
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

/** Our sitemap items: an absolute URL, a changefreq, maybe a lastmod day, the alternates. */
type Item = SitemapItemLoose & { links: { lang: string; url: string }[] };

const URLSET_START = '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">';

/** One urlset, as the package's SitemapStream (xhtml namespace only, lastmod as a day) writes it. */
export function urlsetXml(items: readonly Item[]): string {
  let xml = URLSET_START;
  for (const item of items) {
    xml += `<url><loc>${text(absolute(item.url))}</loc>`;
    if (item.lastmod) xml += `<lastmod>${text(day(String(item.lastmod)))}</lastmod>`;
    if (item.changefreq) xml += `<changefreq>${text(item.changefreq)}</changefreq>`;
    for (const link of item.links) xml += `<xhtml:link rel="alternate" hreflang="${attribute(link.lang)}" href="${attribute(absolute(link.url))}"/>`;
    xml += '</url>';
  }
  return `${xml}</urlset>`;
}

/**
 * The URL as the WHATWG parser serializes it, which the package writes. Our hrefs are encoded
 * segment by segment, so they serialize as they are; the parser is asked only for what it might
 * spell otherwise: a host with capitals, a port or a numeric last label, a dot segment.
 */
function absolute(url: string): string {
  return AS_SERIALIZED.test(url) && !DOT_SEGMENT.test(url) ? url : new URL(url).href;
}

const AS_SERIALIZED = /^https?:\/\/(?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*\/[A-Za-z0-9\-_.!~*'()%/]*$/;
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:\/|$)/i;

/** lastmod as the package writes it with `lastmodDateOnly`; a site has a few hundred distinct days. */
const days = new Map<string, string>();

function day(lastmod: string): string {
  let known = days.get(lastmod);
  if (known === undefined) days.set(lastmod, (known = new Date(lastmod).toISOString().slice(0, 10)));
  return known;
}

// The package's escaping: text escapes &, < and >, an attribute also quotes; characters XML does
// not allow are dropped.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\uD800-\uDFFF\p{NChar}]/gu;

function text(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(NOT_XML, '');
}

function attribute(value: string): string {
  return text(value).replace(/'/g, '&apos;').replace(/"/g, '&quot;');
}

/** Writes sitemap.xml (or an index and its parts) into `outDir`; returns the files written. */
export async function writeSitemap(outDir: string, pages: readonly Page[], siteUrl: string): Promise<string[]> {
  const items = sitemapItems(pages, siteUrl);
  if (items.length <= PER_FILE) {
    await writeFile(join(outDir, 'sitemap.xml'), urlsetXml(items));
    return ['sitemap.xml'];
  }
  const names: string[] = [];
  for (let start = 0; start < items.length; start += PER_FILE) {
    const name = `sitemap-${names.length + 1}.xml`;
    await writeFile(join(outDir, name), urlsetXml(items.slice(start, start + PER_FILE)));
    names.push(name);
  }
  const index = new SitemapIndexStream();
  const xml = streamToPromise(index);
  for (const name of names) index.write(`${siteUrl}/${name}`);
  index.end();
  await writeFile(join(outDir, 'sitemap.xml'), await xml);
  return ['sitemap.xml', ...names];
}
