// The document shell of every page: <html lang> naming the islands' settings file, head (title,
// description, canonical, hreflang alternates, Open Graph, schema.org JSON-LD, icon, stylesheet,
// the top bar's render-blocking expect link, the inline state script, the module script and its
// preloads) and the layout around the page body.
import { isIndexable, type Page, type SiteContext } from '../site/model/page-model';
import { islandSettingsFile } from './island-settings';
import { Layout } from './Layout';
import { bannerKeyOf, HEAD_SCRIPT } from './layout/head-script';
import { PageBody } from './pages/PageBody';
import { pageDescription, pageTitle } from './pages/meta';
import { SiteProvider } from './site-context';
import { StructuredData } from './structured-data/StructuredData';

export function Document({ page, site }: { page: Page; site: SiteContext }) {
  const title = pageTitle(page, site);
  const description = pageDescription(page, site);
  const absolute = (href: string) => site.config.siteUrl + href;
  // The preview's draft view is for editors: no search engine may keep any of it.
  const indexable = isIndexable(page) && !site.drafts;
  const xDefault = page.alternates[site.config.locales.default];
  const bannerKey = bannerKeyOf(site.notifications.map((notification) => notification.nid));
  return (
    <SiteProvider page={page} site={site}>
      <html lang={page.locale} data-islands={islandSettingsFile(site).href}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>{title}</title>
          <meta name="description" content={description} />
          {indexable ? <link rel="canonical" href={absolute(page.href)} /> : <meta name="robots" content={site.drafts ? 'noindex, nofollow' : 'noindex'} />}
          {indexable
            ? Object.entries(page.alternates).map(([locale, href]) => <link key={locale} rel="alternate" hrefLang={locale} href={absolute(href)} />)
            : null}
          {indexable && xDefault ? <link rel="alternate" hrefLang="x-default" href={absolute(xDefault)} /> : null}
          <meta property="og:title" content={title} />
          <meta property="og:description" content={description} />
          <meta property="og:type" content="website" />
          <meta property="og:url" content={absolute(page.href)} />
          <meta property="og:locale" content={page.locale === 'de' ? 'de_DE' : 'en_GB'} />
          {page.item?.images[0] ? <meta property="og:image" content={absolute(page.item.images[0].src)} /> : null}
          <meta name="theme-color" content="#2f4a3a" />
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
          <link rel="stylesheet" href={site.assets.stylesheet} />
          {/* No frame before the page's content is whole (up to the footer): a browser that paints a
              half-parsed page would otherwise show the top bar or a grid of cards without their
              later parts, then shift them as these arrive (docs/architecture.md). */}
          <link rel="expect" href="#footer" blocking="render" />
          <StructuredData />
          <script data-banner={bannerKey ?? undefined} dangerouslySetInnerHTML={{ __html: HEAD_SCRIPT }} />
          {site.assets.script ? <script type="module" src={site.assets.script} /> : null}
          {site.assets.preload.map((href) => (
            <link key={href} rel="modulepreload" href={href} />
          ))}
        </head>
        <body>
          <Layout>
            <PageBody />
          </Layout>
        </body>
      </html>
    </SiteProvider>
  );
}
