// The servers' error page (docs/site.md), in the page's language with its code and a link home; a
// self-contained document, not a React page, as it shows exactly when rendering failed. For a CMS
// that cannot be reached (preview) it also tells the editor so, and that the preview keeps running.
import { LOCALES, type Locale } from '../model/content-types';
import type { Messages } from '../model/page-model';
import { translate } from '../../templates/i18n';

export interface ErrorPageInput {
  locale: Locale;
  /** 500 when rendering failed; 502/503 when the CMS answered badly or not at all. */
  status: number;
  /** The language's UI strings (locales/<locale>.json); FALLBACK's texts are used without them. */
  messages?: Messages | null;
  /** Preview: the CMS could not be reached. */
  cms?: { endpoint: string; reason: string } | null;
}

/** The locale files' texts (a unit test keeps them equal), for servers without messages. */
export const FALLBACK = {
  de: { server: 'Serverfehler.', other: 'Ein unbekannter Fehler ist aufgetreten.', code: 'Fehlercode {code}', home: 'Zur Startseite' },
  en: { server: 'Server error.', other: 'An unknown error has occurred.', code: 'Error code {code}', home: 'Go to the homepage' },
} as const;

// Editor-facing text of the preview, not site UI: it never appears in a build.
const CMS_DOWN = {
  de: {
    title: 'CMS nicht erreichbar',
    text: 'Die Vorschau konnte die Inhalte nicht von {endpoint} laden: {reason}. Die Vorschau läuft weiter – laden Sie diese Seite neu, sobald das CMS wieder antwortet.',
  },
  en: {
    title: 'CMS unreachable',
    text: 'The preview could not load the content from {endpoint}: {reason}. The preview keeps running – reload this page once the CMS answers again.',
  },
} as const;

/** The page's inline style; the servers' Content-Security-Policy allows it by its hash. */
export const ERROR_PAGE_STYLE =
  'body{margin:0;font:17px/1.5 system-ui,sans-serif;color:#1d2a22;background:#f6f3ec}' +
  'main{max-width:40rem;margin:12vh auto;padding:0 1.5rem}h1{font-size:2rem;margin:0 0 .5rem}' +
  '.code{color:#5b6b61;margin:0 0 1.5rem}.cms{background:#fff;border-left:4px solid #b3261e;padding:1rem 1.25rem;margin:0 0 1.5rem}' +
  'a.button{display:inline-block;background:#2f4a3a;color:#fff;padding:.6rem 1.2rem;border-radius:3px;text-decoration:none}';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function text(messages: Messages | null | undefined, key: string, fallback: string, vars?: Record<string, string | number>): string {
  try {
    if (messages) return translate(messages, key, vars);
  } catch {
    // A locale file without the key must not break the error page itself.
  }
  return vars ? fallback.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : fallback;
}

export function errorPageHtml({ locale, status, messages, cms }: ErrorPageInput): string {
  const fallback = FALLBACK[locale];
  const kind = status === 500 ? 'server' : 'other';
  const title = text(messages, `errors.${kind}.title`, fallback[kind]);
  const code = text(messages, `errors.${kind}.code`, fallback.code, { code: status });
  const home = text(messages, 'errors.errorPage.button', fallback.home);
  const cmsBlock = cms
    ? `<p class="cms"><strong>${escapeHtml(CMS_DOWN[locale].title)}.</strong> ${escapeHtml(
        CMS_DOWN[locale].text.replace('{endpoint}', cms.endpoint).replace('{reason}', cms.reason),
      )}</p>`
    : '';
  const head = cms ? `${CMS_DOWN[locale].title} – ${title}` : title;
  return (
    `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(head)}</title><style>${ERROR_PAGE_STYLE}</style></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1><p class="code">${escapeHtml(code)}</p>${cmsBlock}` +
    `<a class="button" href="/${locale}/">${escapeHtml(home)}</a></main></body></html>\n`
  );
}

/** The language a request path belongs to: its first segment when that is a language, else the default. */
export function localeOfSegments(segments: readonly string[], fallback: Locale = 'de'): Locale {
  const first = segments[0];
  return first !== undefined && (LOCALES as readonly string[]).includes(first) ? (first as Locale) : fallback;
}
