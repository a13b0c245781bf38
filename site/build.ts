// `hotel-site build`: the stages in the order they run (docs/architecture.md) — connect → assets →
// content → routes → media → site data (site/prepare-site.ts) → render → extras → commit.
// Everything is written into a staging folder that replaces --out only when all of it is there
// (site/output/staging.ts); what the previous build left is reused through site/incremental/.
import type { ResolvedConfig } from './config/define-config';
import { connectContent } from './content/connect';
import { UserError } from './errors';
import { openBuildCache } from './incremental/build-cache';
import type { DownloadStats } from './media/download-media';
import { createStaging } from './output/staging';
import { stableUntil } from './render/upcoming';
import { runStage, type Reporter } from './reporter';

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
  /** The CMS reported no change since the previous build: its output was left as it was. */
  upToDate: boolean;
  requests: number;
  retries: number;
  /** Content lists (a type in a language) taken as the last build fetched them, of how many. */
  lists: { kept: number; total: number };
  media: DownloadStats;
  bytesWritten: number;
  stylesheetGzipBytes: number;
  /** Gzipped JavaScript one page loads, per page type (kind/template or content type). */
  jsPerPageType: Record<string, number>;
  warnings: string[];
  timings: Record<string, number>;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const { config, reporter, signal } = options;
  const timings: Record<string, number> = {};
  const warnings: string[] = [];
  const warn = (message: string) => (warnings.push(message), reporter.warn(message));
  const stage = <T>(name: string, work: () => Promise<T>, detail?: (value: T) => string) => runStage(reporter, timings, name, work, detail);

  // The output folder first: a wrong --out is refused before anything starts.
  const staging = await createStaging(options.outDir);
  const cache = await openBuildCache({ config, outDir: options.outDir, full: options.full, now: options.now, warn, info: (message) => reporter.info(message) });
  let connection: Awaited<ReturnType<typeof connectContent>> | null = null;
  try {
    connection = await connectContent(config, reporter);
    const kept = await cache.keepAnswers(connection.client);
    if (kept.upToDate) {
      await staging.abort();
      const { previous } = kept;
      return {
        endpoint: connection.client.endpoint,
        pages: { total: previous.pages, perLocale: previous.perLocale, rendered: 0, unchanged: previous.pages },
        fullReason: null, upToDate: true,
        requests: connection.client.stats.requests, retries: connection.client.stats.retries, lists: { kept: 0, total: 0 },
        media: { files: previous.mediaFiles, downloaded: 0, fromCache: 0, failed: 0, bytes: 0 },
        bytesWritten: 0, stylesheetGzipBytes: previous.stylesheetGzipBytes, jsPerPageType: kept.jsPerPageType, warnings, timings,
      };
    }
    const { client, lists } = kept;
    // The generator (templates, React, the HTML sanitizer) is loaded only when there is something
    // to build: an up-to-date check stays a second.
    const [{ writeAssets, writeExtras }, { prepareSite }] = await Promise.all([import('./output/site-files'), import('./prepare-site')]);
    // Assets first: every page links the hashed stylesheet and script.
    const built = await stage('assets', () => writeAssets(staging.dir));
    const site = await prepareSite({ config, client, lists, outDir: staging.dir, previousOut: cache.previousOut, assets: built.assets, reporter, timings, warn, now: options.now, signal });
    if (site.mediaAdoption) staging.adopt(site.mediaAdoption);
    signal?.throwIfAborted();
    const rendered = await stage('render', () => cache.render(site, built.client, staging.dir, (done, total) => reporter.progress(done, total), signal),
      (result) => `${result.written.pages} pages on ${result.written.threads} thread${result.written.threads > 1 ? 's' : ''}, ${result.reused} unchanged`);
    await stage('extras', () => writeExtras(staging.dir, config, site.pages));
    const jsPerPageType = cache.jsPerPageType(rendered);
    checkJsBudget(jsPerPageType, config.jsBudgetBytes);
    await cache.keepUnchanged(staging.dir, rendered);
    signal?.throwIfAborted();
    await staging.commit();
    const locales = config.locales.all;
    const perLocale = Object.fromEntries(locales.map((locale) => [locale, site.pages.filter((page) => page.locale === locale && page.kind !== 'not-found').length]));
    const events = locales.flatMap((locale) => site.content.items.get(locale)?.get('events') ?? []);
    await cache.save(rendered, {
      summary: { incomplete: site.media.failed > 0 || site.content.warnings.length > 0, pages: site.pages.length, perLocale, mediaFiles: site.media.files, stylesheetGzipBytes: built.stylesheet.gzipBytes },
      stableUntil: stableUntil(events, site.data.now),
    });

    return {
      endpoint: connection.client.endpoint,
      pages: { total: site.pages.length, perLocale, rendered: rendered.written.pages, unchanged: rendered.reused },
      fullReason: cache.fullReason, upToDate: false,
      requests: client.stats.requests,
      retries: client.stats.retries,
      lists: site.content.lists,
      media: site.media,
      bytesWritten: rendered.written.bytes + site.media.bytes + built.stylesheet.bytes + built.client.files.reduce((sum, file) => sum + file.bytes, 0),
      stylesheetGzipBytes: built.stylesheet.gzipBytes,
      jsPerPageType,
      warnings,
      timings,
    };
  } catch (error) {
    await staging.abort();
    // Whatever failed while the build was being stopped, the stop is what happened.
    throw signal?.aborted ? signal.reason : error;
  } finally {
    await connection?.close();
  }
}

function checkJsBudget(jsPerPageType: Record<string, number>, budget: number): void {
  const over = Object.entries(jsPerPageType).filter(([, bytes]) => bytes > budget);
  if (!over.length) return;
  throw new UserError(`JavaScript budget exceeded: ${over.map(([type, bytes]) => `${type} loads ${bytes} bytes gzipped`).join(', ')} (budget ${budget})`, {
    hint: 'Make the widgets smaller or raise jsBudgetBytes in site.config.ts.',
  });
}
