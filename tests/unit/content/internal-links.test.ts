import { describe, expect, it } from 'vitest';
import { isGenericLinkText, rewriteLinks, sameSiteHref } from '../../../site/content/internal-links';

const SITE = 'https://www.hotel.example';
const PAGES = new Map([
  ['/de/uebernachten/turmzimmer/', 'Turmzimmer'],
  ['/de/uebernachten/', 'Zimmer & Suiten'],
  ['/en/accommodation/tower-room/', 'Tower Room <West>'],
]);
const resolve = (href: string) => PAGES.get(href) ?? null;
const rewrite = (html: string, base = '/de/artikel/x/') => rewriteLinks(html, base, new URL(SITE).origin, resolve);

describe('sameSiteHref', () => {
  it('gives the page href of site-relative, relative and own-origin links', () => {
    expect(sameSiteHref('/de/uebernachten/turmzimmer', '/de/', SITE)).toBe('/de/uebernachten/turmzimmer/');
    expect(sameSiteHref('turmzimmer/', '/de/uebernachten/', SITE)).toBe('/de/uebernachten/turmzimmer/');
    expect(sameSiteHref('../uebernachten/?x=1#top', '/de/artikel/', SITE)).toBe('/de/uebernachten/');
    expect(sameSiteHref(`${SITE}/en/accommodation/tower-room/`, '/de/', SITE)).toBe('/en/accommodation/tower-room/');
    expect(sameSiteHref('/de/%C3%BCber%20uns', '/de/', SITE)).toBe('/de/%C3%BCber%20uns/');
  });

  it('leaves out other sites, anchors, other schemes, files and paths outside the language folders', () => {
    for (const href of ['https://elsewhere.example/de/x', '//elsewhere.example/de/x', '#top', 'mailto:a@b.example', 'tel:+49', '/media/menu.3f2a.pdf', '/assets/main.js', '/de/404.html', '/robots.txt', '/', '']) {
      expect(sameSiteHref(href, '/de/', SITE), href).toBeNull();
    }
  });
});

describe('isGenericLinkText', () => {
  it('knows the texts that name no target, in either language', () => {
    for (const text of ['Learn more', 'Read more …', ' Mehr erfahren » ', 'hier', 'Details', 'click here.', 'Weiterlesen →']) expect(isGenericLinkText(text), text).toBe(true);
    for (const text of ['Zum Turmzimmer', 'Tower Room', 'More rooms in the west tower', '']) expect(isGenericLinkText(text), text).toBe(false);
  });
});

describe('rewriteLinks', () => {
  it('publishes a link to a page the site does not publish as its text', () => {
    const result = rewrite('<p>Siehe <a href="/de/geheim">das <strong>Geheimnis</strong></a> &amp; mehr.</p>');
    expect(result.html).toBe('<p>Siehe das <strong>Geheimnis</strong> &amp; mehr.</p>');
    expect(result.dead).toEqual(['/de/geheim/']);
    expect(result.targets).toEqual(['/de/geheim/']);
  });

  it('gives a generic link text the target title, visually hidden and escaped', () => {
    expect(rewrite('<p><a href="/de/uebernachten/turmzimmer/">Mehr erfahren</a></p>').html).toBe(
      '<p><a href="/de/uebernachten/turmzimmer/">Mehr erfahren<span class="visually-hidden"> – Turmzimmer</span></a></p>',
    );
    expect(rewrite(`<p><a href="${SITE}/en/accommodation/tower-room">Learn more</a></p>`).html).toBe(
      `<p><a href="${SITE}/en/accommodation/tower-room">Learn more<span class="visually-hidden"> – Tower Room &lt;West&gt;</span></a></p>`,
    );
  });

  it('leaves everything else byte for byte as it was', () => {
    const html = '<p>&quot;Zimmer&quot; <a href="/de/uebernachten/" title="x">Unsere Zimmer</a>, <a href="https://elsewhere.example/">Learn more</a>, <a href="#top">hier</a>, <a href="/media/x.1234.pdf">Details</a></p>';
    const result = rewrite(html);
    expect(result.html).toBe(html);
    expect(result.targets).toEqual(['/de/uebernachten/']);
    expect(result.dead).toEqual([]);
  });

  it('does not parse HTML without a link, and says when a relative link made it depend on the page', () => {
    expect(rewrite('<p>Kein Link</p>')).toEqual({ html: '<p>Kein Link</p>', targets: [], dead: [], relative: false });
    expect(rewrite('<p><a href="turmzimmer">hier</a></p>', '/de/uebernachten/')).toMatchObject({ relative: true, html: '<p><a href="turmzimmer">hier<span class="visually-hidden"> – Turmzimmer</span></a></p>' });
    expect(rewrite('<p><a href="turmzimmer">hier</a></p>', '/de/artikel/')).toMatchObject({ relative: true, html: '<p>hier</p>' });
  });

  it('does not name the target of a link that shows an image, and ends a link the text left open', () => {
    const image = '<p><a href="/de/uebernachten/"><img src="/media/x.1234.jpg" alt="">Details</a></p>';
    expect(rewrite(image).html).toBe(image);
    expect(rewrite('<p><a href="/de/uebernachten/">mehr').html).toBe('<p><a href="/de/uebernachten/">mehr<span class="visually-hidden"> – Zimmer &amp; Suiten</span>');
    expect(rewrite('<p><a href="/de/geheim">Geheim').html).toBe('<p>Geheim');
  });

  it('reads character references in hrefs and link texts as the parser does', () => {
    const generic = '<p><a href="/de/uebernachten/turmzimmer/?a=1&amp;b=2">Mehr&nbsp;<b>erfahren</b> &raquo;</a></p>';
    expect(rewrite(generic).html).toBe(generic.replace('</a>', '<span class="visually-hidden"> – Turmzimmer</span></a>'));
    expect(rewrite('<p><A HREF="&#47;de&#47;geheim">Ge<b>heim</b></A> <a href="/de/uebernachten/">x</a></p>').html).toBe('<p>Ge<b>heim</b> <a href="/de/uebernachten/">x</a></p>');
  });

  it('reads the first href of a tag, not an attribute that only names one', () => {
    const html = '<p><a data-href="/de/geheim" title="href=&quot;/de/geheim&quot;" href="/de/uebernachten/" hreflang="de">mehr</a></p>';
    const result = rewrite(html);
    expect(result.targets).toEqual(['/de/uebernachten/']);
    expect(result.html).toBe(html.replace('</a>', '<span class="visually-hidden"> – Zimmer &amp; Suiten</span></a>'));
  });

  it('handles deeply nested text without recursion', () => {
    const deep = `${'<span>'.repeat(5000)}x${'</span>'.repeat(5000)}`;
    const html = `<p><a href="/de/geheim">${deep}</a></p>`;
    expect(rewrite(html).dead).toEqual(['/de/geheim/']);
  });
});
