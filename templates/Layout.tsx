// The layout around every page body: skip link, progress bar, top bar with the full menu, the
// notification banner, <main>, the footer and the cookie bar. Islands get their data as props (what
// every page of a language shares from its settings file), and server HTML they show but do not own
// as slots (templates/islands.tsx).
import type { ReactNode } from 'react';
import { Island } from './islands';
import { BannerList } from './layout/BannerList';
import { DraftNotice } from './layout/DraftNotice';
import { Footer } from './layout/Footer';
import { bannerKeyOf } from './layout/head-script';
import { ProgressBar } from './layout/ProgressBar';
import { TopBar } from './layout/TopBar';
import { Once } from './render-once';
import { useSite, useT } from './site-context';

function Banner() {
  const site = useSite();
  const key = bannerKeyOf(site.notifications.map((notification) => notification.nid));
  if (!key) return null;
  return <Island name="NotificationBanner" hydrate="load" props={{ dismissKey: key }} slots={{ list: <BannerList /> }} />;
}

function CookieConsent() {
  return <Island name="CookieBar" hydrate="load" props={{}} />;
}

export function Layout({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipLink.label')}
      </a>
      <DraftNotice />
      <ProgressBar />
      <TopBar />
      <Once id="banner" render={() => <Banner />} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Once
        id="footer"
        render={() => (
          <>
            <Footer />
            <CookieConsent />
          </>
        )}
      />
    </>
  );
}
