// sitemap.xml from the same page list the pages came from, with the `sitemap` package:
// every indexable page once, absolute URLs, xhtml:link alternates for translation pairs,
// changefreq per content type (site/model/route-table.ts, docs/site.md).
// Over 45,000 URLs it writes numbered sitemaps and a sitemap index (the protocol's limit is 50,000).
// A urlset written again after a few entries moved keeps the package's own earlier <url> elements
// of the entries that did not (docs/incremental.md, "Everything else").
import { hash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SitemapIndexStream, SitemapStream, streamToPromise, type EnumChangefreq, type SitemapItemLoose } from 'sitemap';
import { isIndexable, type Page } from '../model/page-model';

const PER_FILE = 45_000;
const URL_OPEN = '<url>';
const URL_CLOSE = '</url>';
const URLSET_CLOSE = '</urlset>';

/** The sitemap's entries, each with a key of its own, and the key of them all. */
export interface SitemapEntries {
  items: SitemapItemLoose[];
  /** What the sitemap's bytes follow from: the same key, the same files (a title edit changes none). */
  key: string;
  /** Per entry, a hash of everything its <url> element follows from; made when first asked for (a write). */
  readonly keys: readonly string[];
}

/** A single urlset as written before, and the keys of the entries it lists, in order. */
export interface WrittenUrlset {
  xml: string;
  keys: readonly string[];
}

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

export function sitemapEntries(pages: readonly Page[], siteUrl: string): SitemapEntries {
  const items = sitemapItems(pages, siteUrl);
  let keys: string[] | null = null;
  return {
    items,
    key: hash('sha256', JSON.stringify(items), 'base64url'),
    get keys() {
      return (keys ??= items.map((item) => hash('sha1', JSON.stringify(item), 'base64url')));
    },
  };
}

/**
 * The urlset's text. `previous` is the same writer's earlier urlset: its <url> element of an entry
 * whose key did not move is taken as it is (the package writes each element from its entry alone),
 * and only the other entries go through the package, with the first entry for the urlset's head.
 * A previous text that does not hold one element per key is not used. The entries are written into
 * the stream at once and its output collected with the package's `streamToPromise`: faster than
 * piping them item by item into a file stream (docs/benchmarks.md).
 */
async function urlset(items: readonly SitemapItemLoose[], keys: readonly string[], previous: WrittenUrlset | null): Promise<string> {
  const kept = previous ? elementsByKey(previous) : null;
  // The element of each entry taken from the previous urlset; the first entry is always written.
  const taken = keys.map((key, index) => (index > 0 && kept?.get(key)) || null);
  const fresh = kept ? items.filter((_, index) => !taken[index]) : items;
  const stream = new SitemapStream({ xmlns: { news: false, video: false, image: false, xhtml: true }, lastmodDateOnly: true });
  const written = streamToPromise(stream);
  for (const item of fresh) stream.write(item);
  stream.end();
  const xml = (await written).toString();
  if (!kept) return xml;
  const head = xml.slice(0, xml.indexOf(URL_OPEN));
  const made = xml.slice(head.length, xml.length - URLSET_CLOSE.length).split(URL_CLOSE);
  made.pop();
  let next = 0;
  const elements = taken.map((element) => element ?? made[next++] + URL_CLOSE);
  return head + elements.join('') + URLSET_CLOSE;
}

/** key → <url> element of a urlset this module wrote; null when its text does not match its keys. */
function elementsByKey({ xml, keys }: WrittenUrlset): Map<string, string> | null {
  const start = xml.indexOf(URL_OPEN);
  if (start < 0 || !xml.endsWith(URLSET_CLOSE)) return null;
  // An element ends at the first </url>: no text inside one can hold a '<' unescaped.
  const elements = xml.slice(start, xml.length - URLSET_CLOSE.length).split(URL_CLOSE);
  if (elements.pop() !== '' || elements.length !== keys.length) return null;
  const byKey = new Map<string, string>();
  keys.forEach((key, index) => byKey.set(key, elements[index] + URL_CLOSE));
  return byKey;
}

/** The files a write made, and when it is one urlset, its text (the `previous` of the next write). */
export interface WrittenSitemap {
  files: string[];
  urlset: WrittenUrlset | null;
}

/** Writes sitemap.xml (or an index and its parts) of `entries` into `outDir`. */
export async function writeSitemap(outDir: string, entries: SitemapEntries, siteUrl: string, previous: WrittenUrlset | null = null): Promise<WrittenSitemap> {
  const { items } = entries;
  if (items.length <= PER_FILE) {
    const { keys } = entries;
    const xml = await urlset(items, keys, previous);
    await writeFile(join(outDir, 'sitemap.xml'), xml);
    return { files: ['sitemap.xml'], urlset: { xml, keys } };
  }
  const names: string[] = [];
  for (let start = 0; start < items.length; start += PER_FILE) {
    const name = `sitemap-${names.length + 1}.xml`;
    await writeFile(join(outDir, name), await urlset(items.slice(start, start + PER_FILE), [], null));
    names.push(name);
  }
  const index = new SitemapIndexStream();
  const xml = streamToPromise(index);
  for (const name of names) index.write(`${siteUrl}/${name}`);
  index.end();
  await writeFile(join(outDir, 'sitemap.xml'), await xml);
  return { files: ['sitemap.xml', ...names], urlset: null };
}
