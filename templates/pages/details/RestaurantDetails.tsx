// Restaurants and bars: opening hours and the courses and menus served there (nids resolved in
// this language; unpublished or untranslated ones are simply not shown).
import type { CourseMenu, RestaurantBar } from '../../../site/model/content-types';
import { DownloadLink } from '../../components/DownloadLink';
import { Prose } from '../../components/Prose';
import { formatPrice } from '../../format';
import { usePage, useSite, useT } from '../../site-context';

export function RestaurantDetails({ item }: { item: RestaurantBar }) {
  const site = useSite();
  const { locale } = usePage();
  const t = useT();
  const menus = item.courses
    .map((nid) => site.content.get(locale, nid))
    .filter((menu): menu is CourseMenu => menu?.type === 'courses_and_menus');
  return (
    <>
      {item.openingHours ? (
        <section className="detail-section opening-hours" aria-labelledby="hours-title">
          <h2 id="hours-title">{t('detail.openingHours')}</h2>
          <Prose html={item.openingHours} />
        </section>
      ) : null}
      {menus.length > 0 ? (
        <section className="detail-section" aria-labelledby="menus-title">
          <h2 id="menus-title">{t('detail.menus')}</h2>
          <ul className="menus">
            {menus.map((menu) => (
              <li key={menu.nid} className="menu">
                <div className="menu__head">
                  <h3>{menu.title}</h3>
                  {menu.price !== null ? <p className="menu__price">{formatPrice(locale, menu.price)}</p> : null}
                </div>
                {menu.teaser ? <p>{menu.teaser}</p> : null}
                <Prose html={menu.body} />
                {menu.menuFile ? <DownloadLink download={menu.menuFile} label={t('detail.downloadMenuOf', { title: menu.title })} className="text-link" /> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
