// Cards in a list: 3 columns on desktop, 2 on tablets, 1 at 868 px and below (pages.css).
import { Children, isValidElement, type ReactNode } from 'react';

export function CardGrid({ children }: { children: ReactNode }) {
  const cards = Children.toArray(children).filter(isValidElement);
  if (cards.length === 0) return null;
  return (
    <ul className="card-grid">
      {cards.map((card) => (
        <li key={card.key}>{card}</li>
      ))}
    </ul>
  );
}
