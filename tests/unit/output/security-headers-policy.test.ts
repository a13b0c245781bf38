// Headers beyond the policy (site/output/security-headers.ts): powerful features refused, and HSTS
// in `_headers` for a site served over https.
import { describe, expect, it } from 'vitest';
import { headersFile, securityHeaders } from '../../../site/output/security-headers';

const config = {
  booking: { scriptUrl: null, openFunction: 'Booking.open', fallbackUrl: {} },
  newsletter: { actionUrl: null },
  analytics: { id: null },
  hotel: { awards: [], ratingBadge: null },
} as unknown as Parameters<typeof headersFile>[0];

const written = (text: string) => Object.fromEntries(text.trimEnd().split('\n').slice(1).map((line) => /^ {2}([\w-]+): (.+)$/.exec(line)!.slice(1)));

describe('security headers', () => {
  it('refuse camera, microphone, geolocation and USB to every page and frame', () => {
    expect(securityHeaders(config)['Permissions-Policy']).toBe('camera=(), microphone=(), geolocation=(), usb=()');
  });

  it('add Strict-Transport-Security to _headers for an https site only', () => {
    expect(written(headersFile({ ...config, siteUrl: 'https://www.schloss-storchenau.de' }))['Strict-Transport-Security']).toBe('max-age=31536000');
    expect(written(headersFile({ ...config, siteUrl: 'http://localhost:8080' }))).not.toHaveProperty('Strict-Transport-Security');
    expect(securityHeaders({ ...config, siteUrl: 'https://www.schloss-storchenau.de' })).not.toHaveProperty('Strict-Transport-Security');
  });
});
