// The files besides the pages that preview and watch serve from their folders, written as
// site/build.ts's "assets" and "extras" stages write them (same functions, same arguments), so
// hashed asset names and every byte match the build's. The sitemap follows the content and is
// written wherever the pages change (output/sitemap.ts).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResolvedConfig } from '../config/define-config';
import { bundleClient, type ClientBundle } from '../output/client-bundle';
import { copyPublicFiles } from '../output/public-files';
import { robotsTxt } from '../output/robots';
import { headersFile } from '../output/security-headers';
import { rootRedirectHtml } from '../output/root-redirect';
import { bundleStyles, type StylesheetResult } from '../output/styles';
import type { Assets } from '../render/page-model';
import { routeById } from '../routes/route-table';
import { hrefOfPath } from '../routes/url-to-file';

export interface BuiltAssets {
  assets: Assets;
  stylesheet: StylesheetResult;
  client: ClientBundle;
}

/** Stylesheet, client bundle and the theme's public files into `dir`, minified as the build does. */
export async function writeAssets(dir: string): Promise<BuiltAssets> {
  const [stylesheet, client] = await Promise.all([bundleStyles(dir), bundleClient({ outDir: dir, minify: true }), copyPublicFiles(dir)]);
  return { assets: { stylesheet: stylesheet.href, script: client.entry, preload: client.preload }, stylesheet, client };
}

/** robots.txt, the security headers for static hosts and the root's redirect to the default language's home. */
export async function writeStaticExtras(dir: string, config: ResolvedConfig): Promise<void> {
  await writeFile(join(dir, 'robots.txt'), robotsTxt(config.siteUrl));
  await writeFile(join(dir, '_headers'), headersFile(config));
  await writeFile(join(dir, 'index.html'), rootRedirectHtml(hrefOfPath(routeById('home')!.paths[config.locales.default]), config.siteUrl));
}

