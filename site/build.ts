// The build, top to bottom as it runs (STYLE.md, after Astro's core/build): setup → assets →
// fetch → routes → media (site/prepare-site.ts) → render → extras → swap. Everything is written into a staging folder
// that replaces --out only when all of it is there (site/output/staging.ts).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResolvedConfig } from './config/define-config';
import { connectContent } from './content/connect';
import type { DownloadStats } from './media/download-media';
import { UserError } from './errors';
import { bundleClient } from './output/client-bundle';
import { copyPublicFiles } from './output/public-files';
import { robotsTxt } from './output/robots';
import { headersFile } from './output/security-headers';
import { rootRedirectHtml } from './output/root-redirect';
import { writeSitemap } from './output/sitemap';
import { createStaging } from './output/staging';
import { bundleStyles } from './output/styles';
import { writePages } from './output/write-pages';
import { prepareSite } from './prepare-site';
import { runStage, type Reporter } from './reporter';
import { routeById } from './routes/route-table';
import { hrefOfPath } from './routes/url-to-file';

export interface BuildOptions {
  config: ResolvedConfig;
  outDir: string;
  reporter: Reporter;
  /** Decides which events are upcoming (default: now). */
  now?: Date;
  /** Stops the build (Ctrl-C): in-flight work is stopped and awaited, the output left as it was. */
  signal?: AbortSignal;
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

  // The output folder first: a wrong --out is refused before anything starts.
  const staging = await createStaging(options.outDir);
  let connection: Awaited<ReturnType<typeof connectContent>> | null = null;
  try {
    connection = await connectContent(config, reporter);
    const { client } = connection;
    const endpoint = client.endpoint;
    // Assets first: every page links the hashed stylesheet and script.
    const [stylesheet, clientBundle] = await runStage(reporter, timings, 'assets', () =>
      Promise.all([bundleStyles(staging.dir), bundleClient({ outDir: staging.dir, minify: true }), copyPublicFiles(staging.dir)]),
    );
    const assets = { stylesheet: stylesheet.href, script: clientBundle.entry, preload: clientBundle.preload };
    const site = await prepareSite({ config, client, outDir: staging.dir, assets, reporter, timings, warn, now: options.now, signal: options.signal });
    options.signal?.throwIfAborted();

    const written = await runStage(reporter, timings, 'render', () =>
      writePages({ outDir: staging.dir, pages: site.pages, bundle: clientBundle }, site, (done, total) => reporter.progress(done, total), options.signal),
    (result) => `${result.pages} pages on ${result.threads} thread${result.threads > 1 ? 's' : ''}`);
    const jsPerPageType = written.jsPerPageType;

    await runStage(reporter, timings, 'extras', async () => {
      await writeSitemap(staging.dir, site.pages, config.siteUrl);
      await writeFile(join(staging.dir, 'robots.txt'), robotsTxt(config.siteUrl));
      await writeFile(join(staging.dir, '_headers'), headersFile(config));
      await writeFile(join(staging.dir, 'index.html'), rootRedirectHtml(hrefOfPath(routeById('home')!.paths[config.locales.default]), config.siteUrl));
    });

    const overBudget = Object.entries(jsPerPageType).filter(([, bytes]) => bytes > config.jsBudgetBytes);
    if (overBudget.length) {
      throw new UserError(`JavaScript budget exceeded: ${overBudget.map(([type, bytes]) => `${type} loads ${bytes} bytes gzipped`).join(', ')} (budget ${config.jsBudgetBytes})`, {
        hint: 'Make the widgets smaller or raise jsBudgetBytes in site.config.ts.',
      });
    }

    options.signal?.throwIfAborted();
    await staging.commit();
    const perLocale = Object.fromEntries(locales.map((locale) => [locale, site.pages.filter((page) => page.locale === locale && page.kind !== 'not-found').length]));
    return {
      endpoint,
      pages: { total: written.pages, perLocale },
      requests: client.stats.requests,
      retries: client.stats.retries,
      media: site.media,
      bytesWritten: written.bytes + site.media.bytes + stylesheet.bytes + clientBundle.files.reduce((sum, file) => sum + file.bytes, 0),
      stylesheetGzipBytes: stylesheet.gzipBytes,
      jsPerPageType,
      warnings,
      timings,
    };
  } catch (error) {
    await staging.abort();
    // Whatever failed while the build was being stopped, the stop is what happened.
    throw options.signal?.aborted ? options.signal.reason : error;
  } finally {
    await connection?.close();
  }
}
