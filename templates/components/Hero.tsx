// The head of every page: a full-bleed image with the title over it, or — without an image — a
// castle-green band. Either way the top bar sits on a dark ground (it is transparent with white
// text until scrolled), and the page's one <h1> is here.
import type { ReactNode } from 'react';
import type { Picture as PictureData } from '../../site/model/content-types';
import { keepDash } from './KeepDash';
import { Picture } from './Picture';

export interface Crumb {
  href: string;
  label: string;
}

interface Props {
  title: string;
  lead?: string | null;
  image?: PictureData | null;
  /** Trail above the title (home › list); the current page is the title itself. */
  crumbs?: Crumb[];
  crumbsLabel?: string;
  /** Extra content under the lead: key facts, a button. */
  children?: ReactNode;
  size?: 'large' | 'medium';
}

export function Hero({ title, lead, image, crumbs = [], crumbsLabel, children, size = 'medium' }: Props) {
  const classes = ['hero', image ? `hero--image hero--${size}` : 'hero--plain'].join(' ');
  return (
    <div className={classes}>
      {image ? <Picture picture={image} variant="hero" eager className="hero__image" /> : null}
      <div className="hero__inner">
        {crumbs.length > 0 ? (
          <nav className="crumbs" aria-label={crumbsLabel}>
            <ol>
              {crumbs.map((crumb) => (
                <li key={crumb.href}>
                  <a href={crumb.href}>{crumb.label}</a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <h1 className="hero__title">{keepDash(title)}</h1>
        {lead ? <p className="hero__lead">{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}
