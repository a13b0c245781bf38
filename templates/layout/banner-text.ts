// A notice's one-line summary and its full text with headings flattened, so it never adds to the
// page's outline nor repeats its title. Reads sanitized CMS HTML only (quoted attributes).

/** Longest start of a body read for the short text. */
const MAX_READ = 4_096;
/** The short text: about what fits one line on a wide screen; the CSS cuts it where it has to. */
const MAX_SHORT = 160;

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', quot: '"', '#39': "'", '#039': "'", lt: '<', gt: '>' };

/** Plain text of sanitized HTML. */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*$/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(nbsp|amp|quot|#0?39|lt|gt);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

const same = (a: string, b: string) => a.toLocaleLowerCase().replace(/[\s.:!]+$/, '') === b.toLocaleLowerCase().replace(/[\s.:!]+$/, '');

const LEADING_HEADING = /^\s*<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/;

/** The body without a first heading that only repeats the title. */
function withoutRepeatedTitle(html: string, title: string): string {
  const match = LEADING_HEADING.exec(html);
  return match && same(htmlText(match[2]!), title) ? html.slice(match[0].length) : html;
}

/** The full text: headings become bold paragraphs, a heading repeating the title goes. */
export function bannerBody(html: string, title: string): string {
  return withoutRepeatedTitle(html, title)
    .replace(/<h[1-6]\b([^>]*)>/g, '<p$1><strong>')
    .replace(/<\/h[1-6]>/g, '</strong></p>')
    .trim();
}

/** The words of `text` up to `max` characters, with "…" when cut. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut.slice(0, max)).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** The summary's short text: the teaser, else the body's start; null when it says nothing new. */
export function bannerShortText(title: string, teaser: string | null, body: string | null): string | null {
  let text = teaser?.trim() || (body ? htmlText(withoutRepeatedTitle(body.slice(0, MAX_READ), title)) : '');
  if (text.toLocaleLowerCase().startsWith(title.toLocaleLowerCase())) text = text.slice(title.length).replace(/^[\s.:–—-]+/, '');
  return text ? shorten(text, MAX_SHORT) : null;
}
