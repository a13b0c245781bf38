// Which Host headers the dev servers answer (docs/hardening.md). A web page on another site can make
// its own domain name resolve to 127.0.0.1 (DNS rebinding) and then read the dev server as its own
// origin; its requests name that domain in Host. So a request is answered only when Host names the
// machine as the developer reaches it: `localhost` (and `*.localhost`, which browsers resolve to
// loopback themselves), a loopback address, the address the server is bound to, or the configured
// site's host. Bound to every interface (`--host 0.0.0.0`), the server was opened on purpose:
// then any IP address and the machine's own name are answered too — a page's origin is never
// another site's when its Host is an IP address. Pure but for the machine's name.
import { isIP } from 'node:net';
import { hostname } from 'node:os';

export interface HostRules {
  /** The address given to --host. */
  bind: string;
  /** The configured siteUrl, whose host is answered too. */
  siteUrl: string | null;
}

const WILDCARDS = new Set(['0.0.0.0', '::', '']);

/** The host name of a Host header, lowercased, without port, brackets or a final dot; null if malformed. */
export function hostOf(header: string | undefined): string | null {
  if (!header || /[\s/\\@?#]/.test(header)) return null;
  let url: URL;
  try {
    url = new URL(`http://${header}`);
  } catch {
    return null;
  }
  return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

export function isAllowedHost(header: string | undefined, rules: HostRules): boolean {
  const host = hostOf(header);
  if (host === null) return false;
  if (isLoopback(host)) return true;
  const bind = rules.bind.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === bind) return true;
  if (rules.siteUrl && host === hostOf(new URL(rules.siteUrl).host)) return true;
  if (WILDCARDS.has(bind)) {
    const machine = hostname().toLowerCase();
    return isIP(host) !== 0 || host === machine || host === `${machine}.local`;
  }
  return false;
}
