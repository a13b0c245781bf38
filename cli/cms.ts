// `hotel-site cms`: the embedded content backend alone, for exploring it and for other tools.
// It accepts an editor's token (HOTEL_SITE_CMS_TOKEN, else a new one it prints once) and, with
// --require-token, nobody without it.
import type { Command } from 'commander';
import { integerOption, portOption, rateOption } from './options';

interface CmsFlags {
  port: number;
  items: number;
  deadMedia: number;
  latency: number;
  failRate: number;
  requireToken?: boolean;
}

export function registerCms(program: Command): void {
  program
    .command('cms')
    .description('run the embedded content backend (GraphQL over fixture content) on 127.0.0.1')
    .addOption(portOption('port to listen on, 0 = any free port').default(0))
    .addOption(integerOption('--items <n>', 'add this many synthetic items (benchmarks)', 0).default(0))
    .addOption(integerOption('--dead-media <n>', 'of the synthetic items, this many link a file that answers 404', 0).default(0))
    .addOption(integerOption('--latency <ms>', 'delay every answer by this many milliseconds', 0).default(0))
    .addOption(rateOption('--fail-rate <rate>', 'answer this share of requests with HTTP 503').default(0))
    .option('--require-token', 'refuse GraphQL requests without the editor token (HTTP 403), as a CMS that lets only accounts query')
    .addHelpText('after', '\nThe editor token (Authorization: Bearer <token>) is $HOTEL_SITE_CMS_TOKEN, else a new one printed at start;\nits caller also sees unpublished items and drafts. Anonymous callers see published content.')
    .action(async (flags: CmsFlags) => {
      const { startContentBackend } = await import('../site/cms/server');
      const given = process.env.HOTEL_SITE_CMS_TOKEN?.trim() || undefined;
      const backend = await startContentBackend({
        port: flags.port,
        extraItems: flags.items,
        deadMedia: flags.deadMedia,
        latencyMs: flags.latency,
        failRate: flags.failRate,
        editorToken: given,
        requireToken: flags.requireToken === true,
      });
      // The stop handler before the line that tells a caller it may connect (and stop it).
      const stopped = new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      process.stdout.write(`listening ${backend.endpoint}\n`);
      // Once, on stderr: the token is for the user of this dev backend, stdout is for tools.
      if (!given) process.stderr.write(`editor token: ${backend.editorToken} (send Authorization: Bearer <token>; set HOTEL_SITE_CMS_TOKEN to choose one)\n`);
      if (flags.requireToken) process.stderr.write('anonymous GraphQL requests are refused (--require-token); media files need no token\n');
      await stopped;
      await backend.close();
    });
}
