// What the dev servers send with every answer and which hosts they answer (docs/hardening.md): the
// site's security headers (site/output/security-headers.ts, the same the build writes to
// `_headers`), allowing the inline code each server adds by its hash — the error page's style,
// and in watch the live-reload script and its overlay's style.
import type { ResolvedConfig } from '../config/define-config';
import { securityHeaders } from '../output/security-headers';
import { ERROR_PAGE_STYLE } from './error-pages';
import type { ServerPolicy } from './http-server';
import { LIVE_RELOAD_SCRIPT, OVERLAY_STYLE } from './live-reload/client-script';

export function previewPolicy(config: ResolvedConfig): ServerPolicy {
  return { headers: securityHeaders(config, { styles: [ERROR_PAGE_STYLE] }), siteUrl: config.siteUrl };
}

/** `headersOf`: watch passes the generator's own, imported afresh with the templates' inline script. */
export function watchPolicy(config: ResolvedConfig, headersOf: typeof securityHeaders = securityHeaders): ServerPolicy {
  return { headers: headersOf(config, { scripts: [LIVE_RELOAD_SCRIPT], styles: [ERROR_PAGE_STYLE, OVERLAY_STYLE] }), siteUrl: config.siteUrl };
}
