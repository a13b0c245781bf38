import { describe, expect, it } from 'vitest';
import { collisionKey, sanitizeAlias } from '../../../site/routes/alias';
import { MAX_PATH_LENGTH } from '../../../site/routes/path-length';
import { fileOfHref, hrefOfPath } from '../../../site/routes/url-to-file';
import { parseRequestPath } from '../../../site/serve/request-path';

describe('sanitizeAlias', () => {
  it('keeps a normal alias and its segments', () => {
    expect(sanitizeAlias('/de/uebernachten/turmzimmer', 'de')).toEqual({ ok: true, path: '/de/uebernachten/turmzimmer', segments: ['de', 'uebernachten', 'turmzimmer'] });
  });

  it('decodes percent-escapes, collapses slashes and drops the trailing slash', () => {
    expect(sanitizeAlias('/de//Pressemeldungen/neu%C3%9Fe-k%C3%BCche/', 'de')).toMatchObject({ ok: true, path: '/de/Pressemeldungen/neuße-küche' });
  });

  it('composes a segment (NFC), escaped or not, so that one page has one path', () => {
    expect(sanitizeAlias('/de/ku\u0308che', 'de')).toMatchObject({ ok: true, path: '/de/k\u00fcche' });
    expect(sanitizeAlias('/de/ku%CC%88che', 'de')).toMatchObject({ ok: true, path: '/de/k\u00fcche' });
  });

  it('counts a segment in bytes of UTF-8, to the byte', () => {
    expect(sanitizeAlias(`/de/${'a'.repeat(200)}`, 'de').ok).toBe(true);
    expect(sanitizeAlias(`/de/${'a'.repeat(201)}`, 'de')).toMatchObject({ ok: false, reason: expect.stringMatching(/longer than 200 bytes/) });
    expect(sanitizeAlias(`/de/${'\u20ac'.repeat(66)}`, 'de').ok).toBe(true); // 198 bytes
    expect(sanitizeAlias(`/de/${'\u20ac'.repeat(67)}`, 'de')).toMatchObject({ ok: false, reason: expect.stringMatching(/longer than 200 bytes/) });
    expect(sanitizeAlias(`/de/${'\u{1f3f0}'.repeat(51)}`, 'de')).toMatchObject({ ok: false, reason: expect.stringMatching(/longer than 200 bytes/) }); // 204 bytes
  });

  it('adds the missing language prefix (Drupal paths without alias)', () => {
    expect(sanitizeAlias('/node/12', 'en')).toMatchObject({ ok: true, path: '/en/node/12' });
  });

  it('takes the path of an absolute http URL', () => {
    expect(sanitizeAlias('https://cms.example.org/en/accommodation/tower-room', 'en')).toMatchObject({ ok: true, path: '/en/accommodation/tower-room' });
  });

  const hostile: [string, RegExp][] = [
    ['', /empty/],
    ['   ', /empty/],
    ['/', /site root/],
    ['/de/../../etc/passwd', /leaves its folder/],
    ['/de/%2e%2e/%2e%2e/etc', /leaves its folder/],
    ['/de/a%2Fb', /not allowed/],
    ['/de/a%5C..%5Cb', /not allowed/],
    ['/de/nul%00byte', /control character \(U\+0000\)/],
    ['/de/x?y=1', /query or fragment/],
    ['/de/%E0%A4%A', /malformed/],
    ['javascript:alert(1)', /not a site path/],
    ['//evil.example/de/x', /another host/],
    ['/en/accommodation/tower-room', /language prefix \/en\//],
    ['/de/trailing.', /ending in a space or dot/],
    [`/de/${'a'.repeat(300)}`, /longer than/],
    ['/de/uebernachten/.hidden', /starting with a dot/],
    ['/de/.well-known/x', /starting with a dot/],
    [`/de/${Array.from({ length: 15 }, () => 'ü'.repeat(100)).join('/')}`, /9019 characters long as a link; servers answer at most 2048/],
    ['/de/CON', /Windows reserves/],
    ['/de/infos/aux.txt', /Windows reserves/],
    ['/de/LPT1', /Windows reserves/],
    ['/de/nul', /Windows reserves/],
    ['/de/com3.tar.gz', /Windows reserves/],
    ['/de/zimmer\u202Egpj.exe', /invisible or control character \(U\+202E\)/],
    ['/de/zim%E2%80%AEmer', /invisible or control character \(U\+202E\)/],
    ['/de/zim\u2066mer', /U\+2066/],
    ['/de/zimmer\u200B', /invisible or control character \(U\+200B\)/],
    ['/de/turm\u200Dzimmer', /U\+200D/],
    ['/de/\uFEFFturm', /U\+FEFF/],
    ['/de/turm%C2%85zimmer', /invisible or control character \(U\+0085\)/],
    ['/de/turm\u009Bzimmer', /U\+009B/],
  ];
  for (const [raw, reason] of hostile) {
    it(`refuses ${JSON.stringify(raw.slice(0, 40))}`, () => {
      const result = sanitizeAlias(raw, 'de');
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(reason);
    });
  }

  it('keeps names that only look like reserved ones, and dots inside a segment', () => {
    for (const raw of ['/de/console', '/de/auxiliar', '/de/com10', '/de/lpt', '/de/preise.2025', '/de/über-uns']) expect(sanitizeAlias(raw, 'de').ok).toBe(true);
  });

  it('publishes only what the servers answer: one length rule for both', () => {
    const fits = `/de/${'ü'.repeat(100)}`.repeat(3);
    const result = sanitizeAlias(fits, 'de');
    expect(result.ok).toBe(true);
    if (result.ok) expect(parseRequestPath(hrefOfPath(result.path)).ok).toBe(true);
    const prefix = `/de/${Array.from({ length: 13 }, () => 'a'.repeat(150)).join('/')}`;
    const longest = `${prefix}/${'b'.repeat(MAX_PATH_LENGTH - hrefOfPath(prefix).length - 1)}`;
    expect(hrefOfPath(longest).length).toBe(MAX_PATH_LENGTH);
    expect(sanitizeAlias(longest, 'de').ok).toBe(true);
    expect(parseRequestPath(hrefOfPath(longest)).ok).toBe(true);
    expect(sanitizeAlias(`${longest}b`, 'de').ok).toBe(false);
    expect(parseRequestPath(`${hrefOfPath(longest).slice(0, -1)}b/`)).toMatchObject({ ok: false, status: 400 });
  });

  it('refuses a segment named index.html: that folder would sit where its parent page is written', () => {
    expect(sanitizeAlias('/de/uebernachten/index.html', 'de')).toMatchObject({ ok: false, reason: expect.stringContaining('index.html') });
    expect(sanitizeAlias('/de/uebernachten/INDEX.HTML/x', 'de').ok).toBe(false);
    expect(sanitizeAlias('/de/preise.html', 'de')).toMatchObject({ ok: true, path: '/de/preise.html' });
  });

  it('takes the path of an absolute URL on the CMS host and refuses one on another host', () => {
    expect(sanitizeAlias('https://cms.example/de/uebernachten/turm', 'de', 'https://cms.example')).toMatchObject({ ok: true, path: '/de/uebernachten/turm' });
    expect(sanitizeAlias('https://evil.example/x', 'de', 'https://cms.example')).toMatchObject({ ok: false, reason: expect.stringContaining('another host') });
  });

  it('compares paths as case-insensitive file systems do', () => {
    expect(collisionKey('/de/Pressemeldungen')).toBe(collisionKey('/de/pressemeldungen'));
  });
});

describe('URL → file', () => {
  it('encodes segments and ends folders with a slash', () => {
    expect(hrefOfPath('/de/Pressemeldungen/neuße küche')).toBe('/de/Pressemeldungen/neu%C3%9Fe%20k%C3%BCche/');
    expect(hrefOfPath('/de')).toBe('/de/');
  });

  it('writes folders as index.html and error pages as files, inside the output folder', () => {
    expect(fileOfHref('/out', '/de/uebernachten/turmzimmer/')).toBe('/out/de/uebernachten/turmzimmer/index.html');
    expect(fileOfHref('/out', '/de/neu%C3%9Fe/')).toBe('/out/de/neuße/index.html');
    expect(fileOfHref('/out', '/en/404.html')).toBe('/out/en/404.html');
    expect(() => fileOfHref('/out', '/de/%2e%2e/%2e%2e/etc/')).toThrow(/outside/);
  });
});
