// The banner's notices (islands/NotificationBanner.tsx), server HTML in its slot: each one line
// that opens to the full text in a native <details>, no JavaScript needed. Bodies are sanitized.
import { Icon } from '../components/Icon';
import { keepDash } from '../components/KeepDash';
import { useSite, useT } from '../site-context';
import { bannerBody, bannerShortText } from './banner-text';

export function BannerList() {
  const site = useSite();
  // Rendered once per language (templates/render-once.tsx): links resolve as from the home page, and
  // what they lead to is part of the language's shared inputs (site/incremental/page-inputs.ts).
  const base = site.routeHref('home');
  const t = useT();
  return (
    <ul className="banner__list">
      {site.notifications.map((notification) => {
        const short = bannerShortText(notification.title, notification.teaser, notification.body);
        const body = notification.body ? bannerBody(site.content.withLinks(notification.body, base).html, notification.title) : '';
        const link = notification.link ? site.content.linkField(notification.link, base) : null;
        return (
          <li key={notification.nid} className="banner__item">
            <details className="banner__details">
              <summary className="banner__summary">
                <span className="banner__title">{keepDash(notification.title)}</span>
                {short ? <span className="banner__short">{short}</span> : null}
                <span className="banner__more">
                  <span className="banner__more-closed">{t('banner.more')}</span>
                  <span className="banner__more-open">{t('banner.less')}</span>
                  <Icon name="chevron-down" className="banner__chevron" />
                </span>
              </summary>
              <div className="banner__full">
                {body ? <div className="banner__body" dangerouslySetInnerHTML={{ __html: body }} /> : null}
                {notification.link && link?.href ? (
                  <a className="banner__link" href={link.href} {...(notification.link.external ? { rel: 'noopener', target: '_blank' } : {})}>
                    {notification.link.title}
                    {link.hidden ? <span className="visually-hidden"> – {link.hidden}</span> : null}
                  </a>
                ) : notification.link ? (
                  <span className="banner__link">{notification.link.title}</span>
                ) : null}
              </div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
