// Past events are never listed as upcoming; the build moment decides (site.now). The rule
// itself (site/model/upcoming.ts) is the pipeline's; this is how lists split and order by it.
import { describe, expect, it } from 'vitest';
import type { Event } from '../../../site/model/content-types';
import { byStartDate, splitEvents } from '../../../templates/events';
import { item } from '../../helpers/items';

const event = (nid: number, start: string | null, end: string | null = null) =>
  item(nid, 'de', 'events', `/de/veranstaltungen/e${nid}`, { date: start ? { start, end } : null, categories: [] }) as Event;

const now = new Date('2026-06-10T10:00:00Z'); // 12:00 in Berlin

describe('splitEvents and byStartDate', () => {
  it('lists an event that is over as past, also when it ended earlier today', () => {
    const { upcoming, past } = splitEvents([event(1, '2026-06-10T09:00:00'), event(2, '2026-06-10T19:30:00'), event(3, '2026-06-10')], now);
    expect(upcoming.map((e) => e.nid)).toEqual([2, 3]);
    expect(past.map((e) => e.nid)).toEqual([1]);
  });

  it('splits in CMS order and sorts soonest first, undated last', () => {
    const events = [event(1, '2026-09-01'), event(2, '2026-01-01'), event(3, null), event(4, '2026-07-01')];
    const { upcoming, past } = splitEvents(events, now);
    expect(upcoming.map((e) => e.nid)).toEqual([1, 3, 4]);
    expect(past.map((e) => e.nid)).toEqual([2]);
    expect([...upcoming].sort(byStartDate).map((e) => e.nid)).toEqual([4, 1, 3]);
  });
});
