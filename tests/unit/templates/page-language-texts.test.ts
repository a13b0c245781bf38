// Texts that must be in the page's language: the servers' error pages (with their built-in texts
// equal to the locale files'), a time's unit that never wraps alone, the hotel's country.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../../site/project-root';
import type { Messages } from '../../../site/model/page-model';
import { errorPageHtml, FALLBACK } from '../../../site/serve/error-pages';
import { formatCountry, formatDateRange } from '../../../templates/format';
import { translate } from '../../../templates/i18n';

const messages = {
  de: JSON.parse(readFileSync(projectPath('locales/de.json'), 'utf8')) as Messages,
  en: JSON.parse(readFileSync(projectPath('locales/en.json'), 'utf8')) as Messages,
};

describe('error pages', () => {
  it('have built-in texts equal to the locale files', () => {
    for (const locale of ['de', 'en'] as const) {
      const t = (key: string) => translate(messages[locale], key, { code: '{code}' });
      expect(FALLBACK[locale]).toEqual({ server: t('errors.server.title'), other: t('errors.other.title'), code: t('errors.server.code'), home: t('errors.errorPage.button') });
    }
  });

  it('speak the page language, with or without the locale files, spelled right', () => {
    for (const withMessages of [false, true]) {
      const page = (locale: 'de' | 'en', status: number) => errorPageHtml({ locale, status, messages: withMessages ? messages[locale] : null });
      expect(page('de', 500)).toContain('<title>Serverfehler.</title>');
      expect(page('de', 500)).toContain('Fehlercode 500');
      expect(page('de', 503)).toContain('<title>Ein unbekannter Fehler ist aufgetreten.</title>');
      expect(page('de', 503)).toContain('<html lang="de"');
      expect(page('en', 500)).toContain('<title>Server error.</title>');
      expect(page('en', 502)).toContain('<h1>An unknown error has occurred.</h1>');
      expect(page('en', 502)).toContain('Error code 502');
      for (const html of [page('de', 500), page('de', 503)]) expect(html).not.toMatch(/error|unknown|homepage/i);
    }
    expect(JSON.stringify(messages)).not.toMatch(/unkown/);
  });
});

describe('page-language details', () => {
  it('keeps a time and its unit together', () => {
    expect(formatDateRange('de', { start: '2026-12-13T17:00:00', end: '2026-12-13T18:45:00' })).toMatch(/18:45\u00a0Uhr$/);
    expect(formatDateRange('en', { start: '2026-12-13T17:00:00', end: '2026-12-13T18:45:00' })).not.toMatch(/ (AM|PM)/);
  });

  it('names the country in the page language', () => {
    expect(formatCountry('de', 'Germany')).toBe('Deutschland');
    expect(formatCountry('en', 'Germany')).toBe('Germany');
    expect(formatCountry('en', 'Österreich')).toBe('Austria');
    expect(formatCountry('de', 'ch')).toBe('Schweiz');
    expect(formatCountry('de', 'Atlantis')).toBe('Atlantis');
  });
});
