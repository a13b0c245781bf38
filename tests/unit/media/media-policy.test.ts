// Where media may come from (site/media/media-policy.ts): the CMS origin and content.mediaHosts,
// compared after URL parsing; other spellings of a host, other ports, schemes and credentials are refused.
import { describe, expect, it } from 'vitest';
import { createMediaPolicy } from '../../../site/media/media-policy';

const policy = createMediaPolicy('http://127.0.0.1:8080/graphql', ['cdn.example.com', 'http://img.example.org:8081']);
const verdict = (url: string) => {
  const result = policy.check(url);
  return result.ok ? result.url.href : result.reason;
};

describe('createMediaPolicy', () => {
  it('allows the CMS origin (relative URLs resolve against it) and the listed hosts', () => {
    expect(verdict('/sites/default/files/a.jpg')).toBe('http://127.0.0.1:8080/sites/default/files/a.jpg');
    expect(verdict('http://127.0.0.1:8080/a.jpg')).toBe('http://127.0.0.1:8080/a.jpg');
    expect(verdict('https://CDN.example.com/a.jpg')).toBe('https://cdn.example.com/a.jpg');
    expect(verdict('http://img.example.org:8081/a.jpg')).toBe('http://img.example.org:8081/a.jpg');
  });

  it.each([
    ['http://0x7f000001:8080/a.jpg', /written unusually/],
    ['http://2130706433:8080/a.jpg', /written unusually/],
    ['http://127.1:8080/a.jpg', /written unusually/],
    ['http://0177.0.0.1:8080/a.jpg', /written unusually/],
    ['http://127.0.0.1.:8080/a.jpg', /written unusually/],
    ['http://%31%32%37.0.0.1:8080/a.jpg', /written unusually/],
    ['http://localhost:8080/a.jpg', /http:\/\/localhost:8080 is neither the CMS/],
    ['http://[::1]:8080/a.jpg', /neither the CMS/],
    ['http://127.0.0.1:8081/a.jpg', /neither the CMS/],
    ['https://127.0.0.1:8080/a.jpg', /neither the CMS/],
    ['http://cdn.example.com/a.jpg', /neither the CMS/],
    ['https://evil.example/a.jpg', /neither the CMS/],
    ['http://user:pass@127.0.0.1:8080/a.jpg', /credentials/],
    ['ftp://127.0.0.1:8080/a.jpg', /scheme ftp: is not http/],
    ['file:///etc/passwd', /scheme file: is not http/],
    ['javascript:alert(1)', /scheme javascript: is not http/],
    ['http://[oops/a.jpg', /not a URL/],
  ])('refuses %s', (url, reason) => {
    expect(verdict(url)).toMatch(reason);
    expect(policy.plainlyAllows(url)).toBe(false);
  });

  // The one-edit build takes most files on this word alone: it must never allow what check refuses.
  it('plainly allows what starts with an allowed origin and a slash, as check does whatever follows', () => {
    const origins = ['http://127.0.0.1:8080', 'https://cdn.example.com', 'http://img.example.org:8081'];
    const tails = ['/a.jpg', '/', '/@evil.example/a.jpg', '/\\evil.example/a.jpg', '/../../x?y=http://evil.example#z', '/%zz%00/a b\tc\n', '/\u0000\u00e9\ud800', '/:@[]/x'];
    for (const origin of origins) {
      for (const tail of tails) {
        const result = policy.check(origin + tail);
        expect(policy.plainlyAllows(origin + tail)).toBe(true);
        expect(result.ok && result.url.origin).toBe(origin);
      }
    }
  });

  it('does not plainly allow what check must parse to judge', () => {
    for (const url of ['/sites/default/files/a.jpg', 'http://127.0.0.1:8080', 'http://127.0.0.1:8080?a', 'http://127.0.0.1:80800/a.jpg', 'HTTP://127.0.0.1:8080/a.jpg', ' http://127.0.0.1:8080/a.jpg']) {
      expect(policy.plainlyAllows(url)).toBe(false);
    }
  });
});
