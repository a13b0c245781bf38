// <title> and meta description of a page, from its CMS item or its route's UI strings.
// Titles stay within 70 characters as written in the HTML (search results cut there, and
// html-validate's long-title counts React's escapes: "&" is "&amp;", "'" is "&#x27;"):
// "Page | Hotel name", else "Page | short hotel name", else the page name alone, shortened.
// CMS text of any length costs the same: only as much of it as could fit is ever measured
// (docs/hardening.md, bounded work per field).
import type { Page, SiteContext } from '../../site/model/page-model';
import { translate } from '../i18n';
import { routeName } from './crumbs';

const MAX_TITLE = 70;
const MAX_DESCRIPTION = 160;

/** Length of the text once React has escaped it into the page. */
function htmlLength(text: string): number {
  return text.replace(/&/g, '&amp;').replace(/['"]/g, '&#x27;').replace(/[<>]/g, '&lt;').length;
}

interface Limit {
  /** No text longer than this many UTF-16 units fits (every character takes at least one). */
  max: number;
  fits: (text: string) => boolean;
}

const TITLE: Limit = { max: MAX_TITLE, fits: (text) => text.length <= MAX_TITLE && htmlLength(text) <= MAX_TITLE };
const DESCRIPTION: Limit = { max: MAX_DESCRIPTION, fits: (text) => text.length <= MAX_DESCRIPTION };

/** Drops half a surrogate pair left at the end by cutting. */
const wholeCharacters = (text: string) => text.replace(/[\uD800-\uDBFF]$/, '');

/** The text, or as many of its words as fit with "…" after them. */
function shorten(text: string, { max, fits }: Limit): string {
  if (fits(text)) return text;
  // Nothing past `max` can be kept: cut there first, so the loops below measure a short string
  // whatever the CMS sent.
  const words = wholeCharacters(text.slice(0, max + 1)).split(' ');
  while (words.length > 1 && !fits(`${words.join(' ')}…`)) words.pop();
  let cut = words.join(' ').replace(/[\s,;:.–—-]+$/, '');
  while (cut.length > 0 && !fits(`${cut}…`)) cut = wholeCharacters(cut.slice(0, -1));
  return `${cut}…`;
}

function withHotel(name: string, hotel: string): string {
  const short = hotel.split(/\s+[—–|-]\s+/)[0] ?? hotel;
  for (const suffix of [hotel, short]) {
    const title = `${name} | ${suffix}`;
    if (TITLE.fits(title)) return title;
  }
  return shorten(name, TITLE);
}

export function pageTitle(page: Page, site: SiteContext): string {
  const hotel = site.config.hotel.name;
  if (page.kind === 'not-found') return withHotel(translate(site.messages, 'errors.notFound.title'), hotel);
  if (page.kind === 'home') return page.item?.title && page.item.title !== hotel ? withHotel(page.item.title, hotel) : shorten(hotel, TITLE);
  const name = page.item?.title ?? (page.route ? routeName((key) => translate(site.messages, key), page.route.id) : hotel);
  return withHotel(name, hotel);
}

/** Longest start of a body read for its text: far more than a description needs, and bounded. */
const MAX_BODY_READ = 16_384;

/** Plain text of the start of sanitized HTML, for a description when the CMS gives none. */
function textOf(html: string): string {
  return html
    .slice(0, MAX_BODY_READ)
    // A tag cut in half at the end is not text.
    .replace(/<[^>]*$/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

export function pageDescription(page: Page, site: SiteContext): string {
  const item = page.item;
  // The body's text only where nothing shorter says what the page is: most items have a teaser.
  const text = item?.metaDescription ?? item?.teaser ?? ((item?.body ? textOf(item.body) : '') || translate(site.messages, 'site.description'));
  return shorten(text, DESCRIPTION);
}
