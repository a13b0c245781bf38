// Every UI string exists in both languages, and every key a template asks for exists.
// Templates call t('…') / translate(messages, '…') with literal keys, so scanning the sources finds
// every key in use.
import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import type { Messages } from '../../../site/model/page-model';
import { projectPath } from '../../../site/project-root';

function load(locale: string): Messages {
  return JSON.parse(readFileSync(projectPath(`locales/${locale}.json`), 'utf8')) as Messages;
}

/** Dotted keys of every string (leaves) in a locale file. */
function leaves(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  );
}

const de = new Set(leaves(load('de')));
const en = new Set(leaves(load('en')));

/** Literal keys passed to t(…) or translate(…, …) in the template sources. */
function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  const files = fg.sync('templates/**/*.{ts,tsx}', { cwd: projectPath(), absolute: true });
  const call = /\b(?:t|translate)\(\s*(?:[\w.]+,\s*)?(['"])([\w-]+(?:\.[\w-]+)+)\1/g;
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(call)) used.set(match[2]!, file.slice(projectPath().length + 1));
  }
  return used;
}

describe('locale files', () => {
  it('have the same keys in German and English', () => {
    expect([...de].filter((key) => !en.has(key)), 'in de.json only').toEqual([]);
    expect([...en].filter((key) => !de.has(key)), 'in en.json only').toEqual([]);
  });

  it('have no empty strings', () => {
    for (const locale of ['de', 'en']) {
      const empty = leaves(load(locale)).filter((key) => {
        let node: string | Messages = load(locale);
        for (const part of key.split('.')) node = (node as Messages)[part]!;
        return (node as string).trim() === '';
      });
      expect(empty, locale).toEqual([]);
    }
  });

  it('contain every key the templates use', () => {
    const used = usedKeys();
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter(([key]) => !de.has(key) && !en.has(key)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('give the texts of the error pages exactly', () => {
    const messages = { de: load('de'), en: load('en') };
    const notFound = (locale: 'de' | 'en') => (messages[locale].errors as Messages).notFound as Messages;
    expect(notFound('de').title).toBe('Diese Seite konnte nicht gefunden werden');
    expect(notFound('de').button).toBe('Weiter zur Startseite');
    expect(notFound('en').title).toBe('This page could not be found');
    expect((messages.en.errors as Messages).server).toMatchObject({ title: 'Server error.' });
    expect((messages.en.errors as Messages).other).toMatchObject({ title: 'An unknown error has occurred.' });
    expect((messages.de.errors as Messages).server).toMatchObject({ title: 'Serverfehler.' });
    expect((messages.de.errors as Messages).other).toMatchObject({ title: 'Ein unbekannter Fehler ist aufgetreten.' });
  });
});
