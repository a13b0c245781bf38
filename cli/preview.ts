// `hotel-site preview`: flags → options, then site/serve/preview. Runs until Ctrl-C.
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { openBrowser } from './open-browser';
import { logLine } from './terminal-text';
import { addressLines, bindAddress, serverOptions, untilStopped, type ServeFlags } from './serve-options';

interface PreviewFlags extends ServeFlags {
  endpoint?: string;
  cacheDir?: string;
  tokenFile?: string;
  static?: string | true;
  drafts?: boolean;
}

export function registerPreview(program: Command): void {
  serverOptions(
    program
      .command('preview')
      .description('serve the site: pages rendered on request from the CMS\'s current content (or a built folder with --static)')
      .option('--endpoint <url>', 'GraphQL endpoint of the CMS (default: $HOTEL_SITE_ENDPOINT, site.config.ts, else the embedded backend)')
      .option('--token-file <path>', `file holding the CMS account's access token (default: $HOTEL_SITE_CMS_TOKEN, or content.tokenFile in the config); never the token itself`)
      .option('--cache-dir <dir>', 'files kept between runs (default: node_modules/.cache/hotel-site, or cacheDir in the config)')
      .option('--static [dir]', 'serve a built folder as a static host would (default dir: dist)')
      .option('--drafts', 'also show unpublished drafts to browsers that open the printed drafts link (needs a CMS account token)'),
  ).action(async (flags: PreviewFlags) => {
    // Loaded on use, so `hotel-site --help` starts fast (cli/bundle.mjs splits these out).
    const [{ loadConfig }, { resolveConfig }, { startPreview }] = await Promise.all([
      import('../site/config/load-config'),
      import('../site/config/resolve-config'),
      import('../site/serve/preview/start-preview'),
    ]);
    const loaded = await loadConfig({ configFile: resolve(flags.config) });
    const config = resolveConfig(loaded.config, { endpoint: flags.endpoint, cacheDir: flags.cacheDir, tokenFile: flags.tokenFile }, process.env);
    const staticDir = flags.static === undefined ? undefined : flags.static === true ? 'dist' : flags.static;
    const host = bindAddress(flags.host);
    const preview = await startPreview({ config, host, port: flags.port, strictPort: flags.strictPort, staticDir, log: logLine, drafts: Boolean(flags.drafts) });
    const source =
      staticDir !== undefined
        ? `the built site in ${resolve(staticDir)}, as a static host serves it`
        : `pages rendered on request from ${config.content.endpoint ?? 'the embedded content backend'} — CMS edits show on reload; for edits to templates, locales, code or fixtures use \`hotel-site watch\``;
    // Listen for Ctrl-C and SIGTERM before saying where to connect: whoever reads the URL may stop
    // the server at once, and a signal before the handler would end the process unclean.
    const stopped = untilStopped();
    process.stdout.write(
      `Preview of ${source}\n  ${preview.url}de/\n  ${preview.url}en/\n${preview.draftsUrl ? `Drafts:  ${preview.draftsUrl}\n` : ''}${addressLines(host, preview.url, 'de/')}Listening on ${preview.url} — Ctrl-C stops.\n`,
    );
    if (flags.open) openBrowser(`${preview.url}de/`);
    await stopped;
    await preview.close();
  });
}
