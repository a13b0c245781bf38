// A CMS link shown as a button-styled link. External links open in a new tab and say so.
import type { Link } from '../../site/model/content-types';
import { useT } from '../site-context';

export function LinkButton({ link, variant = 'primary' }: { link: Link; variant?: 'primary' | 'secondary' }) {
  const t = useT();
  return (
    <a className={`button button--${variant}`} href={link.href} {...(link.external ? { rel: 'noopener', target: '_blank' } : {})}>
      {link.title}
      {link.external ? <span className="visually-hidden"> {t('paragraphs.opensInNewTab')}</span> : null}
    </a>
  );
}
