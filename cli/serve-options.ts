// What `preview` and `watch` share: the server flags, the lines saying where the site is served,
// and running until Ctrl-C. As Vite and Astro users expect: `--host` alone binds every address and
// prints the network URLs; a taken port moves to the next free one unless `--strict-port`.
import type { Command } from 'commander';
import { networkInterfaces } from 'node:os';
import { portOption } from './options';

export const DEFAULT_PORT = 4173;
/** What `--host` without a value binds: every IPv4 address of the machine. */
export const ALL_ADDRESSES = '0.0.0.0';

export interface ServeFlags {
  port: number;
  /** true: `--host` given without a value. */
  host: string | true;
  strictPort?: boolean;
  open?: boolean;
  config: string;
}

export function serverOptions(command: Command): Command {
  return command
    .addOption(portOption('port to listen on, 0 = any free port; a taken port moves to the next free one').default(DEFAULT_PORT))
    .option('--strict-port', 'exit when the port is taken instead of moving to the next free one')
    .option('--host [host]', 'address to bind; --host alone binds every address, reachable from other machines', '127.0.0.1')
    .option('--open', 'open the site in the default browser')
    .option('--config <file>', 'config file', 'site.config.ts');
}

export const bindAddress = (host: string | true): string => (host === true ? ALL_ADDRESSES : host);

const isWildcard = (host: string) => host === ALL_ADDRESSES || host === '::' || host === '';

/**
 * Where the site can be opened: the local URL, and for a server bound to every address or to a
 * network address the URLs other machines use, and a note that they can.
 */
export function addressLines(host: string, url: string, path: string): string {
  const loopback = host === 'localhost' || host === '::1' || /^127\./.test(host);
  if (loopback) return '';
  const { port } = new URL(url);
  const addresses = isWildcard(host)
    ? Object.values(networkInterfaces())
        .flatMap((entries) => entries ?? [])
        .filter((entry) => entry.family === 'IPv4' && !entry.internal)
        .map((entry) => entry.address)
    : [host];
  const network = addresses.map((address) => `  Network: http://${address.includes(':') ? `[${address}]` : address}:${port}/${path}\n`).join('');
  return `${network}Note: bound to ${host}: other machines on the network can reach this server.\n`;
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
