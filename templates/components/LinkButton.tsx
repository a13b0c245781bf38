// A CMS link shown as a button-styled link. External links open in a new tab and say so. One that
// leads to a page the site does not publish is its text; a generic text gets the target's title,
// visually hidden (docs/site.md, "Links in CMS text").
import type { Link } from '../../site/model/content-types';
import { usePage, useSite, useT } from '../site-context';

export function LinkButton({ link, variant = 'primary' }: { link: Link; variant?: 'primary' | 'secondary' }) {
  const t = useT();
  const published = useSite().content.linkField(link, usePage().href);
  if (published.href === null) return <span>{link.title}</span>;
  return (
    <a className={`button button--${variant}`} href={published.href} {...(link.external ? { rel: 'noopener', target: '_blank' } : {})}>
      {link.title}
      {published.hidden ? <span className="visually-hidden"> – {published.hidden}</span> : null}
      {link.external ? <span className="visually-hidden"> {t('paragraphs.opensInNewTab')}</span> : null}
    </a>
  );
}
