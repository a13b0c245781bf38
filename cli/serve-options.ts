// What `preview` and `watch` share: the server flags, and running until Ctrl-C.
import type { Command } from 'commander';
import { parsePort } from './options';

export const DEFAULT_PORT = 4173;

export interface ServeFlags {
  port: number;
  host: string;
  open?: boolean;
  config: string;
}

export function serverOptions(command: Command): Command {
  return command
    .option('--port <n>', 'port to listen on (0 = any free port)', parsePort, DEFAULT_PORT)
    .option('--host <host>', 'address to bind; 0.0.0.0 makes the server reachable from other machines', '127.0.0.1')
    .option('--open', 'open the site in the default browser')
    .option('--config <file>', 'config file', 'site.config.ts');
}

/** A line for the terminal when the server is reachable from other machines (`--host` other than loopback). */
export function exposureNotice(host: string): string {
  const loopback = host === 'localhost' || host === '::1' || /^127\./.test(host);
  return loopback ? '' : `Note: bound to ${host}: other machines on the network can reach this server.\n`;
}

/** Resolves on Ctrl-C or SIGTERM; the caller then closes its servers. */
export function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
