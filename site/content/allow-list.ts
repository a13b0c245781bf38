// What of CMS HTML is published (docs/hardening.md, "Sanitizing CMS HTML"): the parse5 tree a
// browser would build is walked once and written out as HTML, element by element, keeping only what
// this allow-list names. Everything else is decided here too: which elements go with their content
// and which are unwrapped to it, which attribute values are dropped, which URL schemes a link or an
// image may use, how text and attribute values are escaped.
import type { DefaultTreeAdapterTypes } from 'parse5';

type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;
type Element = DefaultTreeAdapterTypes.Element;

/** An element's attributes by name, in the order they are written out. */
export type Attributes = Record<string, string>;

const ALLOWED_TAGS = new Set([
  'p', 'br', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 'b', 'i', 'u', 's', 'sub', 'sup', 'small',
  'blockquote', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'hr', 'figure', 'figcaption', 'img',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'abbr', 'cite', 'q', 'code', 'span',
  'picture', 'source',
]);

/** Attributes allowed on every allowed element. */
const GLOBAL_ATTRIBUTES = new Set(['lang']);
const ALLOWED_ATTRIBUTES: Readonly<Record<string, ReadonlySet<string>>> = {
  a: new Set(['href', 'title', 'hreflang', 'target', 'rel']),
  img: new Set(['src', 'srcset', 'sizes', 'alt', 'width', 'height']),
  source: new Set(['srcset', 'sizes', 'media', 'type', 'width', 'height']),
  th: new Set(['scope', 'colspan', 'rowspan']),
  td: new Set(['colspan', 'rowspan']),
  abbr: new Set(['title']),
  ol: new Set(['start', 'reversed']),
};

/** Allowed attributes that are written without a value when empty; `alt=""` says "decorative" and stays. Any other empty value is dropped. */
const BOOLEAN_ATTRIBUTES = new Set(['reversed']);

/** Disallowed elements whose content goes with them; any other disallowed element is replaced by its content. */
const DROPPED_WITH_CONTENT = new Set([
  'script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'title', 'head',
]);

/** Void elements, written `<br />`. */
const SELF_CLOSING = new Set(['img', 'br', 'hr', 'source']);

/** URL schemes an `href` may use; an image only the web's. Protocol-relative URLs (`//host`) are refused. */
const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
const IMAGE_SCHEMES = new Set(['http', 'https']);

/**
 * Changes to one allowed element's attributes before they are judged: the rules below always, the
 * caller's (media tokens, links to CMS pages) on top. `img` returning null drops the image.
 */
export interface Rewrites {
  a?(attributes: Attributes): Attributes;
  img?(attributes: Attributes): Attributes | null;
  source?(attributes: Attributes): Attributes;
}

/** `root`'s content cut down to the allow-list, as HTML. */
export function writeAllowed(root: ParentNode, rewrites: Rewrites = {}): string {
  return writeNodes(root.childNodes, rewrites);
}

// Recursive: the tree was flattened below a fixed depth first (site/content/limit-nesting.ts).
function writeNodes(nodes: ChildNode[], rewrites: Rewrites): string {
  let out = '';
  for (const node of nodes) {
    if (node.nodeName === '#text') out += escapeHtml((node as DefaultTreeAdapterTypes.TextNode).value, false);
    else if ('tagName' in node) out += writeElement(node, rewrites);
    // Comments and doctypes are dropped.
  }
  return out;
}

function writeElement(element: Element, rewrites: Rewrites): string {
  // Only <svg> and <math> start foreign content, and both go with everything in them.
  if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml') return '';
  // A body never adds a second <h1> to its page.
  const name = element.tagName === 'h1' ? 'h2' : element.tagName;
  if (!ALLOWED_TAGS.has(name)) return DROPPED_WITH_CONTENT.has(name) ? '' : writeNodes(element.childNodes, rewrites);
  let attributes = readAttributes(element);
  if (name === 'a') {
    attributes = safeTarget(attributes);
    if (rewrites.a) attributes = rewrites.a(attributes);
  } else if (name === 'img' && rewrites.img) {
    const rewritten = rewrites.img(attributes);
    if (!rewritten) return '';
    attributes = rewritten;
  } else if (name === 'source' && rewrites.source) attributes = rewrites.source(attributes);
  const allowed = ALLOWED_ATTRIBUTES[name];
  let tag = `<${name}`;
  let hasSrc = false;
  let hasSrcset = false;
  for (const key in attributes) {
    let value = attributes[key]!;
    if (!(allowed?.has(key) || GLOBAL_ATTRIBUTES.has(key))) continue;
    if (!value && key !== 'alt' && !BOOLEAN_ATTRIBUTES.has(key)) continue;
    if ((key === 'href' || key === 'src') && unsafeUrl(value, name === 'img' ? IMAGE_SCHEMES : LINK_SCHEMES)) continue;
    if (key === 'srcset') {
      const set = safeSrcset(value);
      if (!set) continue;
      value = set;
      hasSrcset = true;
    }
    if (key === 'src') hasSrc = true;
    tag += value ? ` ${key}="${escapeHtml(value, true)}"` : key === 'alt' ? ' alt=""' : ` ${key}`;
  }
  // An image without a source, a picture source without candidates, show nothing.
  if ((name === 'img' && !hasSrc) || (name === 'source' && !hasSrcset)) return '';
  if (SELF_CLOSING.has(name)) return `${tag} />`;
  return `${tag}>${writeNodes(element.childNodes, rewrites)}</${name}>`;
}

/** The element's attributes as the parser read them (names lowercased; of duplicates it kept the first). */
function readAttributes(element: Element): Attributes {
  const attributes: Attributes = {};
  for (const { name, value } of element.attrs) attributes[name] = value;
  return attributes;
}

/** A link opening a new window always opens a plain one, without a handle on this page (reverse tabnabbing). */
function safeTarget(attributes: Attributes): Attributes {
  const safe = { ...attributes };
  if (safe.target) {
    safe.target = '_blank';
    safe.rel = 'noopener noreferrer';
  } else delete safe.rel;
  return safe;
}

/**
 * Whether a URL uses a scheme not in `schemes`, or is protocol-relative. Read as a browser reads
 * it: control characters and spaces anywhere are ignored (`java\tscript:`), and so are HTML
 * comments (entities were decoded by the parser).
 */
function unsafeUrl(value: string, schemes: ReadonlySet<string>): boolean {
  let url = value.replace(/[\x00-\x20]+/g, '');
  for (let start = url.indexOf('<!--'); start !== -1; start = url.indexOf('<!--')) {
    const end = url.indexOf('-->', start + 4);
    if (end === -1) break;
    url = url.slice(0, start) + url.slice(end + 3);
  }
  const scheme = /^([a-zA-Z][a-zA-Z0-9.+-]*):/.exec(url)?.[1];
  if (!scheme) return /^[/\\]{2}/.test(url);
  return !schemes.has(scheme.toLowerCase());
}

/**
 * A srcset as the HTML standard parses it (candidates with invalid descriptors dropped), every
 * URL checked like an href, written back in one form (`url 800w, url 2x`); null when no candidate
 * is left.
 */
export function safeSrcset(value: string): string | null {
  const kept: string[] = [];
  for (const { url, w, h, d } of parseSrcset(value)) {
    if (unsafeUrl(url, LINK_SCHEMES)) continue;
    kept.push(url + (w ? ` ${w}w` : '') + (h ? ` ${h}h` : '') + (d ? ` ${d}x` : ''));
  }
  return kept.length ? kept.join(', ') : null;
}

interface Candidate {
  url: string;
  w?: number;
  h?: number;
  d?: number;
}

const SPACE = /[ \t\n\r\f]/;

/** The HTML standard's "parse a srcset attribute", keeping the candidates whose descriptors are valid. */
function parseSrcset(input: string): Candidate[] {
  const candidates: Candidate[] = [];
  let pos = 0;
  const collect = (pattern: RegExp): string => {
    pattern.lastIndex = pos;
    const match = pattern.exec(input);
    if (!match) return '';
    pos += match[0].length;
    return match[0];
  };
  for (;;) {
    collect(/[, \t\n\r\f]*/y);
    if (pos >= input.length) return candidates;
    let url = collect(/[^ \t\n\r\f]+/y);
    const descriptors: string[] = [];
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else {
      collect(/[ \t\n\r\f]*/y);
      let current = '';
      let state: 'descriptor' | 'parens' | 'after' = 'descriptor';
      for (;; pos++) {
        const c = input.charAt(pos);
        if (state === 'descriptor') {
          if (SPACE.test(c) && c) {
            if (current) {
              descriptors.push(current);
              current = '';
              state = 'after';
            }
          } else if (c === ',') {
            pos++;
            if (current) descriptors.push(current);
            break;
          } else if (c === '(') {
            current += c;
            state = 'parens';
          } else if (c === '') {
            if (current) descriptors.push(current);
            break;
          } else current += c;
        } else if (state === 'parens') {
          if (c === ')') {
            current += c;
            state = 'descriptor';
          } else if (c === '') {
            descriptors.push(current);
            break;
          } else current += c;
        } else if (c === '') break;
        else if (!SPACE.test(c)) {
          state = 'descriptor';
          pos--;
        }
      }
    }
    const candidate = withDescriptors(url, descriptors);
    if (candidate) candidates.push(candidate);
  }
}

function withDescriptors(url: string, descriptors: string[]): Candidate | null {
  const candidate: Candidate = { url };
  let w: number | undefined;
  let h: number | undefined;
  let d: number | undefined;
  let valid = true;
  for (const descriptor of descriptors) {
    const kind = descriptor[descriptor.length - 1];
    const value = descriptor.slice(0, -1);
    if (/^\d+$/.test(value) && kind === 'w') {
      if (w || d) valid = false;
      if (Number.parseInt(value, 10) === 0) valid = false;
      else w = Number.parseInt(value, 10);
    } else if (/^-?(?:[0-9]+|[0-9]*\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/.test(value) && kind === 'x') {
      if (w || d || h) valid = false;
      if (Number.parseFloat(value) < 0) valid = false;
      else d = Number.parseFloat(value);
    } else if (/^\d+$/.test(value) && kind === 'h') {
      if (h || d) valid = false;
      if (Number.parseInt(value, 10) === 0) valid = false;
      else h = Number.parseInt(value, 10);
    } else valid = false;
  }
  if (!valid) return null;
  if (w) candidate.w = w;
  if (d) candidate.d = d;
  if (h) candidate.h = h;
  return candidate;
}

/** Text with `&`, `<` and `>` escaped; in an attribute value (`quote`) `"` too. Everything else is written as it is. */
export function escapeHtml(text: string, quote: boolean): string {
  if (!(quote ? /[&<>"]/ : /[&<>]/).test(text)) return text;
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return quote ? escaped.replace(/"/g, '&quot;') : escaped;
}
