// Events on lists and the home page: upcoming ones (site/model/upcoming.ts decides, the same rule
// as the menu's "upcoming events") and past ones, which are never listed as upcoming.
import type { Event } from '../site/model/content-types';
import { isUpcoming } from '../site/model/upcoming';
import { parseCmsDate } from '../site/model/dates';

/**
 * Splits in CMS order. An event without a date is not "upcoming" for the menu, but it is not past
 * either (editors use it for "dates on request"), so lists show it with the upcoming ones.
 */
export function splitEvents(events: Event[], now: Date): { upcoming: Event[]; past: Event[] } {
  const upcoming: Event[] = [];
  const past: Event[] = [];
  for (const event of events) (isUpcoming(event, now) || !event.date ? upcoming : past).push(event);
  return { upcoming, past };
}

/** Soonest first; undated last, keeping their CMS order. */
export function byStartDate(a: Event, b: Event): number {
  const x = a.date ? (parseCmsDate(a.date.start)?.getTime() ?? Infinity) : Infinity;
  const y = b.date ? (parseCmsDate(b.date.start)?.getTime() ?? Infinity) : Infinity;
  return x - y;
}
