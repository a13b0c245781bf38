// CMS HTML is untrusted: parsed as a browser would (parse5), flattened below a nesting cap, then
// written out in one walk of the tree cut down to the allow-list (./allow-list.ts); media in it
// become media tokens, links to CMS pages become site paths. Why each step: docs/hardening.md
// ("Sanitizing CMS HTML").
import { createHash } from 'node:crypto';
import { parseFragment } from 'parse5';
import { resolveUrl } from '../media/media-refs';
import { mediaToken } from '../media/media-tokens';
import { minifyFragment } from '../render/minify';
import { writeAllowed, type Attributes } from './allow-list';
import { limitNesting } from './limit-nesting';
import { parsePlainMarkup } from './plain-markup';
import type { Html } from '../model/content-types';

export interface CleanHtml {
  html: Html;
  /** Absolute URLs of the media it references, replaced in `html` by mediaToken(url). */
  media: string[];
}

/** Where the HTML came from: the CMS origin (relative URLs) and the origins media are taken from. */
export interface HtmlSource {
  base: string;
  mediaOrigins: ReadonlySet<string>;
}

/**
 * Fragments already sanitized, by a hash of their source. Watch and preview normalize the same CMS
 * texts again and again when one item changed, and keep one (site/content/normalize-memo.ts); a
 * build sees each text once and keeps none, so nothing of it outlives the content stage. Keyed
 * by a hash, not the text: texts as keys kept every body the CMS sent alive.
 * It only stores: what cleans is the caller's (watch imports the generator afresh after an edit).
 */
export class HtmlMemo {
  private readonly cleaned = new Map<string, Promise<CleanHtml | null>>();

  /** What `clean` made of `input` from `source`; `clean` runs the first time only. */
  get(input: string, source: HtmlSource, clean: () => Promise<CleanHtml | null>): Promise<CleanHtml | null> {
    const key = createHash('sha256').update(`${source.base}\u0000${[...source.mediaOrigins].join(' ')}\u0000`).update(input).digest('base64');
    let cleaned = this.cleaned.get(key);
    if (!cleaned) {
      if (this.cleaned.size >= MEMO_LIMIT) this.cleaned.clear();
      this.cleaned.set(key, (cleaned = clean()));
    }
    return cleaned;
  }

  clear(): void {
    this.cleaned.clear();
  }
}

/**
 * Sanitizes one HTML fragment. Empty results (only whitespace or nothing allowed) return null so
 * templates can skip the block.
 */
export async function cleanHtml(text: string | null | undefined, source: HtmlSource, memo?: HtmlMemo): Promise<CleanHtml | null> {
  if (!text || !text.trim()) return null;
  // Parsing, sanitizing and minifying cost up to two seconds per megabyte of dense markup: a field is
  // read up to a length far beyond any page's text (docs/hardening.md), the parser closes what the
  // cut leaves open.
  const input = text.length > MAX_HTML_LENGTH ? text.slice(0, MAX_HTML_LENGTH) : text;
  if (!memo) return clean(input, source);
  // A remembered result is shared: the caller gets its own list of media. (The HTML is never
  // mutated; media patching writes new strings.)
  const result = await memo.get(input, source, () => clean(input, source));
  return result && { html: result.html, media: [...result.media] };
}

/** UTF-16 units of one HTML field that are read (256 Ki: some 40,000 words of text, a long book chapter). */
export const MAX_HTML_LENGTH = 256 * 1024;
const MEMO_LIMIT = 50_000;

async function clean(input: string, source: HtmlSource): Promise<CleanHtml | null> {
  const media: string[] = [];
  const token = (url: string | undefined): string | null => {
    const absolute = url ? resolveUrl(url, source.base) : null;
    if (!absolute) return null;
    media.push(absolute);
    return mediaToken(absolute);
  };
  /** Every candidate's URL a token (a srcset's URLs contain no unescaped comma or space). */
  const srcset = (value: string | undefined): string | null => {
    const candidates = (value ?? '').split(',').map((candidate) => {
      const [url, ...descriptor] = candidate.trim().split(/\s+/);
      const replaced = token(url);
      return replaced ? [replaced, ...descriptor].join(' ') : null;
    });
    const kept = candidates.filter((candidate) => candidate !== null);
    return kept.length ? kept.join(', ') : null;
  };
  const withSrcset = (attributes: Attributes): Attributes => {
    const { srcset: set, ...rest } = attributes;
    const replaced = srcset(set);
    return replaced ? { ...rest, srcset: replaced } : rest;
  };
  const cmsOrigin = new URL(source.base).origin;
  const html = writeAllowed(parse(input), {
    img: (attributes) => {
      const src = token(attributes.src);
      return src ? { ...withSrcset(attributes), src, alt: attributes.alt ?? '' } : null;
    },
    source: withSrcset,
    a: (attributes) => {
      const href = attributes.href;
      const target = href ? resolveUrl(href, source.base) : null;
      // A URL no parser reads (`http://[x`) is kept as written, and leads nowhere in a browser either.
      if (!href || !target || !/^https?:/i.test(target) || !URL.canParse(target)) return attributes;
      const url = new URL(target);
      if (source.mediaOrigins.has(url.origin) && isFilePath(url.pathname)) return { ...attributes, href: token(target)! };
      // A page of the CMS's own is a page of this site, under the same path.
      if (url.origin === cmsOrigin && /^[a-z][a-z0-9+.-]*:/i.test(href)) return { ...attributes, href: url.pathname + url.search + url.hash };
      return attributes;
    },
  }).trim();
  // Text outside every tag: in what writeAllowed wrote, `<` and `>` stand for tags only.
  if (!html || (!/(?:^|>)[^<]*[^\s<]/.test(html) && !media.length)) return null;
  // After sanitizing (comments are gone) the minifier can only collapse whitespace: skip it where
  // there is none to collapse, which is what compact CMS output looks like.
  const compact = !/\s{2,}|[\t\n\r\f]/.test(html);
  return { html: (compact ? html : await minifyFragment(html)) as Html, media };
}

/**
 * The tree a browser builds from `input`, flattened below the nesting cap. Scripting off: <noscript>
 * is read as markup, never as raw text, and goes whole. Plain markup is read without parse5, into
 * the same tree (./plain-markup.ts): parse5's objects per character and token are most of what
 * sanitizing costs.
 */
function parse(input: string) {
  const plain = parsePlainMarkup(input);
  if (plain) return plain;
  const tree = parseFragment(input, { scriptingEnabled: false });
  limitNesting(tree);
  return tree;
}

// Drupal keeps uploaded files under /sites/<site>/files/ (public) and /system/files/ (private);
// anything else with a document or media extension is a file too.
const FILE_PATH = /^\/(?:sites\/[^/]+\/files|system\/files)\/|\.(?:pdf|docx?|xlsx?|pptx?|odt|ods|zip|jpe?g|png|gif|webp|avif|svg|mp4|webm)$/i;

function isFilePath(pathname: string): boolean {
  return FILE_PATH.test(pathname);
}

/**
 * HTML that was sanitized before, read back from somewhere less trusted (the build cache): through
 * the same parser, nesting cap and allow-list again, synchronously, without touching its media
 * (already made local). What `clean` made comes out as it went in.
 */
export function sanitizeAgain(html: string): Html {
  const input = html.length > MAX_HTML_LENGTH ? html.slice(0, MAX_HTML_LENGTH) : html;
  return writeAllowed(parse(input)) as Html;
}
