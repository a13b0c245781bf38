// The notifications the banner shows (templates/widgets/islands/NotificationBanner.tsx): server HTML
// in the island's slot, so each text is in the page once. The body is the CMS's processed HTML,
// sanitized when it was fetched (site/content/sanitize-html.ts).
import { useSite } from '../site-context';

export function BannerList() {
  const site = useSite();
  return (
    <ul className="banner__list">
      {site.notifications.map((notification) => (
        <li key={notification.nid} className="banner__item">
          <p className="banner__title">{notification.title}</p>
          {notification.body ? <div className="banner__body" dangerouslySetInnerHTML={{ __html: notification.body }} /> : null}
          {notification.link ? (
            <a className="banner__link" href={notification.link.href} {...(notification.link.external ? { rel: 'noopener', target: '_blank' } : {})}>
              {notification.link.title}
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
