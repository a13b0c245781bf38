// The full menu as a page of its own (docs/menu.md): what the menu button leads to without
// JavaScript, and where the overlay of every page loads its item lists from. The same navigation
// as the overlay, complete, inside the usual layout.
import { Hero } from '../components/Hero';
import { MenuNav } from '../layout/MenuNav';
import { useT } from '../site-context';
import { useCrumbs } from './crumbs';

export function MenuPage() {
  const t = useT();
  return (
    <>
      <Hero title={t('routes.menu')} crumbs={useCrumbs()} crumbsLabel={t('pages.breadcrumb')} />
      <div className="row menu-page">
        <MenuNav place="page" />
      </div>
    </>
  );
}
