// The files besides the pages that need no content: the assets (hashed stylesheet, client
// bundle, the theme's public files) and the static extras (robots.txt, the security headers for
// static hosts, the root's redirect). The assets and extras stages (site/stages/) write them.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResolvedConfig } from '../config/define-config';
import type { Assets } from '../model/page-model';
import { routeById } from '../model/route-table';
import { hrefOfPath } from '../routes/url-to-file';
import { bundleClient, type ClientBundle } from './client-bundle';
import { copyPublicFiles } from './public-files';
import { robotsTxt } from './robots';
import { headersFile } from './security-headers';
import { rootRedirectHtml } from './root-redirect';
import { bundleStyles, type StylesheetResult } from './styles';

export interface BuiltAssets {
  assets: Assets;
  stylesheet: StylesheetResult;
  client: ClientBundle;
  /** The theme's public files, relative to the folder. */
  publicFiles: string[];
  /** Every file written, relative to the folder. */
  files: string[];
}

export type AssetPart = 'styles' | 'client' | 'public';

/**
 * Stylesheet, client bundle and the theme's public files into `dir`, minified; with `only`, just
 * those parts, the others taken from `previous`.
 */
export async function writeAssets(dir: string, only?: ReadonlySet<AssetPart>, previous?: BuiltAssets): Promise<BuiltAssets> {
  const make = (part: AssetPart) => !only || !previous || only.has(part);
  const [stylesheet, client, publicFiles] = await Promise.all([
    make('styles') ? bundleStyles(dir) : previous!.stylesheet,
    make('client') ? bundleClient({ outDir: dir, minify: true }) : previous!.client,
    make('public') ? copyPublicFiles(dir) : previous!.publicFiles,
  ]);
  const files = [stylesheet.href, ...client.files.map((file) => file.href)].map((href) => href.slice(1)).concat(publicFiles);
  return { assets: { stylesheet: stylesheet.href, script: client.entry, preload: client.preload }, stylesheet, client, publicFiles, files };
}

/** robots.txt, the security headers for static hosts and the root's redirect to the default language's home. */
export async function writeStaticExtras(dir: string, config: ResolvedConfig): Promise<void> {
  await writeFile(join(dir, 'robots.txt'), robotsTxt(config.siteUrl));
  await writeFile(join(dir, '_headers'), headersFile(config));
  await writeFile(join(dir, 'index.html'), rootRedirectHtml(hrefOfPath(routeById('home')!.paths[config.locales.default]), config.siteUrl));
}
