// Items taken from the kept content lists (./list-snapshots.ts) hold HTML the sanitizer made once,
// but the cache folder may have been written by anyone since (a restored or shared CI cache). Their
// HTML goes through the sanitizer again before a page shows it — only for the pages being rendered,
// and only the fields a page reads: a list page shows cards of hundreds of items, not their bodies,
// so a rebuild that renders a few pages pays for a few texts.
import { sanitizeAgain } from '../content/sanitize-html';
import type { ContentItem, Html } from '../model/content-types';
import { takeUnchecked } from './kept-items';

/**
 * Makes the HTML fields of `item`, when it came from the cache and was not checked yet, sanitized
 * when first read (or copied: a spread, JSON or a structured clone reads them too). Each field
 * stays where it was among the item's keys.
 */
export function checkKeptHtml(item: ContentItem | null | undefined): void {
  if (!item || !takeUnchecked(item)) return;
  const fields = item as unknown as Record<string, unknown>;
  for (const key of ['body', 'openingHours']) if (key in fields) cleanOnRead(fields, key);
  if (!Array.isArray(fields.paragraphs)) fields.paragraphs = [];
  for (const paragraph of fields.paragraphs as unknown[]) {
    if (!paragraph || typeof paragraph !== 'object') continue;
    const holder = paragraph as Record<string, unknown>;
    for (const key of ['text', 'html']) if (key in holder) cleanOnRead(holder, key);
  }
}

/** `holder[key]` becomes a plain field again at the first read (cleaned) or write (what is written). */
function cleanOnRead(holder: Record<string, unknown>, key: string): void {
  const kept = holder[key];
  const settle = (value: unknown) => {
    Object.defineProperty(holder, key, { value, writable: true, enumerable: true, configurable: true });
    return value;
  };
  Object.defineProperty(holder, key, { get: () => settle(clean(kept)), set: settle, enumerable: true, configurable: true });
}

function clean(value: unknown): Html | null {
  if (typeof value !== 'string') return null;
  const again = sanitizeAgain(value);
  return (again === value || same(again) === same(value) ? value : again) as Html;
}

/** What the minifier changes and the sanitizer does not undo: the closing slash of void elements, whitespace at the ends. */
function same(html: string): string {
  return html.replace(/<((?:br|hr|img|source|wbr)\b[^<>]*?)\s*\/>/g, '<$1>').trim();
}
