// CMS `processed` HTML is untrusted input (issue 2): it is cut down to an allow-list before it is
// rendered — no scripts, styles, iframes, event handlers or javascript: URLs — with sanitize-html,
// the maintained library for exactly this. Before that, parse5 (the WHATWG parsing algorithm)
// builds the tree a browser would from it, so unclosed or misnested tags come out as well-formed
// HTML (a table closes the open paragraph, rows get their tbody), and the allow-list judges that
// tree, not a string a browser would read differently. Headings are shifted so a body never adds a second <h1>.
// Inline images are replaced by a media token (see site/content/media.ts) so that the page never
// hot-links the CMS: the media stage downloads them and swaps the token for the local copy. The result is minified once
// here (site/render/minify.ts), not again per page.
import { parseFragment, serialize } from 'parse5';
import sanitize from 'sanitize-html';
import { minifyFragment } from '../render/minify';
import type { Html } from './types';

export const MEDIA_TOKEN_PREFIX = '/__hotel-site-media__/';

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p', 'br', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 'b', 'i', 'u', 's', 'sub', 'sup', 'small',
    'blockquote', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'hr', 'figure', 'figcaption', 'img',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'abbr', 'cite', 'q', 'code', 'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'hreflang', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    abbr: ['title'],
    ol: ['start', 'reversed'],
    '*': ['lang'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Drop the content of these entirely rather than keeping their text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'title', 'head'],
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const attributes = { ...attribs };
      // A new window must not get a handle on this one (reverse tabnabbing).
      if (attributes.target) {
        attributes.target = '_blank';
        attributes.rel = 'noopener noreferrer';
      } else delete attributes.rel;
      return { tagName, attribs: attributes };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export interface CleanHtml {
  html: Html;
  /** Absolute URLs of inline images, replaced in `html` by mediaToken(url). */
  images: string[];
}

/**
 * Sanitizes one HTML fragment. `base` resolves relative image URLs (the CMS origin). Empty results
 * (only whitespace or nothing allowed) return null so templates can skip the block.
 */
export async function cleanHtml(input: string | null | undefined, base: string): Promise<CleanHtml | null> {
  if (!input || !input.trim()) return null;
  // Watch and preview normalize the same CMS text again and again when one item changed: each
  // distinct text is sanitized once per process. (The result is never mutated; media patching
  // writes new strings.)
  const key = `${base}\u0000${input}`;
  let cleaned = memo.get(key);
  if (!cleaned) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(key, (cleaned = clean(input, base)));
  }
  const result = await cleaned;
  return result && { html: result.html, images: [...result.images] };
}

const MEMO_LIMIT = 50_000;
const memo = new Map<string, Promise<CleanHtml | null>>();

async function clean(input: string, base: string): Promise<CleanHtml | null> {
  const images: string[] = [];
  // Scripting off, as sanitize-html's parser reads <noscript>: as markup, never as raw text.
  const html = sanitize(serialize(parseFragment(input, { scriptingEnabled: false })), {
    ...OPTIONS,
    transformTags: {
      ...OPTIONS.transformTags,
      img: (tagName, attribs) => {
        const url = absoluteHttpUrl(attribs.src, base);
        if (!url) return { tagName, attribs: {} };
        images.push(url);
        return { tagName, attribs: { ...attribs, src: mediaToken(url), alt: attribs.alt ?? '' } };
      },
    },
  }).trim();
  if (!html || (!/[^\s]/.test(html.replace(/<[^>]*>/g, '')) && !images.length)) return null;
  // After sanitizing (comments are gone) the minifier can only collapse whitespace: skip it where
  // there is none to collapse, which is what compact CMS output looks like.
  const compact = !/\s{2,}|[\t\n\r\f]/.test(html);
  return { html: (compact ? html : await minifyFragment(html)) as Html, images };
}

export function mediaToken(url: string): string {
  return MEDIA_TOKEN_PREFIX + encodeURIComponent(url);
}

/** An absolute http(s) URL for a media reference, or null for anything else (data:, javascript:, junk). */
export function absoluteHttpUrl(value: string | null | undefined, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
