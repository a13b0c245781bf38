// Links in CMS HTML against the pages the site publishes (docs/site.md, "Links in CMS text"): a
// link to a page of this site that does not exist is published as its text, and a link whose text
// says nothing ("Learn more", "hier") gets the target's title as visually hidden text. Pure: runs on
// sanitized HTML, edits only the link tags where it found them, so everything else
// stays byte for byte as sanitized.
import { Tokenizer, type Token, type TokenHandler } from 'parse5';
import { LOCALES } from '../model/content-types';
import { hrefOfPath } from '../routes/url-to-file';

/** Where a link leads, as the site knows it: a page's title, or null when the site has no page there. */
export type ResolveTarget = (href: string) => string | null;

export interface LinkedHtml {
  html: string;
  /** Same-site pages it links to (hrefs as `sameSiteHref` gives them), whether they exist or not. */
  targets: string[];
  /** Targets the site does not publish, linked as text now. */
  dead: string[];
  /** Whether a relative link made the result depend on the page it is shown on. */
  relative: boolean;
}

/** Stand-in origin for resolving site-relative links; never published. */
const HERE = 'https://here.invalid';

/**
 * The page href (encoded, trailing slash) a link leads to when it is a link to a page of this site
 * — relative, site-relative, or on `siteOrigin` — under a language folder; null for everything else:
 * other sites, anchors, other schemes, files (media, assets, a name with an extension) and paths
 * outside the language folders, which count as existing.
 */
export function sameSiteHref(href: string, base: string, siteOrigin: string | null): string | null {
  const value = href.trim();
  if (!value || value.startsWith('#')) return null;
  let url: URL;
  try {
    url = new URL(value, HERE + (base.startsWith('/') ? base : `/${base}`));
  } catch {
    return null;
  }
  if (url.origin !== HERE && url.origin !== siteOrigin) return null;
  const segments: string[] = [];
  for (const encoded of url.pathname.split('/')) {
    if (!encoded) continue;
    try {
      segments.push(decodeURIComponent(encoded).normalize('NFC'));
    } catch {
      segments.push(encoded);
    }
  }
  if (!segments.length || !(LOCALES as readonly string[]).includes(segments[0]!)) return null;
  if (/\.[a-z0-9]{1,5}$/i.test(segments[segments.length - 1]!) && segments.length > 1) return null;
  return hrefOfPath(`/${segments.join('/')}`);
}

/** Link texts that name no target, as they come from editors in either language (compared lowercased, trimmed). */
const GENERIC_TEXTS = new Set([
  'click here', 'click', 'here', 'right here', 'this', 'this link', 'link', 'go', 'start', 'more', 'learn more', 'read more',
  'more info', 'more information', 'more details', 'details', 'see more', 'see details', 'view more', 'view details',
  'find out more', 'continue', 'continue reading', 'information', 'info',
  'hier', 'hier klicken', 'klicken sie hier', 'hier entlang', 'weiter', 'mehr', 'mehr erfahren', 'jetzt mehr erfahren',
  'mehr lesen', 'weiterlesen', 'weiter lesen', 'mehr infos', 'mehr info', 'mehr informationen', 'weitere informationen',
  'informationen', 'infos', 'mehr details', 'zu den details', 'mehr dazu',
]);

/** Longest text that can be generic: longer texts are not read further. */
const GENERIC_MAX = 40;

/** Whether a link's text names no target ("Learn more", "Mehr erfahren …", "hier »"). */
export function isGenericLinkText(text: string): boolean {
  if (text.length > GENERIC_MAX * 2) return false;
  const key = text.replace(/\s+/g, ' ').trim().toLocaleLowerCase().replace(/^[\s›»→>]+|[\s.:!…›»→>]+$/gu, '');
  return GENERIC_TEXTS.has(key);
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The visually hidden text that names a generic link's target. */
export function hiddenTitle(title: string): string {
  return `<span class="visually-hidden"> – ${escapeText(title)}</span>`;
}

/**
 * `html` (sanitized) as published on the page at `base`: links to same-site pages that `resolve`
 * does not know are replaced by their content, generic link texts get the target's title hidden
 * after them. HTML without a link is returned as it is, untouched.
 *
 * Link and image tags are found by a pattern: in HTML the allow-list wrote (./allow-list.ts) every
 * `<` in text and attribute values is escaped, and nothing is read as raw text (script, style,
 * textarea and comments are gone), so each `<` starts a tag and the next `>` ends it. A link never
 * holds another; one opened inside another closes it, as the tree builder does. A link's start tag,
 * and its text where it holds character references, are read by parse5's tokenizer.
 */
export function rewriteLinks(html: string, base: string, siteOrigin: string | null, resolve: ResolveTarget): LinkedHtml {
  const result: LinkedHtml = { html, targets: [], dead: [], relative: false };
  if (!html.includes('<a')) return result;
  const edits: { start: number; end: number; text: string }[] = [];
  // The link being read: its start tag, target and title, and whether it shows an image.
  let open: { start: number; end: number; title: string | null; image: boolean } | null = null;
  const close = (at: number, end: number) => {
    if (!open) return;
    if (open.title === null) {
      edits.push({ start: open.start, end: open.end, text: '' });
      edits.push({ start: at, end, text: '' });
    } else if (!open.image && isGenericLinkText(linkText(html.slice(open.end, at)))) {
      edits.push({ start: at, end: at, text: hiddenTitle(open.title) });
    }
    open = null;
  };
  LINK_TAGS.lastIndex = 0;
  for (let match = LINK_TAGS.exec(html); match; match = LINK_TAGS.exec(html)) {
    const start = match.index;
    const end = start + match[0].length;
    const name = match[2]!.toLowerCase();
    if (match[1]) {
      if (name === 'a') close(start, end);
      continue;
    }
    if (name === 'img') {
      if (open) open.image = true;
      continue;
    }
    close(start, start);
    const href = hrefOf(match[0]);
    const target = href ? sameSiteHref(href, base, siteOrigin) : null;
    if (!target) continue;
    if (!/^(?:[a-z][a-z0-9+.-]*:|\/)/i.test(href!.trim())) result.relative = true;
    if (!result.targets.includes(target)) result.targets.push(target);
    const title = resolve(target);
    if (title === null && !result.dead.includes(target)) result.dead.push(target);
    open = { start, end, title, image: false };
  }
  // A link the text left open ends with it.
  close(html.length, html.length);
  if (!edits.length) return result;
  // From the end, so offsets stay true; at one place a removal before an insertion.
  edits.sort((a, b) => b.start - a.start || b.end - a.end);
  let out = html;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  result.html = out;
  return result;
}

/** Start and end tags of links and images (see rewriteLinks). */
const LINK_TAGS = /<(\/?)(a|img)(?=[\t\n\f\r />])[^>]*>/gi;

/**
 * An `href` as the allow-list writes it (./allow-list.ts): after a space, its value in double
 * quotes, where a `"` is always escaped, so the first such match is the tag's first `href`.
 */
const PLAIN_HREF = /\shref="([^"&\r\0]*)"/i;

/** The first `href` of a link's start tag, as the tokenizer reads it (character references decoded). */
function hrefOf(tag: string): string | undefined {
  // Without a character reference the value is the text between the quotes; a tokenizer per link
  // is kept for the rest.
  const plain = PLAIN_HREF.exec(tag);
  if (plain) return plain[1];
  let href: string | undefined;
  tokenize(tag, {
    onStartTag(token) {
      href = token.attrs.find((attr) => attr.name === 'href')?.value;
    },
  });
  return href;
}

/** The text a link shows: its content with the tags left out and character references decoded. */
function linkText(content: string): string {
  const text = content.includes('<') ? content.replace(/<[^>]*>/g, '') : content;
  // The tokenizer leaves NUL characters out.
  if (!/[&\0]/.test(text)) return text;
  let decoded = '';
  const add = (token: Token.CharacterToken) => {
    decoded += token.chars;
  };
  tokenize(text, { onCharacter: add, onWhitespaceCharacter: add });
  return decoded;
}

function tokenize(html: string, handler: Partial<TokenHandler>): void {
  const ignore = () => {};
  new Tokenizer(
    { sourceCodeLocationInfo: false },
    { onStartTag: ignore, onEndTag: ignore, onCharacter: ignore, onWhitespaceCharacter: ignore, onNullCharacter: ignore, onComment: ignore, onDoctype: ignore, onEof: ignore, ...handler },
  ).write(html, true);
}
