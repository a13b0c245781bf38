// "Upcoming" events (the menu's "upcoming events"; past events are not listed as upcoming): an
// event is upcoming until its end (or its start, without an end) has passed.
import type { ContentItem, Event } from './content-types';
import { parseCmsDate } from './dates';

/** The last moment (ms) an event is upcoming; null for one without a readable date. */
function upcomingUntil(item: Event): number | null {
  if (!item.date) return null;
  const last = parseCmsDate(item.date.end ?? item.date.start);
  if (!last) return null;
  // A date without time lasts the whole day.
  return /[T ]\d{2}:\d{2}/.test(item.date.end ?? item.date.start) ? last.getTime() : last.getTime() + 12 * 3600_000;
}

export function isUpcoming(item: ContentItem, now: Date): boolean {
  if (item.type !== 'events') return true;
  const until = upcomingUntil(item);
  return until !== null && until >= now.getTime();
}

/**
 * Until when pages built at `now` stay as they are while the content does not change: the clock
 * reaches the pages only through which events are upcoming and through the year of the copyright
 * line (site/model/page-model.ts). So: the first moment an event upcoming now has passed, or the
 * next new year, whichever comes first.
 */
export function stableUntil(events: Iterable<ContentItem>, now: Date): number {
  let until = new Date(now.getFullYear() + 1, 0, 1).getTime();
  for (const event of events) {
    const last = event.type === 'events' ? upcomingUntil(event) : null;
    if (last !== null && last >= now.getTime()) until = Math.min(until, last + 1);
  }
  return until;
}
