// The document shell of every page: <html lang>, head (title, description, canonical, hreflang,
// Open Graph, stylesheet, hydration script) and the layout around the page body.
import type { Page, SiteContext } from '../site/render/page-model';
import { PageBody } from './pages/PageBody';
import { pageDescription, pageTitle } from './pages/meta';
import { SiteProvider } from './site-context';
import { translate } from './i18n';

export function Document({ page, site }: { page: Page; site: SiteContext }) {
  const title = pageTitle(page, site);
  const description = pageDescription(page, site);
  const absolute = (href: string) => site.config.siteUrl + href;
  const other = page.locale === 'de' ? 'en' : 'de';
  return (
    <html lang={page.locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        {page.kind === 'not-found' ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={absolute(page.href)} />}
        {page.kind !== 'not-found'
          ? Object.entries(page.alternates).map(([locale, href]) => <link key={locale} rel="alternate" hrefLang={locale} href={absolute(href)} />)
          : null}
        {page.kind !== 'not-found' && page.alternates[site.config.locales.default] ? (
          <link rel="alternate" hrefLang="x-default" href={absolute(page.alternates[site.config.locales.default]!)} />
        ) : null}
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        <meta property="og:type" content="website" />
        <meta property="og:url" content={absolute(page.href)} />
        <meta property="og:locale" content={page.locale === 'de' ? 'de_DE' : 'en_GB'} />
        {page.item?.images[0] ? <meta property="og:image" content={absolute(page.item.images[0].src)} /> : null}
        <link rel="stylesheet" href={site.assets.stylesheet} />
        {site.assets.script ? <script type="module" src={site.assets.script} /> : null}
      </head>
      <body>
        <SiteProvider page={page} site={site}>
          <header>
            <a href={site.routeHref('home')}>{site.config.hotel.name}</a>
            <a href={page.switchHref} hrefLang={other} lang={other}>
              {translate(site.messages, 'nav.switchLanguage')}
            </a>
          </header>
          <nav aria-label={translate(site.messages, 'nav.menu')}>
            <ul>
              {site.menu.map((topic) => (
                <li key={topic.routeId}>
                  <a href={topic.overviewHref}>{translate(site.messages, `routes.${topic.routeId}`)}</a>
                  <ul>
                    {topic.entries.map((entry) => (
                      <li key={entry.nid}>
                        <a href={entry.href}>{entry.title}</a>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </nav>
          <main>
            <PageBody />
          </main>
          <footer>
            <p>{site.config.hotel.name}</p>
            <a href={`mailto:${site.config.hotel.email}`}>{site.config.hotel.email}</a>
          </footer>
        </SiteProvider>
      </body>
    </html>
  );
}
