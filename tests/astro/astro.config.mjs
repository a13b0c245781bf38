// Astro 5, static output, no adapter. The only integration is @astrojs/sitemap.
import { defineConfig } from 'astro/config';
import sitemap from '@astrojs/sitemap';
import { readFileSync } from 'node:fs';
import { SITE_URL, SITEMAP_META_FILE } from './src/lib/constants.mjs';

// Written by src/lib/cms.mjs while the pages are built: per URL its hreflang alternates,
// lastmod and changefreq (the paths differ per language, so sitemap's i18n option cannot pair them).
let meta;
function sitemapMeta() {
  if (!meta) {
    try {
      meta = JSON.parse(readFileSync(SITEMAP_META_FILE, 'utf8'));
    } catch {
      meta = {};
    }
  }
  return meta;
}

export default defineConfig({
  site: SITE_URL,
  output: 'static',
  trailingSlash: 'always',
  build: { format: 'directory' },
  integrations: [
    sitemap({
      filter: (page) => !/\/404\/?$/.test(page) && page !== `${SITE_URL}/`,
      serialize(item) {
        const m = sitemapMeta()[item.url];
        if (m) {
          item.lastmod = m.lastmod;
          item.changefreq = m.changefreq;
          item.links = m.links;
        }
        return item;
      },
    }),
  ],
});
