// Dates, prices and numbers for the page's language, always through Intl (issue 3).
// Formatters are cached: constructing Intl objects per call costs more than rendering a card.
import type { DateRange, Locale } from '../site/content/types';

const TIME_ZONE = 'Europe/Berlin';
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) cache.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) cache.set(key, (format = new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, ...options })));
  return format;
}

/** "189 €" / "€189"; cents only when the amount has them. */
export function formatPrice(locale: Locale, amount: number): string {
  const fraction = Number.isInteger(amount) ? 0 : 2;
  return numberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: fraction, maximumFractionDigits: fraction }).format(amount);
}

export function formatNumber(locale: Locale, value: number, maximumFractionDigits = 2): string {
  return numberFormat(locale, { maximumFractionDigits }).format(value);
}

/** "32 m²" */
export function formatArea(locale: Locale, squareMetres: number): string {
  return `${formatNumber(locale, squareMetres, 1)} m²`;
}

/** "4,5 m" */
export function formatMetres(locale: Locale, metres: number): string {
  return `${formatNumber(locale, metres, 2)} m`;
}

/** "90 Min." / "90 min" */
export function formatMinutes(locale: Locale, minutes: number): string {
  return numberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(minutes);
}

/**
 * The CMS gives local Berlin times without offset ("2026-12-05T19:30:00") or plain dates
 * ("2026-12-05"). Parse them as Berlin wall-clock time so formatting in Europe/Berlin shows
 * exactly what the editor typed, wherever the build runs.
 */
export function parseCmsDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value.trim());
  if (!match) return null;
  if (/[zZ]|[+-]\d{2}:?\d{2}$/.test(value.trim())) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const [, y, mo, d, h = '12', mi = '00', s = '00'] = match;
  const asUtc = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s);
  // Offset of Berlin at that moment (CET +1 / CEST +2).
  const berlin = new Date(new Date(asUtc).toLocaleString('en-US', { timeZone: TIME_ZONE }));
  const utc = new Date(new Date(asUtc).toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(asUtc - (berlin.getTime() - utc.getTime()));
}

export function hasTime(value: string): boolean {
  return /[T ]\d{2}:\d{2}/.test(value);
}

/** "Sa., 5. Dez. 2026" / "Sat, 5 Dec 2026" (en-GB style day-month order is not used: en = US). */
export function formatDate(locale: Locale, value: string, withTime = hasTime(value)): string {
  const date = parseCmsDate(value);
  if (!date) return value;
  return dateFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
  }).format(date);
}

/** A range as one string, collapsing shared parts ("5.–7. Dez. 2026"). */
export function formatDateRange(locale: Locale, range: DateRange): string {
  const start = parseCmsDate(range.start);
  const end = range.end ? parseCmsDate(range.end) : null;
  if (!start) return range.start;
  const withTime = hasTime(range.start);
  const format = dateFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
  });
  if (!end || end.getTime() === start.getTime()) return format.format(start);
  return format.formatRange(start, end);
}

/** Machine-readable value for <time datetime>. */
export function isoDate(value: string): string | undefined {
  return parseCmsDate(value)?.toISOString();
}
