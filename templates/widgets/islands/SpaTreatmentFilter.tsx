// Spa treatments narrowed by category: the server renders every card (the `grid` slot:
// a list whose n-th <li> is the n-th treatment); hydrated, category buttons hide the cards that do
// not match, preselected from ?category=<tid> (links from wellness items carry it). Without
// JavaScript the buttons are hidden and every treatment shows.
import { useEffect, useRef, useState } from 'react';
import { Slot, type Slots } from './Slot';

export interface SpaTreatmentFilterProps {
  categories: { tid: number; name: string }[];
  /** Other terms that may arrive as ?category= (wellness items' preselect terms) → category tid. */
  aliases: Record<string, number>;
  /** Category tids of each treatment, in the order of the grid's list items. */
  treatments: { nid: number; categories: number[] }[];
  labels: { group: string; all: string; count: string };
  slots?: Slots;
}

const QUERY_PARAM = 'category';

function preselected({ categories, aliases }: Pick<SpaTreatmentFilterProps, 'categories' | 'aliases'>): number | null {
  const param = new URLSearchParams(window.location.search).get(QUERY_PARAM) ?? '';
  const tid = aliases[param] ?? Number(param);
  return categories.some((category) => category.tid === tid) ? tid : null;
}

export default function SpaTreatmentFilter({ categories, aliases, treatments, labels, slots }: SpaTreatmentFilterProps) {
  const [selected, setSelected] = useState<number | null>(null);
  const grid = useRef<HTMLDivElement>(null);

  useEffect(() => setSelected(preselected({ categories, aliases })), [categories, aliases]);

  // The cards are server HTML React does not own: show and hide their list items directly.
  useEffect(() => {
    const items = grid.current?.querySelectorAll<HTMLElement>('[data-slot="grid"] > ul > li') ?? [];
    items.forEach((item, index) => {
      const treatment = treatments[index];
      item.hidden = selected !== null && !!treatment && !treatment.categories.includes(selected);
    });
  }, [selected, treatments]);

  const choose = (tid: number | null) => {
    setSelected(tid);
    const url = new URL(window.location.href);
    if (tid === null) url.searchParams.delete(QUERY_PARAM);
    else url.searchParams.set(QUERY_PARAM, String(tid));
    window.history.replaceState(window.history.state, '', url);
  };
  const count = selected === null ? treatments.length : treatments.filter((t) => t.categories.includes(selected)).length;

  return (
    <div className="spa-filter" ref={grid}>
      {categories.length > 1 ? (
        <div className="spa-filter__controls chips" role="group" aria-label={labels.group} data-needs-js="">
          <button type="button" className="chip" aria-pressed={selected === null} onClick={() => choose(null)}>
            {labels.all}
          </button>
          {categories.map((category) => (
            <button key={category.tid} type="button" className="chip" aria-pressed={selected === category.tid} onClick={() => choose(category.tid)}>
              {category.name}
            </button>
          ))}
        </div>
      ) : null}
      <p className="spa-filter__count" role="status" data-needs-js="">
        {selected === null ? '' : labels.count.replace('{count}', String(count))}
      </p>
      <Slot name="grid" content={slots?.grid} />
    </div>
  );
}
