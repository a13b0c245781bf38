// Vouchers: the CMS text and blocks (the voucher shop link is a call-to-action paragraph), and how
// to order a voucher directly from the hotel.
import { Hero } from '../components/Hero';
import { phoneText, telHref } from '../format';
import { Paragraphs } from '../components/Paragraphs';
import { Prose } from '../components/Prose';
import { usePage, useSite, useT } from '../site-context';
import { useCrumbs } from './crumbs';

export function VouchersPage() {
  const page = usePage();
  const site = useSite();
  const t = useT();
  const item = page.item;
  const hotel = site.config.hotel;
  return (
    <>
      <Hero title={item?.title ?? t('routes.vouchers')} lead={item?.teaser} image={item?.images[0] ?? null} crumbs={useCrumbs()} crumbsLabel={t('pages.breadcrumb')} />
      <div className="row split">
        <div className="split__text">
          <Prose html={item?.body ?? null} />
        </div>
        <aside className="split__panel panel voucher-order" aria-labelledby="voucher-order-title">
          <h2 id="voucher-order-title">{t('pages.vouchers.orderTitle')}</h2>
          <p>{t('pages.vouchers.orderText')}</p>
          <ul className="contact-lines">
            <li>
              <span className="contact-lines__label">{t('pages.phone')}</span> <a href={telHref(hotel.phone)}>{phoneText(hotel.phone)}</a>
            </li>
            <li>
              <span className="contact-lines__label">{t('pages.email')}</span>{' '}
              <a href={`mailto:${hotel.email}?subject=${encodeURIComponent(t('pages.vouchers.subject'))}`}>{hotel.email}</a>
            </li>
          </ul>
        </aside>
      </div>
      {item ? (
        <div className="row">
          <Paragraphs paragraphs={item.paragraphs} />
        </div>
      ) : null}
    </>
  );
}
