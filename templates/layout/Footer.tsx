// The footer (docs/site.md): address, phone and e-mail as links, the service and legal pages,
// sister hotels, the newsletter field (a GET form to the newsletters page: ?email=…), social links
// and the award certificates with the rating badge as a row of small, even logos.
import type { BadgeImage } from '../../site/model/site-settings';
import { formatCountry, formatNumber } from '../format';
import { useSite, useT } from '../site-context';
import { LogoMark } from './Logo';
import { SocialIcon } from './SocialIcon';

const SERVICE_ROUTES = ['vouchers', 'newsletters', 'storchenkamera', 'careers', 'pressreleases', 'articles', 'health', 'faq'] as const;
const LEGAL_ROUTES = ['impressum', 'dataprivacystatement', 'termsandconditions'] as const;

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
/** A phone number never breaks across lines: non-breaking spaces and hyphens. */
const unbreakable = (phone: string) => phone.replace(/ /g, '\u00a0').replace(/-/g, '\u2011');

function Badge({ badge, alt, className }: { badge: BadgeImage; alt: string; className: string }) {
  const image = <img src={badge.image} width={badge.width} height={badge.height} alt={alt} loading="lazy" decoding="async" />;
  return (
    <li className={className}>
      {badge.url ? (
        <a href={badge.url} rel="noopener">
          {image}
        </a>
      ) : (
        image
      )}
    </li>
  );
}

/** The same on every page of a language: rendered once (templates/render-once.tsx). */
export function Footer() {
  const site = useSite();
  const t = useT();
  const hotel = site.config.hotel;
  const pageLink = (id: string) => {
    const href = site.routeHref(id);
    return (
      <li key={id}>
        <a href={href}>
          {t(`routes.${id}`)}
        </a>
      </li>
    );
  };
  const badges = [...hotel.awards, ...(hotel.ratingBadge ? [hotel.ratingBadge] : [])];
  // The rating's name in the page's language when it gives a score ("Guest rating 9.4/10").
  const rating = /(\d+(?:[.,]\d+)?)\s*\/\s*(\d+)/.exec(hotel.ratingBadge?.name ?? '');
  const altOf = (badge: BadgeImage) =>
    badge === hotel.ratingBadge && rating
      ? t('footer.ratingBadge', { score: formatNumber(site.locale, Number(rating[1]!.replace(',', '.')), 1), scale: rating[2]! })
      : badge.name;
  return (
    <footer className="footer" id="footer">
      <div className="footer__row footer__grid">
        <section className="footer__col footer__contact" aria-labelledby="footer-contact">
          <p className="footer__brand">
            <LogoMark className="footer__mark" />
            <span>{hotel.name}</span>
          </p>
          <h2 id="footer-contact" className="footer__heading">
            {t('footer.contact')}
          </h2>
          <address>
            {hotel.address.street}
            <br />
            {`${hotel.address.postalCode} ${hotel.address.city}`}
            <br />
            {formatCountry(site.locale, hotel.address.country)}
          </address>
          <ul className="footer__reach">
            <li>
              <span className="footer__label">{t('footer.phone')}</span> <a href={telHref(hotel.phone)}>{unbreakable(hotel.phone)}</a>
            </li>
            <li>
              <span className="footer__label">{t('footer.email')}</span> <a href={`mailto:${hotel.email}`}>{hotel.email}</a>
            </li>
          </ul>
        </section>
        <nav className="footer__col" aria-labelledby="footer-pages">
          <h2 id="footer-pages" className="footer__heading">
            {t('footer.pages')}
          </h2>
          <ul className="footer__links">{SERVICE_ROUTES.map(pageLink)}</ul>
        </nav>
        {hotel.sisterHotels.length > 0 ? (
          <section className="footer__col" aria-labelledby="footer-sisters">
            <h2 id="footer-sisters" className="footer__heading">
              {t('footer.sisterHotels')}
            </h2>
            <ul className="footer__links">
              {hotel.sisterHotels.map((sister) => (
                <li key={sister.url}>
                  <a href={sister.url} rel="noopener">
                    {sister.name}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section className="footer__col footer__newsletter" aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="footer__heading">
            {t('footer.newsletter')}
          </h2>
          <p>{t('footer.newsletterText')}</p>
          <form className="footer__form" action={site.routeHref('newsletters')} method="get">
            <label htmlFor="footer-email">{t('footer.newsletterEmail')}</label>
            <div className="footer__form-row">
              <input id="footer-email" name="email" type="email" autoComplete="email" />
              <button type="submit">{t('footer.newsletterSubmit')}</button>
            </div>
          </form>
          {hotel.social.length > 0 ? (
            <>
              <h2 className="footer__heading footer__heading--social">{t('footer.social')}</h2>
              <ul className="footer__social">
                {hotel.social.map((link) => (
                  <li key={link.url}>
                    <a href={link.url} rel="noopener" aria-label={link.name} title={link.name}>
                      <SocialIcon name={link.name} />
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      </div>
      {badges.length > 0 ? (
        <div className="footer__row footer__badges">
          <h2 className="visually-hidden">{t('footer.awards')}</h2>
          <ul className="footer__badge-list">
            {badges.map((badge) => (
              <Badge key={badge.image} badge={badge} alt={altOf(badge)} className={badge === hotel.ratingBadge ? 'footer__badge footer__badge--rating' : 'footer__badge'} />
            ))}
          </ul>
        </div>
      ) : null}
      <div className="footer__row footer__bottom">
        <p>{t('footer.copyright', { year: site.year, name: hotel.name })}</p>
        <nav aria-label={t('footer.legal')}>
          <ul className="footer__legal">{LEGAL_ROUTES.map(pageLink)}</ul>
        </nav>
      </div>
    </footer>
  );
}
