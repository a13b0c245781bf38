import { join } from 'node:path';

export const SITE_URL = 'https://www.schloss-storchenau.de';
// Under node_modules/.astro, so a cold build (which removes that folder) starts without it.
// process.cwd(), not import.meta.url: pages run from bundled chunks elsewhere. Build from the project folder.
export const SITEMAP_META_FILE = join(process.cwd(), 'node_modules/.astro/astro-compare-sitemap.json');
