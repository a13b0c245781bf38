// Taxonomy terms (room features, categories, views …) as a tidy list, with the CMS icon when
// there is one (decorative: the name is right next to it).
import type { Term } from '../../site/model/content-types';

export function TermList({ terms }: { terms: Term[] }) {
  if (terms.length === 0) return null;
  return (
    <ul className="terms">
      {terms.map((term) => (
        <li key={term.tid}>
          {term.icon ? <img src={term.icon.src} width={term.icon.width} height={term.icon.height} alt="" loading="lazy" decoding="async" /> : null}
          {term.name}
        </li>
      ))}
    </ul>
  );
}
