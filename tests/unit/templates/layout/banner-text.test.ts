// templates/layout/banner-text.ts: a notice's one-line summary and its full text, with headings
// flattened and a heading that only repeats the title left out.
import { describe, expect, it } from 'vitest';
import { bannerBody, bannerShortText, htmlText } from '../../../../templates/layout/banner-text';

const TITLE = 'Spa-Renovierung: Sauna geschlossen';

describe('banner texts', () => {
  it('flattens headings into bold paragraphs, keeping their language', () => {
    expect(bannerBody('<p>Vorab.</p><h2 lang="en">Opening hours</h2><p>Täglich.</p>', TITLE)).toBe(
      '<p>Vorab.</p><p lang="en"><strong>Opening hours</strong></p><p>Täglich.</p>',
    );
    expect(bannerBody('<h3>Teil</h3>', TITLE)).not.toMatch(/<h\d/);
  });

  it('leaves out a first heading that repeats the title', () => {
    expect(bannerBody(`<h2>${TITLE}</h2><p>Vom 1. bis 14. März.</p>`, TITLE)).toBe('<p>Vom 1. bis 14. März.</p>');
    expect(bannerBody(`<h2>${TITLE.toUpperCase()}.</h2><p>x</p>`, TITLE)).toBe('<p>x</p>');
    // Another heading first stays (flattened).
    expect(bannerBody('<h2>Was sich ändert</h2><p>x</p>', TITLE)).toBe('<p><strong>Was sich ändert</strong></p><p>x</p>');
  });

  it('summarizes with the teaser, else the body text without the repeated title', () => {
    expect(bannerShortText(TITLE, 'Kurz gesagt.', '<p>Lang.</p>')).toBe('Kurz gesagt.');
    expect(bannerShortText(TITLE, null, `<h2>${TITLE}</h2><p>Pool &amp; Grotte &nbsp;offen.</p>`)).toBe('Pool & Grotte offen.');
    expect(bannerShortText(TITLE, null, `<p>${TITLE}: Pool offen.</p>`)).toBe('Pool offen.');
    expect(bannerShortText(TITLE, null, `<h2>${TITLE}</h2>`)).toBeNull();
    expect(bannerShortText(TITLE, null, null)).toBeNull();
  });

  it('cuts a long text after a word, and reads only a bounded start of the body', () => {
    const long = bannerShortText(TITLE, null, `<p>${'Wort '.repeat(100_000)}</p>`)!;
    expect(long.length).toBeLessThanOrEqual(161);
    expect(long).toMatch(/Wort…$/);
  });

  it('reads plain text out of HTML', () => {
    expect(htmlText('<p>a</p><p>b &lt;c&gt; &quot;d&quot; &#39;e&#39;</p><p')).toBe('a b <c> "d" \'e\'');
  });
});
