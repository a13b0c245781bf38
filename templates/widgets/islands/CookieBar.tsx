// Cookie consent (docs/site.md): open on the first visit; Accept stores consent true in local
// storage and enables analytics; Deny stores false and erases the analytics cookies; the bar can
// collapse into a small tab; after a choice a small Cookies icon reopens it. This is its markup;
// the behaviour is a plain script in the entry (templates/client/cookie-bar.ts), so a first view
// needs no React. Before that runs, the head script has already hidden the bar when a choice is
// stored, so it never flashes.
import { Icon } from '../../components/Icon';

export interface CookieBarProps {
  /** Not in the markup: the client script enables analytics with it once consent is given. */
  analyticsId: string | null;
  privacyHref: string;
  labels: {
    region: string;
    title: string;
    text: string;
    privacy: string;
    accept: string;
    deny: string;
    collapse: string;
    tab: string;
    reopen: string;
  };
}

export default function CookieBar({ privacyHref, labels }: CookieBarProps) {
  return (
    <section className="cookie-bar" data-state="open" aria-label={labels.region}>
      <div className="cookie-bar__panel">
        <p className="cookie-bar__title">{labels.title}</p>
        <p className="cookie-bar__text">
          {labels.text} <a href={privacyHref}>{labels.privacy}</a>
        </p>
        <div className="cookie-bar__actions">
          <button type="button" className="button button--primary" data-focus="accept">
            {labels.accept}
          </button>
          <button type="button" className="button button--secondary">
            {labels.deny}
          </button>
        </div>
        <button type="button" className="cookie-bar__collapse" aria-label={labels.collapse}>
          <Icon name="chevron-down" />
        </button>
      </div>
      <button type="button" className="cookie-bar__tab" data-focus="tab">
        <Icon name="cookie" />
        {labels.tab}
      </button>
      <button type="button" className="cookie-bar__icon" data-focus="icon" aria-label={labels.reopen} title={labels.reopen}>
        <Icon name="cookie" />
      </button>
    </section>
  );
}
