// Dates as the CMS gives them: Berlin wall-clock times, read the same wherever the build runs.

/** The hotel's time zone: CMS times are its wall-clock times, and pages show them in it. */
export const TIME_ZONE = 'Europe/Berlin';

/**
 * The CMS gives local Berlin times without offset ("2026-12-05T19:30:00") or plain dates
 * ("2026-12-05"). Parse them as Berlin wall-clock time so formatting in Europe/Berlin shows
 * exactly what the editor typed, wherever the build runs.
 */
export function parseCmsDate(value: string): Date | null {
  // Dates repeat across thousands of pages (cards, related items, menus): parse each string once.
  let parsed = parsedDates.get(value);
  if (parsed === undefined) parsedDates.set(value, (parsed = parse(value)));
  return parsed === null ? null : new Date(parsed);
}

const parsedDates = new Map<string, number | null>();
const berlinParts = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });

/** Berlin's offset from UTC in ms at an instant (CET +1 h, CEST +2 h). */
function berlinOffset(instant: number): number {
  const parts = Object.fromEntries(berlinParts.formatToParts(instant).map((part) => [part.type, part.value]));
  return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!) - Math.floor(instant / 1000) * 1000;
}

function parse(value: string): number | null {
  const text = value.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(text);
  if (!match) return null;
  if (/[zZ]|[+-]\d{2}:?\d{2}$/.test(text)) {
    const time = Date.parse(text);
    return Number.isNaN(time) ? null : time;
  }
  const [, y, mo, d, h = '12', mi = '00', s = '00'] = match;
  const asUtc = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s);
  if (Number.isNaN(asUtc)) return null;
  // The wall-clock time in Berlin: shift by the offset in force then (checked twice around DST).
  const first = asUtc - berlinOffset(asUtc);
  return asUtc - berlinOffset(first);
}
