// `hotel-site watch` (alias `dev`): flags → options, then site/serve/watch. Runs until Ctrl-C.
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { projectPath } from '../site/project-root';
import { openBrowser } from './open-browser';
import { logLine } from './terminal-text';
import { addressLines, bindAddress, serverOptions, untilStopped, type ServeFlags } from './serve-options';

interface WatchFlags extends ServeFlags {
  endpoint?: string;
  cacheDir?: string;
  tokenFile?: string;
  out: string;
}

export function registerWatch(program: Command): void {
  serverOptions(
    program
      .command('watch')
      .alias('dev')
      .description('build, serve, and rebuild on every change to templates, locales, site/ or the config; open tabs update themselves')
      .option('--endpoint <url>', 'GraphQL endpoint of the CMS (default: $HOTEL_SITE_ENDPOINT, site.config.ts, else the embedded backend, whose fixtures are watched too)')
      .option('--token-file <path>', `file holding the CMS account's access token (default: $HOTEL_SITE_CMS_TOKEN, or content.tokenFile in the config); never the token itself`)
      .option('--out <dir>', 'output folder, replaced by the first build and kept up to date', 'dist')
      .option('--cache-dir <dir>', 'files kept between runs (default: node_modules/.cache/hotel-site, or cacheDir in the config)'),
  ).action(async (flags: WatchFlags) => {
    const started = performance.now();
    // Loaded on use, so `hotel-site --help` starts fast (cli/bundle.mjs splits it out).
    const { startWatch } = await import('../site/serve/watch/start-watch');
    const session = await startWatch({
      root: projectPath(),
      outDir: resolve(flags.out),
      configFile: resolve(flags.config),
      overrides: { endpoint: flags.endpoint, tokenFile: flags.tokenFile },
      host: bindAddress(flags.host),
      port: flags.port,
      strictPort: flags.strictPort,
      log: logLine,
    });
    // The stop handler first: the URL's reader may stop the server at once (cli/preview.ts).
    const stopped = untilStopped();
    process.stdout.write(
      `Watching templates/, locales/, site/ and ${flags.config} — ready in ${((performance.now() - started) / 1000).toFixed(2)} s\n  ${session.url}de/\n  ${session.url}en/\n${addressLines(bindAddress(flags.host), session.url, 'de/')}Listening on ${session.url} — Ctrl-C stops.\n`,
    );
    if (flags.open) openBrowser(`${session.url}de/`);
    await stopped;
    await session.close();
  });
}
