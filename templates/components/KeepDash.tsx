// A dash stays at the end of its line ("Schloss Storchenau —"), never starts the next one; the
// text itself is unchanged (the word and its dash are wrapped in a no-wrap span).
import type { ReactNode } from 'react';

export function keepDash(text: string): ReactNode {
  const parts = text.split(/(\S+ [–—](?= ))/);
  if (parts.length === 1) return text;
  return parts.map((part, index) => (index % 2 === 1 ? <span key={index} className="nowrap">{part}</span> : part));
}
