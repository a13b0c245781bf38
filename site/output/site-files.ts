// The files besides the pages, as every driver writes them (docs/architecture.md): the "assets"
// stage (hashed stylesheet, client bundle, the theme's public files) and the "extras" stage
// (sitemap, robots.txt, the security headers for static hosts, the root's redirect). `build`,
// `preview` and `watch` call these same functions, so hashed names and bytes match everywhere.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResolvedConfig } from '../config/define-config';
import type { Assets, Page } from '../render/page-model';
import { routeById } from '../routes/route-table';
import { hrefOfPath } from '../routes/url-to-file';
import { bundleClient, type ClientBundle } from './client-bundle';
import { copyPublicFiles } from './public-files';
import { robotsTxt } from './robots';
import { headersFile } from './security-headers';
import { rootRedirectHtml } from './root-redirect';
import { writeSitemap } from './sitemap';
import { bundleStyles, type StylesheetResult } from './styles';

export interface BuiltAssets {
  assets: Assets;
  stylesheet: StylesheetResult;
  client: ClientBundle;
  /** Every file written, relative to the folder. */
  files: string[];
}

/** Stylesheet, client bundle and the theme's public files into `dir`, minified. */
export async function writeAssets(dir: string): Promise<BuiltAssets> {
  const [stylesheet, client, publicFiles] = await Promise.all([bundleStyles(dir), bundleClient({ outDir: dir, minify: true }), copyPublicFiles(dir)]);
  const files = [stylesheet.href, ...client.files.map((file) => file.href)].map((href) => href.slice(1)).concat(publicFiles);
  return { assets: { stylesheet: stylesheet.href, script: client.entry, preload: client.preload }, stylesheet, client, files };
}

/** robots.txt, the security headers for static hosts and the root's redirect to the default language's home. */
export async function writeStaticExtras(dir: string, config: ResolvedConfig): Promise<void> {
  await writeFile(join(dir, 'robots.txt'), robotsTxt(config.siteUrl));
  await writeFile(join(dir, '_headers'), headersFile(config));
  await writeFile(join(dir, 'index.html'), rootRedirectHtml(hrefOfPath(routeById('home')!.paths[config.locales.default]), config.siteUrl));
}

/** The extras stage of a build: the sitemap of `pages` and the static extras. */
export async function writeExtras(dir: string, config: ResolvedConfig, pages: readonly Page[]): Promise<void> {
  await Promise.all([writeSitemap(dir, pages, config.siteUrl), writeStaticExtras(dir, config)]);
}
