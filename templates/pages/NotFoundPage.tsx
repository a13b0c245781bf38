// 404 (docs/site.md, "Error pages"): the localized title, the two explanatory lines, the hint to
// the homepage, the code and the button to the language home — the hotel's texts, kept exactly.
import { Hero } from '../components/Hero';
import { Illustration } from '../components/Illustration';
import { useSite, useT } from '../site-context';

export function NotFoundPage() {
  const site = useSite();
  const t = useT();
  return (
    <>
      <Hero title={t('errors.notFound.title')} />
      <div className="row error-page">
        <div className="error-page__art">
          <Illustration motif="stork" />
          <p className="error-page__code" aria-hidden="true">
            404
          </p>
        </div>
        <div className="error-page__text">
          <p>{t('errors.notFound.line1')}</p>
          <p>{t('errors.notFound.line2')}</p>
          <p>{t('errors.notFound.hint')}</p>
          <p className="error-page__label">{t('errors.notFound.code', { code: 404 })}</p>
          <a className="button button--primary" href={site.routeHref('home')}>
            {t('errors.notFound.button')}
          </a>
        </div>
      </div>
    </>
  );
}
