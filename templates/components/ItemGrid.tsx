// Content items as a card grid; the first row loads its images at once (in view on arrival).
import type { ContentItem } from '../../site/model/content-types';
import { CardGrid } from './CardGrid';
import { ItemCard } from './ItemCard';

export function ItemGrid({ items, headingLevel = 2, eagerFirstRow = true }: { items: ContentItem[]; headingLevel?: 2 | 3; eagerFirstRow?: boolean }) {
  return (
    <CardGrid>
      {items.map((item, index) => (
        <ItemCard key={item.nid} item={item} headingLevel={headingLevel} eager={eagerFirstRow && index < 3} />
      ))}
    </CardGrid>
  );
}
