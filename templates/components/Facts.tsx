// Key facts as a definition list: "Größe 32 m²", "Preis ab 189 €". Cards use the compact variant
// (one line of small facts); detail pages the full one (label above value, in a tidy grid).
import type { ReactNode } from 'react';

export interface Fact {
  /** Stable key and CSS hook, e.g. "size". */
  id: string;
  label: string;
  value: ReactNode;
}

export function Facts({ facts, compact = false }: { facts: Fact[]; compact?: boolean }) {
  if (facts.length === 0) return null;
  return (
    <dl className={compact ? 'facts facts--compact' : 'facts'}>
      {facts.map((fact) => (
        <div key={fact.id} className={`fact fact--${fact.id}`}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
