// Chooses the page template for a page (by kind, fixed route template and content type).
import type { ContentItem } from '../../site/content/types';
import { usePage, useSite, useT } from '../site-context';

function Body({ item }: { item: ContentItem | null }) {
  if (!item?.body) return null;
  return <div className="prose" dangerouslySetInnerHTML={{ __html: item.body }} />;
}

export function PageBody() {
  const page = usePage();
  const site = useSite();
  const t = useT();
  if (page.kind === 'not-found') {
    return (
      <section>
        <h1>{t('errors.notFound.title')}</h1>
        <p>{t('errors.notFound.line1')}</p>
        <p>{t('errors.notFound.line2')}</p>
        <p>{t('errors.notFound.hint')}</p>
        <p>404</p>
        <a href={site.routeHref('home')}>{t('errors.notFound.button')}</a>
      </section>
    );
  }
  const heading = page.item?.title ?? (page.route ? t(`routes.${page.route.id}`) : '');
  return (
    <article>
      <h1>{heading}</h1>
      {page.item?.teaser ? <p>{page.item.teaser}</p> : null}
      <Body item={page.item} />
      {page.items.length > 0 ? (
        <ul>
          {page.items.map((item) => (
            <li key={item.nid}>
              <a href={site.content.hrefOf(item)}>{item.title}</a>
              {item.teaser ? <p>{item.teaser}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
