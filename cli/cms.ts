// `hotel-site cms`: the embedded content backend alone, for exploring it and for other tools.
import type { Command } from 'commander';
import { parseInteger, parsePort, parseRate } from './options';

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
    .option('--port <n>', 'port to listen on (0 = any free port)', parsePort, 0)
    .option('--items <n>', 'add this many synthetic items (benchmarks)', parseInteger('--items'), 0)
    .option('--latency <ms>', 'delay every answer by this many milliseconds', parseInteger('--latency'), 0)
    .option('--fail-rate <rate>', 'answer this share of requests with HTTP 503 (0–1)', parseRate('--fail-rate'), 0)
    .action(async (flags: CmsFlags) => {
      const { startContentBackend } = await import('../site/cms/server');
      const backend = await startContentBackend({ port: flags.port, extraItems: flags.items, latencyMs: flags.latency, failRate: flags.failRate });
      process.stdout.write(`listening ${backend.endpoint}\n`);
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      await backend.close();
    });
}
