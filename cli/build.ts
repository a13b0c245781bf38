// `hotel-site build`: flags → options, then the core (site/build.ts), then the summary.
import type { Command } from 'commander';
import { resolve } from 'node:path';
import type { BuildResult } from '../site/build';
import { createReporter } from './reporter';
import { printableReporter } from './terminal-text';
import { integerOption } from './options';
import { terminalStyles, type Style } from './terminal-style';

interface BuildFlags {
  endpoint?: string;
  out: string;
  siteUrl?: string;
  concurrency?: number;
  config?: string;
  quiet?: boolean;
  cacheDir?: string;
  tokenFile?: string;
  full?: boolean;
}

export function registerBuild(program: Command): void {
  program
    .command('build')
    .description('fetch all content from the CMS and write the static site')
    .option('--endpoint <url>', 'GraphQL endpoint of the CMS (default: $HOTEL_SITE_ENDPOINT, site.config.ts, else the embedded backend)')
    .option('--token-file <path>', `file holding the CMS account's access token (default: $HOTEL_SITE_CMS_TOKEN, or content.tokenFile in the config); never the token itself`)
    .option('--out <dir>', 'output folder, replaced atomically when the build succeeds', 'dist')
    .option('--site-url <url>', 'absolute URL the site is published on (canonical links, sitemap)')
    .addOption(integerOption('--concurrency <n>', 'GraphQL requests in flight at most; default 8, or content.concurrency in the config', 1, 64))
    .option('--config <file>', 'config file', 'site.config.ts')
    .option('--cache-dir <dir>', 'files kept between builds (default: node_modules/.cache/hotel-site, or cacheDir in the config)')
    .option('--full', 'render every page, even those the previous build shows unchanged')
    .option('--quiet', 'print only warnings, errors and the one-line result')
    .action(async (flags: BuildFlags) => {
      const started = performance.now();
      // Loaded on use: `hotel-site --help` must start fast (cli/bundle.mjs splits these out).
      const [{ loadConfig }, { resolveConfig }, { build }, { removeActiveStagings }, { Interrupted }] = await Promise.all([
        import('../site/config/load-config'),
        import('../site/config/resolve-config'),
        import('../site/build'),
        import('../site/output/staging'),
        import('../site/errors'),
      ]);
      // Ctrl-C or a CI's SIGTERM: the build stops its downloads, workers and writes — and its swap,
      // undoing what it moved — waits for them, removes its staging folder and lock, and leaves the
      // previous output as it was. A second signal does the same at once, without waiting.
      const stop = new AbortController();
      const interrupted = (signal: 'SIGINT' | 'SIGTERM') => {
        if (!stop.signal.aborted) return stop.abort(new Interrupted(signal));
        removeActiveStagings();
        process.exit(signal === 'SIGINT' ? 130 : 143);
      };
      process.on('SIGINT', interrupted);
      process.on('SIGTERM', interrupted);
      const loaded = await loadConfig({ configFile: resolve(flags.config ?? 'site.config.ts') });
      const config = resolveConfig(loaded.config, { endpoint: flags.endpoint, siteUrl: flags.siteUrl, concurrency: flags.concurrency, cacheDir: flags.cacheDir, tokenFile: flags.tokenFile }, process.env);
      const style = terminalStyles(program);
      const reporter = printableReporter(createReporter({ quiet: Boolean(flags.quiet), style: style.err }));
      const result = await build({ config, outDir: resolve(flags.out), reporter, signal: stop.signal, full: Boolean(flags.full) });
      const account = config.content.token ? `, as the CMS account of the token from ${config.content.token.description}` : '';
      const source = `${config.content.endpoint ?? 'the embedded content backend (fixtures)'}${account}`;
      process.stdout.write(summary(result, { out: resolve(flags.out), source, totalMs: performance.now() - started, style: style.out, quiet: Boolean(flags.quiet) }));
    });
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/** "72.4–73.5 KiB gzipped over 41 page types (most: list:meetingsandcelebrations)". */
function jsRange(perType: Record<string, number>): string {
  const entries = Object.entries(perType).sort((a, b) => a[1] - b[1]);
  if (!entries.length) return 'none';
  const [least, most] = [entries[0]!, entries[entries.length - 1]!];
  const range = least[1] === most[1] ? kb(most[1]) : `${kb(least[1]).replace(' KiB', '')}–${kb(most[1])}`;
  return `${range} gzipped over ${entries.length} page types (most: ${most[0]})`;
}

export interface SummaryOptions {
  out: string;
  /** The CMS endpoint, or the words naming the embedded backend (its loopback URL is gone by now). */
  source: string;
  totalMs: number;
  style: Style;
  /** Only the headline: "Built 293 pages into dist in 1.9 s". */
  quiet?: boolean;
}

/**
 * "9,916": a count as en-US writes it. Not through Intl: its first use loads ICU's number
 * formatting, which an up-to-date build would do for this alone, after its work is done.
 */
export function count(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function summary(result: BuildResult, { out, source, totalMs, style, quiet }: SummaryOptions): string {
  const listed = Object.values(result.pages.perLocale).reduce((sum, count) => sum + count, 0);
  const errorPages = result.pages.total - listed;
  const label = (name: string) => style.dim(name.padEnd(10));
  // The process's peak resident memory (maxRSS is in KiB) and CPU time (µs, every thread), for npm run bench.
  const usage = process.resourceUsage();
  const cpu = (micros: number) => (micros / 1e6).toFixed(2);
  const memory = `  ${label('process')} peak RSS ${(usage.maxRSS / 1024).toFixed(0)} MiB, CPU ${cpu(usage.userCPUTime + usage.systemCPUTime)} s (user ${cpu(usage.userCPUTime)} s, system ${cpu(usage.systemCPUTime)} s)`;
  if (result.upToDate) {
    const headline = style.success(`Up to date: ${out} left as it was (${result.pages.total} pages), checked in ${(totalMs / 1000).toFixed(2)} s`);
    if (quiet) return `${headline}\n`;
    return `${[
      '',
      headline,
      `  ${label('rendered')} 0 pages, ${count(result.pages.unchanged)} unchanged`,
      `  ${label('CMS')} ${result.requests} requests, ${result.retries} retried: no list, menu or upcoming event changed since the last build — ${source}`,
      memory,
    ].join('\n')}\n`;
  }
  const headline = style.success(`Built ${result.pages.total} pages into ${out} in ${(totalMs / 1000).toFixed(2)} s`);
  if (quiet) return `${headline}${result.warnings.length ? style.warning(` with ${result.warnings.length} warning${result.warnings.length === 1 ? '' : 's'} (see above)`) : ''}\n`;
  const lines = [
    '',
    headline,
    `  ${label('pages')} ${Object.entries(result.pages.perLocale).map(([locale, count]) => `${locale} ${count}`).join(', ')}${errorPages > 0 ? ` + ${errorPages} error page${errorPages === 1 ? '' : 's'}` : ''}`,
    `  ${label('rendered')} ${result.fullReason ? `all ${result.pages.rendered} pages (${result.fullReason})` : `${count(result.pages.rendered)} pages, ${count(result.pages.unchanged)} unchanged`}`,
    `  ${label('CMS')} ${result.requests} requests, ${result.retries} retried${result.lists.kept ? `; ${result.lists.kept} of ${result.lists.total} content lists unchanged, not fetched` : ''} — ${source}`,
    `  ${label('media')} ${result.media.files} files from ${result.media.downloaded + result.media.fromCache + result.media.failed} URLs: ${result.media.downloaded} downloaded, ${result.media.fromCache} from cache, ${result.media.failed} left out`,
    `  ${label('written')} ${kb(result.bytesWritten)} (CSS ${kb(result.stylesheetGzipBytes)} gzipped)`,
    `  ${label('JS/page')} ${jsRange(result.jsPerPageType)}`,
    `  ${label('stages')} ${Object.entries(result.timings).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(2)} s`).join(', ')}`,
    memory,
  ];
  if (result.warnings.length) lines.push(`  ${label('warnings')} ${style.warning(`${result.warnings.length} (see above)`)}`);
  return `${lines.join('\n')}\n`;
}
