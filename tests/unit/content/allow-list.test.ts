// The allow-list walk of CMS HTML (docs/hardening.md, "Sanitizing CMS HTML"): what it writes, what
// it drops, how it escapes. Read through `sanitizeAgain`, which applies the allow-list alone (no
// media tokens, no minifying); what cleaning adds on top is in sanitize-html.test.ts.
import { describe, expect, it } from 'vitest';
import { safeSrcset } from '../../../site/content/allow-list';
import { cleanHtml, sanitizeAgain } from '../../../site/content/sanitize-html';

const allowed = (html: string) => sanitizeAgain(html) as string;

describe('the allow-list walk', () => {
  it('escapes &, < and > in text, and " too in attribute values; every other character is written as it is', () => {
    expect(allowed('<p title="&quot;a&quot; &lt;b&gt; &amp; c">&lt;script&gt; a < b &amp; "q" it\'s &nbsp;&copy;</p>')).toBe(
      '<p>&lt;script&gt; a &lt; b &amp; "q" it\'s \u00a0©</p>',
    );
    expect(allowed('<abbr title="&quot;a&quot; &lt;b&gt; &amp; c \'d\'">x</abbr>')).toBe('<abbr title="&quot;a&quot; &lt;b&gt; &amp; c \'d\'">x</abbr>');
    // Entities are decoded once, by the parser, and only what must be is escaped again.
    expect(allowed('<p>&amp;lt; &notit; x&y</p>')).toBe('<p>&amp;lt; ¬it; x&amp;y</p>');
  });

  it('drops scripts, styles, forms fields, frames, embedded objects, <template> and <title> with their content', () => {
    const dropped = ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template', 'title'];
    for (const tag of dropped) expect(allowed(`<p>a<${tag}>inside <b>bold</b></${tag}>b</p>`), tag).toBe('<p>ab</p>');
    expect(allowed('<p>a<embed src="x.swf">b</p>')).toBe('<p>ab</p>');
  });

  it('replaces other elements that are not allowed by their content', () => {
    expect(allowed('<div><section>eins <font color="red">zwei</font> <my-widget x="1">drei</my-widget></section></div>')).toBe('eins zwei drei');
    expect(allowed('<select><option>o</option>kept</select><button>b</button>')).toBe('keptb');
  });

  it('drops comments, CDATA sections, processing instructions and doctypes', () => {
    expect(allowed('<!DOCTYPE html><!-- a --><p>x<!-- b -->y</p><![CDATA[c]]><?php echo 1 ?>')).toBe('<p>xy</p>');
  });

  it('drops <svg> and <math> whole, HTML inside them too, and keeps what follows', () => {
    expect(allowed('<svg onload="alert(1)"><script>alert(2)</script><foreignObject><p>f</p><img src="/a.jpg"></foreignObject></svg><p>after</p>')).toBe('<p>after</p>');
    expect(allowed('<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math><p>after</p>')).toBe('<p>after</p>');
  });

  it('requests no media from inert or dropped content', async () => {
    const result = await cleanHtml('<template><img src="/t.jpg"></template><svg><image href="/s.jpg"/></svg><noscript><img src="/n.jpg"></noscript><p>x</p>', {
      base: 'https://cms.example.org',
      mediaOrigins: new Set(['https://cms.example.org']),
    });
    expect(result).toEqual({ html: '<p>x</p>', media: [] });
  });

  it('refuses javascript: and other schemes however they are written; links take http(s), mailto and tel, images http(s)', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'jav&#x09;ascript:alert(1)', '&#106;avascript:alert(1)', ' javascript:alert(1)',
      'java&NewLine;script:alert(1)', 'javascript&colon;alert(1)', 'ja<!-- x -->vascript:alert(1)', 'vbscript:x', 'data:text/html,x', 'ftp://x/']) {
      expect(allowed(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
    // Protocol-relative URLs are refused too.
    expect(allowed('<a href="//evil.example/">a</a><a href="\\\\evil.example">b</a>')).toBe('<a>a</a><a>b</a>');
    expect(allowed('<a href="mailto:a@example.org">a</a><a href="tel:+4930">b</a><a href="/de/">c</a><a href="https://x.example/">d</a>')).toBe(
      '<a href="mailto:a@example.org">a</a><a href="tel:+4930">b</a><a href="/de/">c</a><a href="https://x.example/">d</a>',
    );
    expect(allowed('<img src="mailto:a@example.org"><img src="javascript:alert(1)"><img src="/a.jpg">')).toBe('<img src="/a.jpg" />');
  });

  it('keeps only the attributes each element may have, and drops empty values except alt="" and boolean reversed', () => {
    expect(allowed('<p lang="de" class="x" style="color:red" id="i" onclick="x()" data-x="1">p</p>')).toBe('<p lang="de">p</p>');
    expect(allowed('<td colspan="" rowspan="2" lang="">x</td>')).toContain('<td rowspan="2">x</td>');
    expect(allowed('<img src="/a.jpg" alt="" width="">')).toBe('<img src="/a.jpg" alt="" />');
    expect(allowed('<ol reversed start="">x</ol><ol reversed="reversed" start="3">y</ol>')).toBe('<ol reversed>x</ol><ol reversed="reversed" start="3">y</ol>');
  });

  it('writes void elements self-closed and drops images without a source and sources without candidates', () => {
    expect(allowed('<p>a<br>b</p><hr><img src="/a.jpg"><img alt="x"><picture><source srcset="/a.webp"><source type="image/webp"><source srcset="javascript:x 1x"></picture>')).toBe(
      '<p>a<br />b</p><hr /><img src="/a.jpg" /><picture><source srcset="/a.webp" /></picture>',
    );
  });

  it('demotes <h1> and makes links to a new window safe; rel without a target goes', () => {
    expect(allowed('<h1 lang="en">T</h1>')).toBe('<h2 lang="en">T</h2>');
    expect(allowed('<a href="/x" rel="opener" target="_top">a</a><a href="/y" rel="nofollow">b</a><a href="/z" target="" rel="x">c</a>')).toBe(
      '<a href="/x" rel="noopener noreferrer" target="_blank">a</a><a href="/y">b</a><a href="/z">c</a>',
    );
    expect(allowed('<a href="/x" target="top">a</a>')).toBe('<a href="/x" target="_blank" rel="noopener noreferrer">a</a>');
  });

  it('reads a srcset as the HTML standard does and writes it back in one form', () => {
    expect(safeSrcset('/a.jpg 1x,/b.jpg 2.0x, /c.jpg 1.50x,, /d.jpg 1e1x')).toBe('/a.jpg 1x, /b.jpg 2x, /c.jpg 1.5x, /d.jpg 10x');
    expect(safeSrcset('/a.jpg 0100w, /b.jpg 100w 50h, /c.jpg')).toBe('/a.jpg 100w, /b.jpg 100w 50h, /c.jpg');
    // Invalid descriptors drop their candidate: zero widths, two densities, units it does not know.
    expect(safeSrcset('/a.jpg 0w, /b.jpg 1x 2x, /c.jpg 10px, /d.jpg 2x')).toBe('/d.jpg 2x');
    // Parentheses hold commas: the rest is one invalid descriptor.
    expect(safeSrcset('/a.jpg 1x (x, /b.jpg 2x), /c.jpg')).toBe('/c.jpg');
    expect(safeSrcset('javascript:alert(1) 1x, //evil.example/a.jpg 2x')).toBeNull();
    expect(safeSrcset(' , ')).toBeNull();
  });

  // Before cleaning worked on the tree, the tree was serialized and parsed again by a second
  // parser, which read some text as markup and closed some elements early; these follow the tree.
  it('writes the text of <xmp>, <plaintext>, <noembed> and <noframes> as text, as a browser shows it', () => {
    expect(allowed('<xmp><b>bold</b></xmp><noembed><i>x</i></noembed><noframes><u>y</u></noframes>')).toBe(
      '&lt;b&gt;bold&lt;/b&gt;&lt;i&gt;x&lt;/i&gt;&lt;u&gt;y&lt;/u&gt;',
    );
    expect(allowed('<p>a</p><plaintext><b>not bold</b></p>')).toBe('<p>a</p>&lt;b&gt;not bold&lt;/b&gt;&lt;/p&gt;');
  });

  it('drops what an unclosed dropped element holds and nothing after it', () => {
    expect(allowed('<iframe><script></iframe><p>after</p>')).toBe('<p>after</p>');
    expect(allowed('<noscript>&lt;script&gt;</noscript><p>after</p>')).toBe('<p>after</p>');
    expect(allowed('<option>o<button>in the option</button><p>x</p>')).toBe('');
  });
});
