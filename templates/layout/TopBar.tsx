// The top bar (docs/site.md, "The menu"): home link, quick links to accommodation, restaurants,
// events and vouchers, the brass "book now" button, the language switch and the full menu.
// Transparent with white text over the hero; the white fixed bar after scrolling (the scrolled
// state is a class set by templates/client/header-scroll.ts).
import { Island } from '../islands';
import { usePage, useSite, useT } from '../site-context';
import { LogoMark } from './Logo';
import { MenuNav } from './MenuNav';
import { Once } from '../render-once';

const QUICK_LINKS = ['accommodation', 'restaurantsandbars', 'events', 'vouchers'] as const;

export function TopBar() {
  const page = usePage();
  const site = useSite();
  const t = useT();
  const other = page.locale === 'de' ? 'en' : 'de';
  // "Schloss Storchenau — Hotel & Spa": the name, with what follows the dash as a small tagline.
  const [name, ...rest] = site.config.hotel.name.split(/\s+[—–]\s+/);
  const tagline = rest.join(' – ');
  return (
    <header className="topbar" id="top">
      <div className="topbar__row">
        <a className="topbar__brand" href={site.routeHref('home')} aria-current={page.route?.id === 'home' ? 'page' : undefined}>
          <LogoMark className="topbar__mark" />
          <span className="topbar__name">
            {name}
            {tagline ? (
              <span className="topbar__tagline">
                <span className="visually-hidden"> – </span>
                {tagline}
              </span>
            ) : null}
          </span>
        </a>
        <nav className="topbar__nav" aria-label={t('nav.quickLinks')}>
          <ul>
            {QUICK_LINKS.map((id) => {
              const href = site.routeHref(id);
              const current = page.href === href ? 'page' : page.href.startsWith(href) ? 'true' : undefined;
              return (
                <li key={id}>
                  <a href={href} aria-current={current}>
                    {t(`routes.${id}`)}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="topbar__actions">
          <Island
            name="BookingButton"
            as="span"
            hydrate="interaction"
            props={{ label: t('booking.bookNow'), shortLabel: t('booking.bookNowShort'), className: 'button button--primary book-button book-button--topbar' }}
          />
          <a className="topbar__lang" href={page.switchHref} hrefLang={other} lang={other}>
            <span className="topbar__lang-long">{t('nav.switchLanguage')}</span>
            <span className="topbar__lang-short">{t('nav.switchLanguageShort')}</span>
          </a>
          <Once
            id="menu"
            render={() => (
              <Island
                name="MenuOverlay"
                hydrate="load"
                props={{}}
                slots={{ nav: <MenuNav place="overlay" /> }}
              />
            )}
          />
        </div>
      </div>
    </header>
  );
}
