// The site's security headers (docs/hardening.md): a policy that allows what the pages load and
// nothing inline but what is hashed, the same for the dev servers and the `_headers` file.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, headersFile, securityHeaders, sourceHash } from '../../../site/output/security-headers';
import { HEAD_SCRIPT } from '../../../templates/layout/head-script';

const config = {
  booking: { scriptUrl: 'https://booking.example.com/widget.js?lang={locale}', openFunction: 'Booking.open', fallbackUrl: {} },
  newsletter: { actionUrl: 'https://newsletter.example.com/subscribe' },
  analytics: { id: null },
  hotel: { awards: [{ name: 'A', image: 'https://badges.example.org/a.svg', width: 1, height: 1 }], ratingBadge: { name: 'R', image: '/badges/r.svg', width: 1, height: 1 } },
} as unknown as Parameters<typeof contentSecurityPolicy>[0];

const directives = (policy: string) => Object.fromEntries(policy.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));

describe('contentSecurityPolicy', () => {
  it('allows the head script by its SHA-256 and no inline code or eval otherwise', () => {
    const policy = contentSecurityPolicy(config);
    const expected = `'sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}'`;
    expect(sourceHash(HEAD_SCRIPT)).toBe(expected);
    expect(directives(policy)['script-src']).toContain(expected);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*(?!\.)/);
  });

  it('names the providers the pages use, and forbids framing, plugins and other bases', () => {
    const d = directives(contentSecurityPolicy(config));
    expect(d['default-src']).toEqual(["'self'"]);
    expect(d['script-src']).toContain('https://booking.example.com');
    expect(d['frame-src']).toEqual(['https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'https://booking.example.com']);
    expect(d['form-action']).toEqual(["'self'", 'https://newsletter.example.com', 'https://booking.example.com']);
    expect(d['img-src']).toEqual(["'self'", 'data:', 'https://badges.example.org', 'https://booking.example.com']);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['base-uri']).toEqual(["'self'"]);
  });

  it('allows analytics only with an analytics id', () => {
    expect(contentSecurityPolicy(config)).not.toContain('googletagmanager');
    const d = directives(contentSecurityPolicy({ ...config, analytics: { id: 'G-1' } }));
    expect(d['script-src']).toContain('https://www.googletagmanager.com');
    expect(d['connect-src']).toContain('https://*.google-analytics.com');
  });

  it('adds the hashes of the inline code a server adds', () => {
    const d = directives(contentSecurityPolicy(config, { scripts: ['reload()'], styles: ['p{}'] }));
    expect(d['script-src']).toContain(sourceHash('reload()'));
    expect(d['style-src']).toContain(sourceHash('p{}'));
  });
});

describe('headersFile', () => {
  it('writes every header for every path, in the format Netlify and Cloudflare Pages read', () => {
    const lines = headersFile(config).trimEnd().split('\n');
    expect(lines[0]).toBe('/*');
    const written = Object.fromEntries(lines.slice(1).map((line) => /^ {2}([\w-]+): (.+)$/.exec(line)!.slice(1)));
    expect(written).toEqual(securityHeaders(config));
    expect(written).toMatchObject({ 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'strict-origin-when-cross-origin', 'X-Content-Type-Options': 'nosniff' });
  });
});
