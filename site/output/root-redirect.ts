// dist/index.html: the site root sends visitors to the default language (/de is the home;
// no browser-language detection). A meta refresh works on every static host, with a link for
// anyone whose browser does not follow it.
export function rootRedirectHtml(target: string, siteUrl: string): string {
  const url = siteUrl + target;
  return `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>Weiterleitung</title><meta name="robots" content="noindex"><link rel="canonical" href="${url}"><meta http-equiv="refresh" content="0; url=${target}"></head><body><p><a href="${target}">Weiter zur Startseite</a></p></body></html>\n`;
}
