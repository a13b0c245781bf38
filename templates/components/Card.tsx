// A teaser card: image, title (the link), teaser and key facts. The whole card is clickable through
// the title link's ::after, so there is one link per card for screen readers and keyboards.
import type { ReactNode } from 'react';
import type { Picture as PictureData } from '../../site/model/content-types';
import { Facts, type Fact } from './Facts';
import { Illustration, type Motif } from './Illustration';
import { Picture } from './Picture';

export type HeadingLevel = 2 | 3 | 4;

export interface CardProps {
  href: string;
  title: string;
  teaser?: string | null;
  image?: PictureData | null;
  motif?: Motif;
  facts?: Fact[];
  headingLevel?: HeadingLevel;
  /** Among the first cards on the page: load the image at once. */
  eager?: boolean;
  /** A small label over the image (a date, a category). */
  badge?: ReactNode;
}

export function Card({ href, title, teaser, image, motif, facts = [], headingLevel = 3, eager, badge }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="card">
      <div className="card__media">
        {image ? <Picture picture={image} variant="card" eager={eager} /> : <Illustration motif={motif} />}
        {badge ? <div className="card__badge">{badge}</div> : null}
      </div>
      <div className="card__body">
        <Heading className="card__title">
          <a className="card__link" href={href}>
            {title}
          </a>
        </Heading>
        {teaser ? <p className="card__teaser">{teaser}</p> : null}
        <Facts facts={facts} compact />
      </div>
    </article>
  );
}
