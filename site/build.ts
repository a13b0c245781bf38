// The build, top to bottom as it runs (STYLE.md, after Astro's core/build): setup → fetch →
// routes → media → assets → render → extras → swap. Everything is written into a staging folder
// that replaces --out only when all of it is there (site/output/staging.ts).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResolvedConfig } from './config/define-config';
import { ContentClient } from './content/client';
import { createContentIndex } from './content/content-index';
import { fetchContent } from './content/fetch-content';
import { downloadMedia, pruneMissing, type DownloadStats } from './content/media';
import { UserError } from './errors';
import { bundleClient, measurePageJs } from './output/client-bundle';
import { copyPublicFiles } from './output/public-files';
import { robotsTxt } from './output/robots';
import { rootRedirectHtml } from './output/root-redirect';
import { writeSitemap } from './output/sitemap';
import { createStaging } from './output/staging';
import { bundleStyles } from './output/styles';
import { writePages } from './output/write-pages';
import { projectPath } from './project-root';
import { runStage, type Reporter } from './reporter';
import { loadMessages, buildSiteContext, resolveTiles } from './render/site-data';
import type { Page, SiteContext } from './render/page-model';
import { buildRouteMap } from './routes/route-map';
import { routeById } from './routes/route-table';
import { hrefOfPath } from './routes/url-to-file';
import { startContentBackend, type ContentBackend } from './cms/server';
import type { Locale } from './content/types';

export interface BuildOptions {
  config: ResolvedConfig;
  outDir: string;
  reporter: Reporter;
  /** Media downloaded by earlier builds (default node_modules/.cache/hotel-site/media). */
  cacheDir?: string;
  /** Decides which events are upcoming (default: now). */
  now?: Date;
}

export interface BuildResult {
  endpoint: string;
  pages: { total: number; perLocale: Record<string, number> };
  requests: number;
  retries: number;
  media: DownloadStats;
  bytesWritten: number;
  stylesheetGzipBytes: number;
  /** Gzipped JavaScript one page loads, per page type (kind/template or content type). */
  jsPerPageType: Record<string, number>;
  warnings: string[];
  timings: Record<string, number>;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const { config, reporter } = options;
  const timings: Record<string, number> = {};
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    reporter.warn(message);
  };
  const locales = config.locales.all;

  // setup: the CMS, or the embedded backend on an ephemeral loopback port.
  let backend: ContentBackend | null = null;
  if (!config.content.endpoint) backend = await startContentBackend();
  const endpoint = config.content.endpoint ?? backend!.endpoint;
  const client = new ContentClient({
    endpoint,
    concurrency: config.content.concurrency,
    timeoutMs: config.content.timeoutMs,
    retries: config.content.retries,
    onRetry: ({ operation, attempt, delayMs, reason }) => reporter.info(`retrying ${operation} (${attempt}/${config.content.retries}) in ${delayMs} ms: ${reason}`),
  });
  const staging = await createStaging(options.outDir);
  try {
    const content = await runStage(reporter, timings, 'fetch', () =>
      fetchContent(client, { locales, base: new URL(endpoint).origin, onProgress: (done, total) => reporter.progress(done, total) }),
    (fetched) => `${[...fetched.items.values()].reduce((sum, types) => sum + [...types.values()].reduce((n, list) => n + list.length, 0), 0)} items, ${client.stats.requests} requests`);
    for (const skip of content.skipped) warn(`${skip.type} nid ${skip.nid ?? '?'} (${skip.locale}) not published: ${skip.reason}`);

    const routeMap = await runStage(reporter, timings, 'routes', async () => buildRouteMap(content.items, locales), (map) => `${map.pages.length} pages`);
    for (const problem of routeMap.problems) warn(problem.message);
    const index = createContentIndex(routeMap.linkable);
    resolveTiles(content, index);

    const media = await runStage(reporter, timings, 'media', () =>
      downloadMedia({
        urls: content.media.all(),
        outDir: staging.dir,
        cacheDir: options.cacheDir ?? projectPath('node_modules/.cache/hotel-site/media'),
        concurrency: config.content.concurrency,
        timeoutMs: config.content.timeoutMs,
        retries: config.content.retries,
        onWarning: warn,
        onRetry: (message) => reporter.info(message),
      }),
    (result) => `${result.stats.downloaded} downloaded, ${result.stats.fromCache} from cache`);
    content.media.apply(media.files);
    pruneMissing([...content.items.values()].flatMap((types) => [...types.values()]), content.media.missing);
    pruneMissing([...content.notifications.values()], content.media.missing);

    const [stylesheet, client_] = await runStage(reporter, timings, 'assets', () =>
      Promise.all([bundleStyles(staging.dir), bundleClient({ outDir: staging.dir, minify: true }), copyPublicFiles(staging.dir)]),
    );
    const assets = { stylesheet: stylesheet.href, script: client_.entry, preload: client_.preload };

    const now = options.now ?? new Date();
    const sites = new Map<Locale, SiteContext>();
    for (const locale of locales) {
      const messages = await loadMessages(locale);
      sites.set(locale, buildSiteContext({ locale, config, content, index, assets, now, messages }));
    }

    const jsPerPageType: Record<string, number> = {};
    const written = await runStage(reporter, timings, 'render', () =>
      writePages(staging.dir, routeMap.pages, sites, {
        onProgress: (done, total) => reporter.progress(done, total),
        // One sample page per type is enough to know what that type loads.
        onPage: (page, html) => {
          const type = pageType(page);
          if (!(type in jsPerPageType)) jsPerPageType[type] = measurePageJs(client_, html);
        },
      }),
    (result) => `${result.pages} pages`);

    await runStage(reporter, timings, 'extras', async () => {
      await writeSitemap(staging.dir, routeMap.pages, config.siteUrl);
      await writeFile(join(staging.dir, 'robots.txt'), robotsTxt(config.siteUrl));
      await writeFile(join(staging.dir, 'index.html'), rootRedirectHtml(hrefOfPath(routeById('home')!.paths[config.locales.default]), config.siteUrl));
    });

    const overBudget = Object.entries(jsPerPageType).filter(([, bytes]) => bytes > config.jsBudgetBytes);
    if (overBudget.length) {
      throw new UserError(`JavaScript budget exceeded: ${overBudget.map(([type, bytes]) => `${type} loads ${bytes} bytes gzipped`).join(', ')} (budget ${config.jsBudgetBytes})`, {
        hint: 'Make the widgets smaller or raise jsBudgetBytes in site.config.ts.',
      });
    }

    await staging.commit();
    const perLocale = Object.fromEntries(locales.map((locale) => [locale, routeMap.pages.filter((page) => page.locale === locale && page.kind !== 'not-found').length]));
    return {
      endpoint,
      pages: { total: written.pages, perLocale },
      requests: client.stats.requests,
      retries: client.stats.retries,
      media: media.stats,
      bytesWritten: written.bytes + media.stats.bytes + stylesheet.bytes + client_.files.reduce((sum, file) => sum + file.bytes, 0),
      stylesheetGzipBytes: stylesheet.gzipBytes,
      jsPerPageType,
      warnings,
      timings,
    };
  } catch (error) {
    await staging.abort();
    throw error;
  } finally {
    await backend?.close();
  }
}

function pageType(page: Page): string {
  if (page.kind === 'detail') return `detail:${page.item!.type}`;
  if (page.route) return `${page.kind}:${page.route.template === 'List' ? page.route.id : page.route.template}`;
  return page.kind;
}
