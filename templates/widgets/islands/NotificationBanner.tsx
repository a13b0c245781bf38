// The hotel's announcements (SPEC section 4): published notifications of the page language,
// dismissable for the visit (sessionStorage — survives navigation, not a new visit). A band at the
// top of the page, under the top bar, so it covers nothing. No layout shift: it is in the HTML
// from the start, a stored dismissal hides it before first paint (head script), and dismissing it
// is the guest's own action.
import { useEffect, useState } from 'react';
import { HTML_CLASSES, STORAGE_KEYS, readStorage, writeStorage } from './browser';

export interface BannerNotification {
  nid: number;
  title: string;
  /** Processed, sanitized body HTML. */
  html: string | null;
  link: { title: string; href: string; external: boolean } | null;
}

export interface NotificationBannerProps {
  notifications: BannerNotification[];
  /** Identifies this set of notifications; a new announcement shows even after a dismissal. */
  dismissKey: string;
  labels: { region: string; dismiss: string };
}

export default function NotificationBanner({ notifications, dismissKey, labels }: NotificationBannerProps) {
  const [dismissed, setDismissed] = useState(false);
  const [synced, setSynced] = useState(false);

  useEffect(() => {
    if (readStorage('session', STORAGE_KEYS.bannerDismissed) === dismissKey) setDismissed(true);
    setSynced(true);
  }, [dismissKey]);

  // Once the stored state is rendered, it decides, no longer the head script's class.
  useEffect(() => {
    if (synced) document.documentElement.classList.remove(HTML_CLASSES.bannerDismissed);
  }, [synced]);

  if (dismissed || notifications.length === 0) return null;
  return (
    <div className="banner-band">
    <aside className="banner" aria-label={labels.region}>
      <ul className="banner__list">
        {notifications.map((notification) => (
          <li key={notification.nid} className="banner__item">
            <p className="banner__title">{notification.title}</p>
            {notification.html ? <div className="banner__body" dangerouslySetInnerHTML={{ __html: notification.html }} /> : null}
            {notification.link ? (
              <a className="banner__link" href={notification.link.href} {...(notification.link.external ? { rel: 'noopener', target: '_blank' } : {})}>
                {notification.link.title}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="banner__close"
        aria-label={labels.dismiss}
        onClick={() => {
          writeStorage('session', STORAGE_KEYS.bannerDismissed, dismissKey);
          setDismissed(true);
          document.getElementById('main')?.focus({ preventScroll: true });
        }}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
    </aside>
    </div>
  );
}
