// The build, top to bottom as it runs (STYLE.md, after Astro's core/build): setup → assets →
// fetch → routes → media (site/prepare-site.ts) → render → extras → swap. Everything is written into a staging folder
// that replaces --out only when all of it is there (site/output/staging.ts).
import { stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ResolvedConfig } from './config/define-config';
import { connectContent } from './content/connect';
import type { DownloadStats } from './media/download-media';
import { UserError } from './errors';
import { bundleClient } from './output/client-bundle';
import { configHash, loadPrevious, saveRecord, type BuildRecord } from './incremental/build-record';
import { codeVersion } from './incremental/code-version';
import { keepAnswers } from './incremental/kept-answers';
import { renderChanged } from './incremental/render-changed';
import { filesBelow, keepUnchanged } from './incremental/reuse-output';
import { copyPublicFiles } from './output/public-files';
import { robotsTxt } from './output/robots';
import { headersFile } from './output/security-headers';
import { rootRedirectHtml } from './output/root-redirect';
import { writeSitemap } from './output/sitemap';
import { createStaging } from './output/staging';
import { bundleStyles } from './output/styles';
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
  /** Render every page, whatever the previous build recorded (--full). */
  full?: boolean;
}

export interface BuildResult {
  endpoint: string;
  pages: { total: number; perLocale: Record<string, number>; rendered: number; unchanged: number };
  /** Why every page was rendered; null for an incremental build. */
  fullReason: string | null;
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
  const identity = {
    cacheDir: config.cacheDir, outDir: resolve(options.outDir), code: await codeVersion(),
    endpoint: config.content.endpoint ?? 'embedded', config: configHash({ ...config, cacheDir: null, cacheMaxAgeHours: null }),
  };
  const started = Date.now();
  const previous = options.full
    ? { record: null, reason: '--full' }
    : await loadPrevious(identity, config.cacheMaxAgeHours * 3_600_000, started, warn);
  let connection: Awaited<ReturnType<typeof connectContent>> | null = null;
  try {
    connection = await connectContent(config, reporter);
    const endpoint = connection.client.endpoint;
    const kept = await keepAnswers(connection.client, { ...identity, locales, reuse: previous.record !== null, warn, info: (message) => reporter.info(message) });
    const client = kept.client;
    // Assets first: every page links the hashed stylesheet and script.
    const [stylesheet, clientBundle] = await runStage(reporter, timings, 'assets', () =>
      Promise.all([bundleStyles(staging.dir), bundleClient({ outDir: staging.dir, minify: true }), copyPublicFiles(staging.dir)]),
    );
    const assets = { stylesheet: stylesheet.href, script: clientBundle.entry, preload: clientBundle.preload };
    const site = await prepareSite({ config, client, outDir: staging.dir, assets, reporter, timings, warn, now: options.now, signal: options.signal });
    options.signal?.throwIfAborted();

    const rendered = await runStage(reporter, timings, 'render', () =>
      renderChanged({
        pages: site.pages, site, bundle: clientBundle, dir: staging.dir, outDir: identity.outDir, previous: previous.record, code: identity.code,
        onProgress: (done, total) => reporter.progress(done, total), signal: options.signal,
      }),
    (result) => `${result.written.pages} pages on ${result.written.threads} thread${result.written.threads > 1 ? 's' : ''}, ${result.reused} unchanged`);
    const written = rendered.written;
    const jsPerPageType = { ...previous.record?.jsPerPageType, ...written.jsPerPageType };

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

    if (previous.record) {
      // Whatever was written now with the same bytes as before stays the previous file.
      const media = config.content.endpoint ? ['media'] : [];
      const others = await filesBelow(staging.dir, new Set([...locales, ...media]));
      await keepUnchanged(identity.outDir, staging.dir, [...rendered.renderedFiles, ...others]);
    }

    options.signal?.throwIfAborted();
    await staging.commit();
    const record: BuildRecord = {
      version: 1, ...identity, outIno: (await stat(identity.outDir)).ino, fullAt: previous.record?.fullAt ?? started,
      builtAt: Date.now(), pages: rendered.records, jsPerPageType,
    };
    await Promise.all([
      saveRecord(config.cacheDir, record).catch((error: Error) => warn(`build cache: the record could not be saved (${error.message}); the next build renders every page`)),
      kept.save().catch((error: Error) => warn(`build cache: the CMS answers could not be kept (${error.message}); the next build fetches everything`)),
    ]);
    const perLocale = Object.fromEntries(locales.map((locale) => [locale, site.pages.filter((page) => page.locale === locale && page.kind !== 'not-found').length]));
    return {
      endpoint,
      pages: { total: site.pages.length, perLocale, rendered: written.pages, unchanged: rendered.reused },
      fullReason: previous.record ? null : previous.reason,
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
