import { describe, expect, it } from 'vitest';
import { MAX_PATH_LENGTH } from '../../../site/routes/path-length';
import { parseRequestPath, refusedPathScope } from '../../../site/serve/request-path';

describe('request paths', () => {
  it('splits, decodes and re-encodes a page path as page hrefs are written', () => {
    expect(parseRequestPath('/de/uebernachten/turmzimmer/')).toEqual({
      ok: true, segments: ['de', 'uebernachten', 'turmzimmer'], trailingSlash: true, search: '', href: '/de/uebernachten/turmzimmer/',
    });
    const umlaut = parseRequestPath('/de/%c3%bcber-uns?x=1#top');
    expect(umlaut).toMatchObject({ ok: true, segments: ['de', 'über-uns'], trailingSlash: false, search: '?x=1', href: '/de/%C3%BCber-uns' });
    expect(parseRequestPath('/')).toMatchObject({ ok: true, segments: [], trailingSlash: true, href: '/' });
    expect(parseRequestPath('/de/Pressemeldungen/')).toMatchObject({ ok: true, href: '/de/Pressemeldungen/' });
  });

  it.each([
    ['/../secret.txt', 400],
    ['/de/../../secret.txt', 400],
    ['/%2e%2e/secret.txt', 400],
    ['/.%2E/secret.txt', 400],
    ['/./secret.txt', 400],
    ['/..%2fsecret.txt', 400],
    ['/de/%2F..%2Fsecret.txt', 400],
    ['/..%5csecret.txt', 400],
    ['/..\\secret.txt', 400],
    ['/de/%00/secret.txt', 400],
    ['/secret.txt%00.html', 400],
    ['/%c0%ae%c0%ae/secret.txt', 400],
    ['/%e0%80%ae/secret.txt', 400],
    ['/de/%zz/', 400],
    ['//etc/passwd', 400],
    ['/de/a%0d%0aSet-Cookie:x', 400],
    ['http://evil.example/secret.txt', 400],
    ['*', 400],
    [`/${'a/'.repeat(MAX_PATH_LENGTH)}`, 400],
    ['/.git/config', 404],
    ['/de/.env', 404],
  ])('refuses %s with %i', (path, status) => {
    expect(parseRequestPath(path)).toMatchObject({ ok: false, status });
  });

  it('keeps a double-encoded dot segment as the literal name it is', () => {
    expect(parseRequestPath('/%252e%252e/secret.txt')).toMatchObject({ ok: true, segments: ['%2e%2e', 'secret.txt'] });
  });

  it('scopes the not-found page of a refused path by its language folder', () => {
    expect(refusedPathScope('/en/.env').segments).toEqual(['en']);
    expect(refusedPathScope('/.git/config').segments).toEqual([]);
  });
});
