// Where media may come from (docs/media.md): the CMS endpoint's origin and the hosts listed in
// `content.mediaHosts` (a CDN), over http(s), without credentials, compared after WHATWG URL
// parsing. References and redirects reach it already parsed (media-refs.ts `resolveUrl`), so
// another spelling of an allowed host is fetched from that origin; an absolute URL handed over
// unparsed with its host spelled otherwise than the parser writes it is refused.

export type PolicyVerdict = { ok: true; url: URL } | { ok: false; reason: string };

export interface MediaPolicy {
  /** Origins (scheme://host:port) media may be fetched from. */
  readonly origins: ReadonlySet<string>;
  /** Whether `url` may be fetched; relative URLs are resolved against the CMS origin. */
  check(url: string): PolicyVerdict;
  /**
   * True when `check(url)` says yes, known without parsing: `url` starts with an allowed http(s)
   * origin and a slash. What follows is path, query or fragment, which the parser never fails on
   * and which cannot change the host, the port or the credentials. False: ask `check`.
   */
  plainlyAllows(url: string): boolean;
}

/**
 * `endpoint`: the CMS's GraphQL endpoint; `hosts`: extra origins or host names from the config
 * ("https://cdn.example.com" or "cdn.example.com", which allows https only).
 */
export function createMediaPolicy(endpoint: string, hosts: readonly string[] = []): MediaPolicy {
  const base = new URL(endpoint);
  const origins = new Set<string>([base.origin]);
  for (const host of hosts) origins.add(originOfHost(host));
  // An origin as the parser writes it, then the slash that ends the authority.
  const prefixes = [...origins].filter((origin) => /^https?:\/\//.test(origin)).map((origin) => `${origin}/`);
  return {
    origins,
    plainlyAllows(value) {
      for (const prefix of prefixes) if (value.startsWith(prefix)) return true;
      return false;
    },
    check(value) {
      let url: URL;
      try {
        url = new URL(value, base);
      } catch {
        return { ok: false, reason: 'not a URL' };
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: `the scheme ${url.protocol} is not http(s)` };
      if (url.username || url.password) return { ok: false, reason: 'the URL carries credentials' };
      const written = writtenHost(value);
      if (written !== null && written !== url.hostname) return { ok: false, reason: `the host is written unusually ("${written}")` };
      if (!origins.has(url.origin)) return { ok: false, reason: `${url.origin} is neither the CMS nor one of content.mediaHosts` };
      return { ok: true, url };
    },
  };
}

/** "cdn.example.com" → "https://cdn.example.com"; an origin is kept as the URL parser writes it. */
export function originOfHost(host: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(host) ? new URL(host).origin : new URL(`https://${host}`).origin;
}

/**
 * The host exactly as the absolute URL spells it (lower-cased: host names are case-insensitive),
 * or null for a relative URL (resolved against the CMS origin, so nothing to compare).
 */
function writtenHost(value: string): string | null {
  const match = /^\s*[a-z][a-z0-9+.-]*:[\\/]{2}([^\\/?#]*)/i.exec(value);
  if (!match) return null;
  const authority = match[1]!;
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  const host = hostPort.startsWith('[') ? hostPort.slice(0, hostPort.indexOf(']') + 1) : hostPort.replace(/:[^:]*$/, '');
  return host.toLowerCase();
}
