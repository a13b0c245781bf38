// The tree parse5 builds for plain CMS markup, built without parse5: most CMS texts are paragraphs,
// headings, lists, links, inline images and emphasis, written well-formed, and for such markup the
// HTML standard's tree construction does nothing but nest what it reads. Anything else — an entity
// beyond the few named below, a comment, a table, a misnested or stray tag, an unquoted attribute,
// a block inside a paragraph — returns null and goes through parse5 (./sanitize-html.ts). The
// allow-list walk then reads this tree exactly as it reads parse5's, so what is published is the
// same either way (tests/unit/content/plain-markup.test.ts compares the two).
import type { DefaultTreeAdapterTypes } from 'parse5';

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type DocumentFragment = DefaultTreeAdapterTypes.DocumentFragment;

const HTML_NS = 'http://www.w3.org/1999/xhtml' as DefaultTreeAdapterTypes.Element['namespaceURI'];

/** Start only where no paragraph, heading or inline element is open: the parser then closes nothing. */
const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'blockquote']);
/** Where a block may start: the fragment itself, a list item, a quote. */
const HOLDS_BLOCKS = new Set(['li', 'blockquote']);
/** Phrasing elements the parser only nests (formatting ones included: well-nested, they never need reconstructing). */
const INLINE = new Set(['a', 'strong', 'em', 'b', 'i', 'u', 's', 'sub', 'sup', 'small', 'span', 'code', 'abbr', 'cite', 'q']);
const VOID = new Set(['br', 'img']);
/** Elements after which no block may start until they are closed. */
const PHRASING = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', ...INLINE]);
/** Well below the nesting cap (./limit-nesting.ts), which then never changes this tree. */
const MAX_DEPTH = 32;

/** The named references decoded here, each with its semicolon; any other `&` goes to parse5. */
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: '\u00a0' };
const TEXT = /(?:[^<&\0\ufeff]|&(?:amp|lt|gt|quot|nbsp);)+/y;
const START = /<([a-z][a-z0-9]*)((?:[ \t\n\f]+[a-z][a-z0-9-]*(?:="(?:[^"&\0\ufeff]|&(?:amp|lt|gt|quot|nbsp);)*")?)*)[ \t\n\f]*(\/?)>/y;
const END = /<\/([a-z][a-z0-9]*)>/y;
const ATTRIBUTE = /[ \t\n\f]+([a-z][a-z0-9-]*)(?:="([^"]*)")?/g;

function decode(text: string): string {
  return text.includes('&') ? text.replace(/&(amp|lt|gt|quot|nbsp);/g, (_, name: string) => ENTITIES[name]!) : text;
}

/** parse5's `parseFragment(input)` tree for plain markup (see the header), or null. */
export function parsePlainMarkup(source: string): DocumentFragment | null {
  // Line breaks as the parser's input stream reads them, before it reads anything else.
  const input = source.includes('\r') ? source.replace(/\r\n?/g, '\n') : source;
  const root = { nodeName: '#document-fragment', childNodes: [] } as unknown as DocumentFragment;
  const open: Element[] = [];
  let parent: ParentNode = root;
  let phrasing = 0;
  let links = 0;
  let at = 0;
  while (at < input.length) {
    if (input.charCodeAt(at) !== 0x3c /* < */) {
      TEXT.lastIndex = at;
      const text = TEXT.exec(input);
      if (!text) return null;
      at += text[0].length;
      parent.childNodes.push({ nodeName: '#text', value: decode(text[0]), parentNode: parent } as DefaultTreeAdapterTypes.TextNode);
      continue;
    }
    const current = open.length ? open[open.length - 1]!.tagName : null;
    if (input.charCodeAt(at + 1) === 0x2f /* / */) {
      END.lastIndex = at;
      const end = END.exec(input);
      if (!end || end[1] !== current) return null;
      at += end[0].length;
      const closed = open.pop()!;
      if (PHRASING.has(closed.tagName)) phrasing--;
      if (closed.tagName === 'a') links--;
      parent = open.length ? open[open.length - 1]! : root;
      continue;
    }
    START.lastIndex = at;
    const start = START.exec(input);
    if (!start) return null;
    const name = start[1]!;
    const isVoid = VOID.has(name);
    if (start[3] && !isVoid) return null;
    if (BLOCKS.has(name)) {
      if (phrasing > 0 || (current !== null && !HOLDS_BLOCKS.has(current))) return null;
    } else if (name === 'li') {
      if (current !== 'ul' && current !== 'ol') return null;
    } else if (name === 'a') {
      if (links > 0) return null;
    } else if (!INLINE.has(name) && !isVoid) return null;
    const attrs: { name: string; value: string }[] = [];
    for (const [, key, value] of start[2]!.matchAll(ATTRIBUTE)) {
      if (attrs.some((attribute) => attribute.name === key)) return null;
      attrs.push({ name: key!, value: value === undefined ? '' : decode(value) });
    }
    at += start[0].length;
    const element = { nodeName: name, tagName: name, attrs, namespaceURI: HTML_NS, childNodes: [], parentNode: parent } as unknown as Element;
    parent.childNodes.push(element);
    if (isVoid) continue;
    if (open.length === MAX_DEPTH) return null;
    open.push(element);
    parent = element;
    if (PHRASING.has(name)) phrasing++;
    if (name === 'a') links++;
  }
  return root;
}
