// "Upcoming" events (the menu's "upcoming events"; past events are not listed as upcoming): an
// event is upcoming until its end (or its start, without an end) has passed.
import type { ContentItem } from '../content/types';
import { parseCmsDate } from '../../templates/format';

export function isUpcoming(item: ContentItem, now: Date): boolean {
  if (item.type !== 'events') return true;
  if (!item.date) return false;
  const last = parseCmsDate(item.date.end ?? item.date.start);
  if (!last) return false;
  // A date without time lasts the whole day.
  const end = /[T ]\d{2}:\d{2}/.test(item.date.end ?? item.date.start) ? last.getTime() : last.getTime() + 12 * 3600_000;
  return end >= now.getTime();
}
