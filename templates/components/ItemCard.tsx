// A content item as a card: its first image, title, teaser and key facts, linked where
// site.content.hrefOf says (its detail page, or the list its sublist names).
import type { ContentItem, NodeType } from '../../site/model/content-types';
import { dateBadge } from '../format';
import { usePage, useSite, useT } from '../site-context';
import { Card, type HeadingLevel } from './Card';
import type { Motif } from './Illustration';
import { keyFacts } from './key-facts';

const MOTIFS: Partial<Record<NodeType, Motif>> = {
  wellness: 'water',
  spa_treatments: 'water',
  health_page: 'water',
  sports: 'forest',
  excursions: 'forest',
  golf: 'forest',
  destination: 'forest',
  events: 'stork',
  article: 'stork',
};

export function motifOf(type: NodeType): Motif {
  return MOTIFS[type] ?? 'castle';
}

export function ItemCard({ item, headingLevel, eager }: { item: ContentItem; headingLevel?: HeadingLevel; eager?: boolean }) {
  const site = useSite();
  const page = usePage();
  const t = useT();
  const badge = item.type === 'events' && item.date ? dateBadge(page.locale, item.date.start) : null;
  return (
    <Card
      href={site.content.hrefOf(item)}
      title={item.title}
      teaser={item.teaser}
      image={item.images[0] ?? null}
      motif={motifOf(item.type)}
      facts={keyFacts(item, t, page.locale)}
      headingLevel={headingLevel}
      eager={eager}
      badge={
        badge ? (
          <span className="date-badge" aria-hidden="true">
            <span className="date-badge__day">{badge.day}</span>
            <span className="date-badge__month">{badge.month}</span>
          </span>
        ) : null
      }
    />
  );
}
