import { readFileSync } from 'node:fs';
import { parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import { describe, expect, it } from 'vitest';
import { parsePlainMarkup } from '../../../site/content/plain-markup';

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.DocumentFragment;

/** What the allow-list walk reads of a tree: names, namespaces, attributes in order, text, comments. */
function shape(node: Node): unknown {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterTypes.TextNode).value;
  if (node.nodeName === '#comment') return { comment: (node as DefaultTreeAdapterTypes.CommentNode).data };
  const children = 'childNodes' in node ? node.childNodes.map(shape) : [];
  if (!('tagName' in node)) return children;
  return { name: node.tagName, ns: node.namespaceURI, attrs: node.attrs.map(({ name, value }) => [name, value]), children };
}

const parse5Shape = (input: string) => shape(parseFragment(input, { scriptingEnabled: false }));

/** The same tree as parse5's, or null. */
function plainShape(input: string): unknown {
  const tree = parsePlainMarkup(input);
  if (tree) expect(shape(tree), input).toEqual(parse5Shape(input));
  return tree && shape(tree);
}

const CMS_BODY =
  '<p>Ein <strong>Turm</strong> mit <a href="/de/wellness" title="Spa &amp; Bad">Spa</a>.</p>\n<p><img src="/sites/default/files/a.jpg" data-entity-type="file" width="800" height="600" alt="Turm"></p>' +
  '<ul><li>Blick&nbsp;ins Tal</li>\n<li><em>Bad</em> mit <b>Wanne</b></li></ul><h2>Lage</h2><p>Zeile<br>Zeile<br /></p><ol reversed><li><p>A</p></li></ol><blockquote><p>Zitat</p></blockquote>';

describe('parsePlainMarkup', () => {
  it('reads well-formed CMS markup into the tree parse5 builds', () => {
    expect(plainShape(CMS_BODY)).not.toBeNull();
    expect(plainShape('Nur Text, ohne Element & ohne Markup > x')).toBeNull();
    expect(plainShape('Nur Text, ohne Element > x')).not.toBeNull();
    expect(plainShape('<p>offen <em>und nicht geschlossen')).not.toBeNull();
    expect(plainShape('<p title="a\r\nb">Zeile\r\nZeile\rZeile</p>\r\n')).not.toBeNull();
  });

  it('leaves to parse5 what the parser would repair, decode or drop', () => {
    for (const input of [
      '<p>Absatz<p>im Absatz</p>',
      '<p><b>fett <i>kursiv</b></i></p>',
      '<strong><p>Block in Text</p></strong>',
      '<ul><p>Absatz in Liste</p></ul>',
      '<li>ohne Liste</li>',
      '<a href="/x">Link <a href="/y">im Link</a></a>',
      '<p>&copy; &#169; &amp</p>',
      '<p>Kommentar <!-- x --></p>',
      '<table><tr><td>Zelle</td></tr></table>',
      '<div>unbekannt</div>',
      '<P>GROSS</P>',
      '<p title=unquoted>x</p>',
      "<p title='single'>x</p>",
      '<img src="a" src="b">',
      '<p/>selbst geschlossen',
      '</p>',
      '<br></br>',
      'a\u0000b',
      '\ufeffBOM',
      '<p>1 < 2</p>',
      '<noscript><p>x</p></noscript>',
      '<p>' + '<span>'.repeat(40) + 'tief' + '</span>'.repeat(40) + '</p>',
    ]) {
      expect(parsePlainMarkup(input), input).toBeNull();
    }
  });

  it('builds parse5 tree for every corpus text it takes', () => {
    const corpus = JSON.parse(readFileSync(new URL('./sanitize-html.corpus.json', import.meta.url), 'utf8')) as { input: string }[];
    let taken = 0;
    for (const { input } of corpus) if (plainShape(input) !== null) taken++;
    expect(taken).toBeGreaterThan(0);
  });

  it('builds parse5 tree for every random sequence of tags and text it takes', () => {
    const pieces = [
      '<p>', '</p>', '<strong>', '</strong>', '<b>', '</b>', '<i>', '</i>', '<em>', '</em>', '<a href="/x?a=1&amp;b=2">', '<a>', '</a>',
      '<ul>', '</ul>', '<ol start="3">', '</ol>', '<li>', '</li>', '<h1>', '</h1>', '<h2>', '</h2>', '<blockquote>', '</blockquote>',
      '<span lang="de">', '</span>', '<br>', '<br/>', '<img src="x.jpg" alt="&quot;A&quot;">', '<img src="y.jpg" alt>', '<code>', '</code>',
      'Text', ' ', '\n', '\r\n', '\r', '\t', '&nbsp;', '&amp;', '&lt;', '&copy;', 'ü', '>', '<', '<div>', '</div>', '<table>', '<td>', '<!-- c -->', '<P>',
    ];
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    let taken = 0;
    for (let n = 0; n < 20_000; n++) {
      const length = 1 + Math.floor(random() * 16);
      let input = '';
      for (let k = 0; k < length; k++) input += pieces[Math.floor(random() * pieces.length)];
      if (plainShape(input) !== null) taken++;
    }
    // Enough of them well-formed that the comparison means something.
    expect(taken).toBeGreaterThan(500);
  });
});
