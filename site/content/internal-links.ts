// Links in CMS HTML against the pages the site publishes (docs/site.md, "Links in CMS text"): a
// link to a page of this site that does not exist is published as its text, and a link whose text
// says nothing ("Learn more", "hier") gets the target's title as visually hidden text. Pure: runs on
// sanitized HTML, edits only the link tags at the places the parser found them, so everything else
// stays byte for byte as sanitized.
import { parseFragment } from 'parse5';
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

interface Node {
  nodeName: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  sourceCodeLocation?: {
    startOffset: number;
    endOffset: number;
    startTag?: { startOffset: number; endOffset: number };
    endTag?: { startOffset: number; endOffset: number };
  } | null;
}

/** Nodes walked at most: sanitized HTML is bounded in length, this bounds the walk whatever it holds. */
const MAX_NODES = 200_000;

/**
 * `html` (sanitized) as published on the page at `base`: links to same-site pages that `resolve`
 * does not know are replaced by their content, generic link texts get the target's title hidden
 * after them. HTML without a link is returned as it is, unparsed.
 */
export function rewriteLinks(html: string, base: string, siteOrigin: string | null, resolve: ResolveTarget): LinkedHtml {
  const result: LinkedHtml = { html, targets: [], dead: [], relative: false };
  if (!html.includes('<a')) return result;
  const tree = parseFragment(html, { sourceCodeLocationInfo: true }) as unknown as Node;
  const edits: { start: number; end: number; text: string }[] = [];
  const stack: Node[] = [tree];
  for (let seen = 0; stack.length && seen < MAX_NODES; seen++) {
    const node = stack.pop()!;
    if (node.nodeName === 'a') {
      const href = node.attrs?.find((attr) => attr.name === 'href')?.value;
      const target = href ? sameSiteHref(href, base, siteOrigin) : null;
      const location = node.sourceCodeLocation;
      if (target && location?.startTag) {
        if (!/^(?:[a-z][a-z0-9+.-]*:|\/)/i.test(href!.trim())) result.relative = true;
        if (!result.targets.includes(target)) result.targets.push(target);
        const title = resolve(target);
        const close = location.endTag ?? { startOffset: location.endOffset, endOffset: location.endOffset };
        if (title === null) {
          if (!result.dead.includes(target)) result.dead.push(target);
          edits.push({ start: location.startTag.startOffset, end: location.startTag.endOffset, text: '' });
          edits.push({ start: close.startOffset, end: close.endOffset, text: '' });
        } else if (isGenericLinkText(textOf(node))) {
          edits.push({ start: close.startOffset, end: close.startOffset, text: hiddenTitle(title) });
        }
      }
      // Links do not nest: nothing inside one is another.
      continue;
    }
    const children = node.childNodes ?? (node as { content?: Node }).content?.childNodes;
    if (children) for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
  }
  if (!edits.length) return result;
  edits.sort((a, b) => b.start - a.start);
  let out = html;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  result.html = out;
  return result;
}

/** A link's text, read only as far as a generic text could reach. */
function textOf(link: Node): string {
  let text = '';
  const stack: Node[] = [...(link.childNodes ?? [])].reverse();
  for (let seen = 0; stack.length && seen < MAX_NODES && text.length <= GENERIC_MAX * 2; seen++) {
    const node = stack.pop()!;
    if (node.nodeName === '#text') text += node.value ?? '';
    // An image's text alternative is part of the link's name: such a link is not generic.
    else if (node.nodeName === 'img') return 'image';
    else if (node.childNodes) for (let index = node.childNodes.length - 1; index >= 0; index--) stack.push(node.childNodes[index]!);
  }
  return text;
}
