// Parts of the layout that are the same on every page of a language — the full menu, the footer,
// the cookie bar, the notification banner — are rendered once per language and reused as HTML.
// Measured on the 10,000-page synthetic site: the menu alone took 3 ms and 120 KB of markup on
// every page, four times the page's own content (issue 2's speed target). Children of <Once> must
// not depend on the page: only on the language's SiteContext. They come as a function so that not
// even their props are computed again (JSX children would be built on every page).
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { SiteContext } from '../site/render/page-model';
import { SiteProvider, usePage, useSite } from './site-context';

const rendered = new WeakMap<SiteContext, Map<string, string>>();

export function Once({ id, render }: { id: string; render: () => ReactNode }) {
  const page = usePage();
  const site = useSite();
  let byId = rendered.get(site);
  if (!byId) rendered.set(site, (byId = new Map()));
  let html = byId.get(id);
  if (html === undefined) {
    html = renderToString(
      <SiteProvider page={page} site={site}>
        {render()}
      </SiteProvider>,
    );
    byId.set(id, html);
  }
  // display: contents (class "once" in base.css): the wrapper adds no box to the layout.
  return <div className="once" dangerouslySetInnerHTML={{ __html: html }} />;
}
