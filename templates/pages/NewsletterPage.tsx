// Newsletter sign-up: the CMS text beside the sign-up form (an island: German validation messages
// on /de; it also takes the e-mail the footer field passes in the query string).
import { Hero } from '../components/Hero';
import { Paragraphs } from '../components/Paragraphs';
import { Prose } from '../components/Prose';
import { usePage, useT } from '../site-context';
import { NewsletterForm } from '../widgets/NewsletterForm';
import { useCrumbs } from './crumbs';

export function NewsletterPage() {
  const page = usePage();
  const t = useT();
  const item = page.item;
  return (
    <>
      <Hero title={item?.title ?? t('routes.newsletters')} lead={item?.teaser ?? t('pages.newsletter.lead')} image={item?.images[0] ?? null} crumbs={useCrumbs()} crumbsLabel={t('pages.breadcrumb')} />
      <div className="row split">
        <div className="split__text">
          {item?.body ? <Prose html={item.body} /> : <p>{t('pages.newsletter.text')}</p>}
        </div>
        <div className="split__panel panel">
          <h2>{t('pages.newsletter.formTitle')}</h2>
          <NewsletterForm />
        </div>
      </div>
      {item ? (
        <div className="row">
          <Paragraphs paragraphs={item.paragraphs} />
        </div>
      ) : null}
    </>
  );
}
