import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanHtml, HtmlMemo, sanitizeAgain, type CleanHtml } from '../../../site/content/sanitize-html';
import { MEDIA_TOKEN_PREFIX, mediaToken } from '../../../site/media/media-tokens';

const base = 'https://cms.example.org';
const source = { base, mediaOrigins: new Set([base, 'https://cdn.example.org']) };
const clean = async (html: string) => (await cleanHtml(html, source))?.html ?? null;

describe('cleanHtml', () => {
  it('keeps formatting, links and lists', async () => {
    expect(await clean('<p>Ein <strong>Turm</strong> mit <a href="/de/wellness">Spa</a>.</p>\n\n<ul><li>A</li></ul>')).toBe(
      '<p>Ein <strong>Turm</strong> mit <a href="/de/wellness">Spa</a>.</p> <ul><li>A</li></ul>',
    );
  });

  it('removes scripts, styles, iframes, event handlers and javascript: URLs', async () => {
    const html = await clean(
      '<p onclick="steal()">Hi<script>alert(1)</script><style>p{}</style></p><iframe src="https://x"></iframe><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)">',
    );
    expect(html).not.toMatch(/script|style|iframe|onclick|onerror|javascript:/i);
    expect(html).toContain('<p>Hi</p>');
  });

  it('repairs unclosed and misnested tags as a browser would: well-formed output', async () => {
    expect(await clean('<p><b>offen <i>kursiv <a href="/de/uebernachten">Link<table><tr><td>Zelle')).toBe(
      '<p><b>offen <i>kursiv <a href="/de/uebernachten">Link</a></i></b></p><table><tbody><tr><td>Zelle</td></tr></tbody></table>',
    );
  });

  it('reads <noscript> as markup and drops it whole, without losing what follows', async () => {
    expect(await clean('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript><p>danach</p>')).toBe('<p>danach</p>');
  });

  it('demotes a CMS h1 so the page keeps one h1', async () => {
    expect(await clean('<h1>Title</h1>')).toBe('<h2>Title</h2>');
  });

  it('makes links to a new window safe', async () => {
    expect(await clean('<a href="https://example.org" target="_top">x</a>')).toBe('<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>');
  });

  it('replaces inline images by media tokens so they are downloaded, not hot-linked', async () => {
    const result = await cleanHtml('<p><img src="/sites/default/files/a.jpg" data-entity-type="file" alt="A"></p>', source);
    expect(result!.media).toEqual(['https://cms.example.org/sites/default/files/a.jpg']);
    expect(result!.html).toContain(`src="${mediaToken('https://cms.example.org/sites/default/files/a.jpg')}"`);
    expect(result!.html).not.toContain('data-entity-type');
  });

  it('tokenizes every srcset candidate of img and picture sources, relative or absolute', async () => {
    const result = await cleanHtml(
      '<picture><source srcset="/f/a-800.webp 800w, https://cdn.example.org/a-1600.webp 1600w" type="image/webp"><img src="f/a.jpg" srcset="/f/a@2x.jpg 2x" alt=""></picture>',
      source,
    );
    expect(result!.media.sort()).toEqual([
      'https://cdn.example.org/a-1600.webp', 'https://cms.example.org/f/a-800.webp', 'https://cms.example.org/f/a.jpg', 'https://cms.example.org/f/a@2x.jpg',
    ]);
    expect(result!.html).toContain(`srcset="${mediaToken('https://cms.example.org/f/a-800.webp')} 800w, ${mediaToken('https://cdn.example.org/a-1600.webp')} 1600w"`);
    expect(result!.html).not.toMatch(/https?:\/\//);
    expect(result!.html).not.toContain('</source>');
  });

  it('makes links to CMS files downloads and links to CMS pages site paths; other hosts stay links', async () => {
    const result = await cleanHtml(
      '<p><a href="/sites/default/files/docs/Preise 2026.pdf">Preise</a> <a href="https://cms.example.org/de/uebernachten?x=1#top">Zimmer</a> <a href="https://other.example/a.pdf">Fremd</a></p>',
      source,
    );
    expect(result!.media).toEqual(['https://cms.example.org/sites/default/files/docs/Preise%202026.pdf']);
    expect(result!.html).toContain(`<a href="${mediaToken('https://cms.example.org/sites/default/files/docs/Preise%202026.pdf')}">Preise</a>`);
    expect(result!.html).toContain('<a href="/de/uebernachten?x=1#top">Zimmer</a>');
    expect(result!.html).toContain('<a href="https://other.example/a.pdf">Fremd</a>');
  });

  it('keeps a link no URL parser reads as written, instead of failing', async () => {
    expect(await clean('<a href="http://[bad">x</a>')).toBe('<a href="http://[bad">x</a>');
  });

  it('returns null for empty or fully disallowed input', async () => {
    expect(await clean('  ')).toBeNull();
    expect(await clean('<script>x</script>')).toBeNull();
    expect(await clean('<p> <strong>\n</strong><br></p>')).toBeNull();
    expect(await clean('<a href="/de/" title="a > b"> </a>')).toBeNull();
    expect(await clean('<p><strong> x </strong></p>')).toBe('<p><strong> x </strong></p>');
  });
});

describe('HtmlMemo', () => {
  const html = '<p><img src="/sites/default/files/a.jpg" alt="A"> Turm</p>';

  it('cleans a text once per source; each caller gets its own media list', async () => {
    const memo = new HtmlMemo();
    let cleaned = 0;
    const counting = () => (cleaned++, cleanHtml(html, source));
    expect(memo.get(html, source, counting)).toBe(memo.get(html, source, counting));
    expect(cleaned).toBe(1);
    const first = await cleanHtml(html, source, memo);
    first!.media.push('changed by the caller');
    const second = await cleanHtml(html, source, memo);
    expect(second).toEqual(await cleanHtml(html, source));
    expect(second!.media).toEqual(['https://cms.example.org/sites/default/files/a.jpg']);
  });

  it('keeps texts from another CMS or with other media hosts apart, and forgets on clear', async () => {
    const memo = new HtmlMemo();
    const other = { base: 'https://other.example.org', mediaOrigins: new Set(['https://other.example.org']) };
    const cmsOnly = { base, mediaOrigins: new Set([base]) };
    const kept = memo.get(html, source, () => cleanHtml(html, source));
    expect(memo.get(html, other, () => cleanHtml(html, other))).not.toBe(kept);
    expect(memo.get(html, cmsOnly, () => cleanHtml(html, cmsOnly))).not.toBe(kept);
    expect((await cleanHtml(html, other, memo))!.media).toEqual(['https://other.example.org/sites/default/files/a.jpg']);
    memo.clear();
    expect(memo.get(html, source, () => cleanHtml(html, source))).not.toBe(kept);
  });
});

/**
 * Hostile and generated inputs with what the cleaner made of them when it still serialized the
 * parse5 tree and cut the string down with sanitize-html: cleaning in one walk of the tree
 * gives the same bytes and media. Media tokens are written `{media}` (their prefix is per process).
 */
describe('cleanHtml on a frozen corpus', () => {
  const corpus = JSON.parse(readFileSync(new URL('./sanitize-html.corpus.json', import.meta.url), 'utf8')) as {
    input: string;
    cleaned: CleanHtml | null;
    again: string;
  }[];
  const frozen = (html: string) => html.split(MEDIA_TOKEN_PREFIX).join('{media}');

  it('cleans each input as before', async () => {
    for (const { input, cleaned } of corpus) {
      const result = await cleanHtml(input, source);
      expect(result && { html: frozen(result.html), media: result.media }, input).toEqual(cleaned);
    }
  });

  it('sanitizes each input again as before', () => {
    for (const { input, again } of corpus) expect(frozen(sanitizeAgain(input)), input).toBe(again);
  });
});
