// <title> and meta description of a page, from its CMS item or its route's UI strings.
// Titles stay within 70 characters as written in the HTML (search results cut there, and
// html-validate's long-title counts React's escapes: "&" is "&amp;", "'" is "&#x27;"):
// "Page | Hotel name", else "Page | short hotel name", else the page name alone, shortened.
import type { Page, SiteContext } from '../../site/render/page-model';
import { translate } from '../i18n';
import { routeName } from './crumbs';

const MAX_TITLE = 70;
const MAX_DESCRIPTION = 160;

/** Length of the text once React has escaped it into the page. */
function htmlLength(text: string): number {
  return text.replace(/&/g, '&amp;').replace(/['"]/g, '&#x27;').replace(/[<>]/g, '&lt;').length;
}

const titleFits = (text: string) => htmlLength(text) <= MAX_TITLE;
const descriptionFits = (text: string) => text.length <= MAX_DESCRIPTION;

/** The text, or as many of its words as fit with "…" after them. */
function shorten(text: string, fits: (text: string) => boolean): string {
  if (fits(text)) return text;
  const words = text.split(' ');
  while (words.length > 1 && !fits(`${words.join(' ')}…`)) words.pop();
  let cut = words.join(' ').replace(/[\s,;:.–—-]+$/, '');
  while (cut.length > 0 && !fits(`${cut}…`)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

function withHotel(name: string, hotel: string): string {
  const short = hotel.split(/\s+[—–|-]\s+/)[0] ?? hotel;
  for (const suffix of [hotel, short]) {
    const title = `${name} | ${suffix}`;
    if (titleFits(title)) return title;
  }
  return shorten(name, titleFits);
}

export function pageTitle(page: Page, site: SiteContext): string {
  const hotel = site.config.hotel.name;
  if (page.kind === 'not-found') return withHotel(translate(site.messages, 'errors.notFound.title'), hotel);
  if (page.kind === 'home') return page.item?.title && page.item.title !== hotel ? withHotel(page.item.title, hotel) : shorten(hotel, titleFits);
  const name = page.item?.title ?? (page.route ? routeName((key) => translate(site.messages, key), page.route.id) : hotel);
  return withHotel(name, hotel);
}

/** Plain text of sanitized HTML, for a description when the CMS gives none. */
function textOf(html: string): string {
  return html
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
  const fromBody = item?.body ? textOf(item.body) : '';
  const text = item?.metaDescription ?? item?.teaser ?? (fromBody || translate(site.messages, 'site.description'));
  return shorten(text, descriptionFits);
}
