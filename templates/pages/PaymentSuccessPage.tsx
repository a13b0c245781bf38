// After paying at the booking provider: a calm confirmation (the CMS text, else ours with the
// hotel's e-mail for questions) and the way back.
import { Hero } from '../components/Hero';
import { Paragraphs } from '../components/Paragraphs';
import { Prose } from '../components/Prose';
import { usePage, useSite, useT } from '../site-context';

export function PaymentSuccessPage() {
  const page = usePage();
  const site = useSite();
  const t = useT();
  const item = page.item;
  const hotel = site.config.hotel;
  return (
    <>
      <Hero title={item?.title ?? t('routes.paymentsuccess')} lead={item?.teaser} />
      <div className="row row--narrow confirmation">
        <svg className="confirmation__icon" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
          <circle cx="32" cy="32" r="30" fill="#2f4a3a" />
          <path d="M19 33 l9 9 l17 -19" fill="none" stroke="#f4efe6" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {item?.body ? (
          <Prose html={item.body} />
        ) : (
          <>
            <p className="confirmation__text">{t('pages.payment.text')}</p>
            <p>
              {t('pages.payment.questions')} <a href={`mailto:${hotel.email}`}>{hotel.email}</a>
            </p>
          </>
        )}
        <a className="button button--primary confirmation__home" href={site.routeHref('home')}>
          {t('pages.payment.home')}
        </a>
      </div>
      {item && item.paragraphs.length > 0 ? (
        <div className="row row--narrow">
          <Paragraphs paragraphs={item.paragraphs} />
        </div>
      ) : null}
    </>
  );
}
