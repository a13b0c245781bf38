// `hotel-site build`: the stages in the order they run (docs/architecture.md) — connect → assets →
// content → routes → media → site data (site/prepare-site.ts) → render → extras → commit.
// Everything is written into a staging folder that replaces --out only when all of it is there
// (site/output/staging.ts); what the previous build left is reused through site/incremental/.
import { setFlagsFromString } from 'node:v8';
import { builtResult, pagesPerLocale, upToDateResult, type BuildResult } from './build-result';
import type { ResolvedConfig } from './config/define-config';
import { connectContent } from './content/connect';
import { UserError } from './errors';
import { openBuildCache } from './incremental/build-cache';
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

export type { BuildResult };

export async function build(options: BuildOptions): Promise<BuildResult> {
  const { config, reporter, signal } = options;
  const timings: Record<string, number> = {};
  const warnings: string[] = [];
  const warn = (message: string) => (warnings.push(message), reporter.warn(message));
  const stage = <T>(name: string, work: () => Promise<T>, detail?: (value: T) => string) => runStage(reporter, timings, name, work, detail);

  // The output folder first: a wrong --out is refused before anything starts.
  const staging = await createStaging(options.outDir, { cacheDir: config.cacheDir });
  const cache = await openBuildCache({ config, outDir: options.outDir, full: options.full, now: options.now, warn, info: (message) => reporter.info(message) });
  const heap = tightHeapUntilRender();
  let connection: Awaited<ReturnType<typeof connectContent>> | null = null;
  try {
    connection = await connectContent(config, reporter);
    const kept = await cache.keepAnswers(connection.client);
    const common = { endpoint: connection.client.endpoint, stats: connection.client.stats, warnings, timings };
    if (kept.upToDate) {
      await staging.abort();
      return upToDateResult({ ...common, jsPerPageType: kept.jsPerPageType }, kept.previous);
    }
    const { client, lists } = kept;
    // The generator (templates, React, the HTML sanitizer) is loaded only when there is something
    // to build: an up-to-date check stays a second.
    const [{ writeAssets, writeExtras }, { prepareSite }] = await Promise.all([import('./output/site-files'), import('./prepare-site')]);
    // Assets first: every page links the hashed stylesheet and script.
    const assets = await stage('assets', () => cache.assets(staging.dir, writeAssets), (result) => (result.reused ? 'as the last build wrote them' : ''));
    const site = await prepareSite({ config, client, lists, outDir: staging.dir, previousOut: cache.previousOut, assets: assets.assets, reporter, timings, warn, now: options.now, signal });
    if (site.mediaAdoption) staging.adopt(site.mediaAdoption);
    signal?.throwIfAborted();
    heap.release();
    const rendered = await stage('render', () => cache.render(site, assets.client, staging.dir, (done, total) => reporter.progress(done, total), signal),
      (result) => `${result.written.pages} pages on ${result.written.threads} thread${result.written.threads > 1 ? 's' : ''}, ${result.reused} unchanged`);
    await stage('extras', () => writeExtras(staging.dir, config, site.pages));
    const jsPerPageType = cache.jsPerPageType(rendered);
    checkJsBudget(jsPerPageType, config.jsBudgetBytes);
    for (const adoption of await cache.keepUnchanged(staging.dir, rendered)) staging.adopt(adoption);
    signal?.throwIfAborted();
    await staging.commit();
    const events = config.locales.all.flatMap((locale) => site.content.items.get(locale)?.get('events') ?? []);
    const perLocale = pagesPerLocale(site);
    await cache.save(rendered, {
      summary: { incomplete: site.media.failed > 0 || site.content.warnings.length > 0, pages: site.pages.length, perLocale, mediaFiles: site.media.files, stylesheetGzipBytes: assets.stylesheet.gzipBytes },
      stableUntil: stableUntil(events, site.data.now),
      assets,
    });
    return builtResult({ ...common, stats: client.stats, jsPerPageType }, { site, perLocale, assets, rendered, fullReason: cache.fullReason });
  } catch (error) {
    await staging.abort();
    // Whatever failed while the build was being stopped, the stop is what happened.
    throw signal?.aborted ? signal.reason : error;
  } finally {
    heap.release();
    await connection?.close();
  }
}

/**
 * Fetching and downloading make garbage fast while little is live (about 130 MB at 5,000 items),
 * and V8 lets the heap grow to about twice what is live before a full collection: the build's
 * peak memory came from there. Until rendering starts, V8 collects once the heap has grown by half
 * (peak RSS 470 → 375 MiB); rendering, after the peak, gets V8's own choice back, which is faster
 * (README, "Benchmarks").
 */
function tightHeapUntilRender(): { release(): void } {
  setFlagsFromString('--heap-growing-percent=50');
  return { release: () => setFlagsFromString('--heap-growing-percent=0') };
}

function checkJsBudget(jsPerPageType: Record<string, number>, budget: number): void {
  const over = Object.entries(jsPerPageType).filter(([, bytes]) => bytes > budget);
  if (!over.length) return;
  throw new UserError(`JavaScript budget exceeded: ${over.map(([type, bytes]) => `${type} loads ${bytes} bytes gzipped`).join(', ')} (budget ${budget})`, {
    hint: 'Make the widgets smaller or raise jsBudgetBytes in site.config.ts.',
  });
}
