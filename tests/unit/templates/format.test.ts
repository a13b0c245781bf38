// Dates, prices and numbers through Intl for the page's language; CMS times are Berlin wall-clock
// times wherever the build runs (templates/format.ts).
import { describe, expect, it } from 'vitest';
import {
  dateBadge,
  formatArea,
  formatBytes,
  formatDateRange,
  formatDay,
  formatKilometres,
  formatMinutes,
  formatPrice,
  isoDate,
} from '../../../templates/format';
import { parseCmsDate } from '../../../site/model/dates';

// Intl output contains no-break, thin and narrow no-break spaces; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u2009\u202f]/g, ' ');

describe('formatPrice', () => {
  it('writes euros the German and the English way', () => {
    expect(plain(formatPrice('de', 189))).toBe('189 €');
    expect(formatPrice('en', 189)).toBe('€189');
  });

  it('shows cents only when there are some', () => {
    expect(plain(formatPrice('de', 259.5))).toBe('259,50 €');
    expect(formatPrice('en', 1800)).toBe('€1,800');
    expect(plain(formatPrice('de', 1800))).toBe('1.800 €');
  });
});

describe('numbers and units', () => {
  it('uses the decimal comma in German', () => {
    expect(plain(formatArea('de', 58.5))).toBe('58,5 m²');
    expect(formatArea('en', 58.5)).toBe('58.5 m²');
    expect(plain(formatKilometres('de', 4.5))).toBe('4,5 km');
    expect(plain(formatKilometres('en', 23.4))).toBe('23 km');
  });

  it('writes durations and file sizes', () => {
    expect(plain(formatMinutes('de', 60))).toBe('60 Min.');
    expect(plain(formatMinutes('en', 60))).toBe('60 min');
    expect(plain(formatBytes('de', 245_000))).toBe('245 kB');
    expect(plain(formatBytes('de', 1_240_000))).toBe('1,2 MB');
  });
});

describe('CMS dates in Berlin time', () => {
  it('reads a local time as Berlin time in winter and summer', () => {
    expect(parseCmsDate('2026-12-05T19:30:00')!.toISOString()).toBe('2026-12-05T18:30:00.000Z');
    expect(parseCmsDate('2026-07-05T21:00:00')!.toISOString()).toBe('2026-07-05T19:00:00.000Z');
    expect(isoDate('2026-07-05T21:00:00')).toBe('2026-07-05T19:00:00.000Z');
  });

  it('keeps explicit offsets', () => {
    expect(parseCmsDate('2026-12-05T19:30:00Z')!.toISOString()).toBe('2026-12-05T19:30:00.000Z');
  });

  it('rejects what is no date', () => {
    expect(parseCmsDate('soon')).toBeNull();
    expect(formatDateRange('de', { start: 'soon', end: null })).toBe('soon');
  });

  it('formats an evening event with its Berlin time in both languages', () => {
    expect(plain(formatDateRange('de', { start: '2026-12-05T19:30:00', end: null }))).toBe('5. Dez. 2026, 19:30');
    expect(plain(formatDateRange('en', { start: '2026-12-05T19:30:00', end: null }))).toMatch(/^Dec 5, 2026, 07:30 PM$/);
  });

  it('collapses the shared parts of a range', () => {
    expect(plain(formatDateRange('de', { start: '2026-12-12', end: '2026-12-14' }))).toBe('12.–14. Dez. 2026');
    expect(plain(formatDateRange('en', { start: '2026-12-12', end: '2026-12-14' }))).toBe('Dec 12 – 14, 2026');
    expect(plain(formatDateRange('de', { start: '2026-01-05', end: '2026-03-31' }))).toBe('5. Jan. – 31. März 2026');
  });

  it('shows a single day when the range has no end', () => {
    expect(plain(formatDateRange('de', { start: '2026-12-12', end: null }))).toBe('12. Dez. 2026');
    expect(plain(formatDay('en', '2026-03-01'))).toBe('Mar 1, 2026');
  });

  it('gives the calendar badge of a just-after-midnight event as the Berlin day', () => {
    // 00:30 on 31 Dec in Berlin is still 30 Dec in UTC.
    expect(dateBadge('de', '2026-12-31T00:30:00')).toEqual({ day: '31', month: 'Dez' });
    expect(dateBadge('en', '2026-12-31T00:30:00')).toEqual({ day: '31', month: 'Dec' });
  });
});
