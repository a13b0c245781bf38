// `hotel-site cms`: the embedded content backend alone, for exploring it and for other tools.
import type { Command } from 'commander';
import { integerOption, portOption, rateOption } from './options';

interface CmsFlags {
  port: number;
  items: number;
  latency: number;
  failRate: number;
}

export function registerCms(program: Command): void {
  program
    .command('cms')
    .description('run the embedded content backend (GraphQL over fixture content) on 127.0.0.1')
    .addOption(portOption('port to listen on, 0 = any free port').default(0))
    .addOption(integerOption('--items <n>', 'add this many synthetic items (benchmarks)', 0).default(0))
    .addOption(integerOption('--latency <ms>', 'delay every answer by this many milliseconds', 0).default(0))
    .addOption(rateOption('--fail-rate <rate>', 'answer this share of requests with HTTP 503').default(0))
    .action(async (flags: CmsFlags) => {
      const { startContentBackend } = await import('../site/cms/server');
      const backend = await startContentBackend({ port: flags.port, extraItems: flags.items, latencyMs: flags.latency, failRate: flags.failRate });
      // The stop handler before the line that tells a caller it may connect (and stop it).
      const stopped = new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      process.stdout.write(`listening ${backend.endpoint}\n`);
      await stopped;
      await backend.close();
    });
}
