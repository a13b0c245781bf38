import { describe, expect, it } from 'vitest';
import { hrefOfPath } from '../../../site/routes/url-to-file';

describe('hrefOfPath', () => {
  it('gives a plain path back with a trailing slash', () => {
    expect(hrefOfPath('/de/uebernachten/turmzimmer')).toBe('/de/uebernachten/turmzimmer/');
    expect(hrefOfPath("/en/a_b.c!~*'()-d")).toBe("/en/a_b.c!~*'()-d/");
  });

  it('encodes each segment of a path that needs it', () => {
    expect(hrefOfPath('/de/zimmer für zwei/ä')).toBe('/de/zimmer%20f%C3%BCr%20zwei/%C3%A4/');
    expect(hrefOfPath('/de/a?b#c&d')).toBe('/de/a%3Fb%23c%26d/');
  });

  it('drops empty segments and adds the leading slash', () => {
    expect(hrefOfPath('/de//x/')).toBe('/de/x/');
    expect(hrefOfPath('de/x')).toBe('/de/x/');
    expect(hrefOfPath('/')).toBe('/');
    expect(hrefOfPath('')).toBe('/');
  });

  it('agrees with encoding segment by segment on every ASCII character', () => {
    for (let code = 32; code < 127; code++) {
      const path = `/de/a${String.fromCharCode(code)}b`;
      const segments = path.split('/').filter(Boolean);
      expect(hrefOfPath(path)).toBe(`/${segments.map(encodeURIComponent).join('/')}/`);
    }
  });

  it('agrees with encoding segment by segment wherever a character stands in a plain path', () => {
    const characters = [...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)), 'ä', 'ß', '\u00a0', '\u2028', '\n', '\t', '\u{1f600}'];
    for (const char of characters) {
      for (const path of [`/de/ab${char}`, `${char}/de/ab`, `/de/${char}ab`, `/de${char}/ab`, `/de/a/${char}`, `/de/ab/${char}${char}`]) {
        const segments = path.split('/').filter(Boolean);
        expect(hrefOfPath(path), JSON.stringify(path)).toBe(segments.length ? `/${segments.map(encodeURIComponent).join('/')}/` : '/');
      }
    }
  });
});
