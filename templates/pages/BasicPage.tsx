// A text page whose content is the CMS node at the route's path: legal pages (terms, privacy,
// legal notice) and any fixed route without a template of its own.
import { Hero } from '../components/Hero';
import { Paragraphs } from '../components/Paragraphs';
import { Prose } from '../components/Prose';
import { usePage, useT } from '../site-context';
import { routeName, useCrumbs } from './crumbs';

export function BasicPage() {
  const page = usePage();
  const t = useT();
  const item = page.item;
  const title = item?.title ?? (page.route ? routeName(t, page.route.id) : '');
  return (
    <>
      <Hero title={title} lead={item?.teaser} image={item?.images[0] ?? null} crumbs={useCrumbs()} crumbsLabel={t('pages.breadcrumb')} />
      <div className="row row--narrow">
        {item?.body ? <Prose html={item.body} /> : <p className="empty-note">{t('pages.noContent')}</p>}
        {item ? <Paragraphs paragraphs={item.paragraphs} /> : null}
      </div>
    </>
  );
}
