// Dates, prices and numbers for the page's language, always through Intl.
// Formatters are cached: constructing Intl objects per call costs more than rendering a card.
import type { DateRange, Locale } from '../site/model/content-types';
import { parseCmsDate, TIME_ZONE } from '../site/model/dates';

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

export function hasTime(value: string): boolean {
  return /[T ]\d{2}:\d{2}/.test(value);
}

/**
 * A range as one string, collapsing shared parts ("5.–7. Dez. 2026"). The same event's range is on
 * thousands of pages (cards, related items): each is formatted once per language, since ICU's
 * formatRange is slow enough to show in a large build's profile.
 */
export function formatDateRange(locale: Locale, range: DateRange): string {
  const key = `${locale}|${range.start}|${range.end ?? ''}`;
  let text = formattedRanges.get(key);
  if (text === undefined) formattedRanges.set(key, (text = formatRange(locale, range)));
  return text;
}

const formattedRanges = new Map<string, string>();

function formatRange(locale: Locale, range: DateRange): string {
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
  const text = !end || end.getTime() === start.getTime() ? format.format(start) : format.formatRange(start, end);
  return keepTimeUnit(text);
}

/** "18:45 Uhr", "10:00 PM": the unit never wraps onto a line of its own. */
function keepTimeUnit(text: string): string {
  return text.replace(/(\d) (Uhr|[AP]M)\b/g, '$1\u00a0$2');
}

/** Machine-readable value for <time datetime>. */
export function isoDate(value: string): string | undefined {
  return parseCmsDate(value)?.toISOString();
}

/** "12 km" / "12 km"; one decimal below 10 km ("4,5 km"). */
export function formatKilometres(locale: Locale, kilometres: number): string {
  return numberFormat(locale, { style: 'unit', unit: 'kilometer', unitDisplay: 'short', maximumFractionDigits: kilometres < 10 ? 1 : 0 }).format(kilometres);
}

/** File sizes for download links: "240 kB", "1,2 MB" (decimal units, as browsers show them). */
export function formatBytes(locale: Locale, bytes: number): string {
  if (bytes < 1000) return numberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'short' }).format(bytes);
  if (bytes < 1_000_000) return numberFormat(locale, { style: 'unit', unit: 'kilobyte', unitDisplay: 'short', maximumFractionDigits: 0 }).format(bytes / 1000);
  return numberFormat(locale, { style: 'unit', unit: 'megabyte', unitDisplay: 'short', maximumFractionDigits: 1 }).format(bytes / 1_000_000);
}

/** A date without weekday or time ("5. Dez. 2026" / "Dec 5, 2026"), for validity and publication dates. */
export function formatDay(locale: Locale, value: string | Date): string {
  const date = typeof value === 'string' ? parseCmsDate(value) : value;
  if (!date) return String(value);
  return dateFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

/** Parts of a date for a calendar badge: { day: "5", month: "Dez." }. */
export function dateBadge(locale: Locale, value: string): { day: string; month: string } | null {
  const date = parseCmsDate(value);
  if (!date) return null;
  return {
    day: dateFormat(locale, { day: 'numeric' }).format(date),
    month: dateFormat(locale, { month: 'short' }).format(date),
  };
}

/** A phone number as link text: no line break inside it (no-break spaces and non-breaking hyphens). */
export function phoneText(phone: string): string {
  return phone.replace(/ /g, '\u00a0').replace(/-/g, '\u2011');
}

/** The tel: URL of a phone number as shown ("+49 33237 889-0" → "tel:+49332378890"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

const REGION_CODES = Array.from({ length: 26 * 26 }, (_, index) => String.fromCharCode(65 + Math.floor(index / 26), 65 + (index % 26)));
let regionsByName: Map<string, string> | null = null;

/** Region code by its name in any of the site's languages ("germany", "deutschland" → "DE"). */
function regionCode(name: string): string | undefined {
  if (!regionsByName) {
    regionsByName = new Map();
    for (const locale of ['en', 'de'] as const) {
      const names = new Intl.DisplayNames(locale, { type: 'region', fallback: 'none' });
      for (const code of REGION_CODES) {
        const known = names.of(code);
        if (known && !regionsByName.has(known.toLowerCase())) regionsByName.set(known.toLowerCase(), code);
      }
    }
  }
  return regionsByName.get(name.trim().toLowerCase());
}

/** The country in the page's language ("Germany" → "Deutschland"); an unknown name stays. */
export function formatCountry(locale: Locale, country: string): string {
  const code = /^[A-Za-z]{2}$/.test(country.trim()) ? country.trim().toUpperCase() : regionCode(country);
  if (!code) return country;
  return new Intl.DisplayNames(locale, { type: 'region', fallback: 'none' }).of(code) ?? country;
}

/** "26.11.2026, 14:05" / "26 Nov 2026, 14:05": a moment (seconds since the epoch) in Berlin time. */
export function formatMoment(locale: Locale, seconds: number): string {
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(seconds * 1000));
}
