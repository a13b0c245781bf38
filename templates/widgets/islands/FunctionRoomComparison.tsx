// The function-room comparison (docs/site.md): every room with area,
// length, width, height, the five seating layouts, location, price per day and short-usage price.
// The server renders the table (the `table` slot, templates/widgets/FunctionRoomComparison.tsx:
// its n-th body row is room n); the island owns the filter around it. Hydrated, it filters live by
// seating layout and number of persons, hiding the rows that do not match; without JavaScript the
// filter is hidden and every room shows. No match: the message from the locale files, exactly. A
// layout or number chosen before the widget's JavaScript arrived is taken from the controls when
// it hydrates (templates/widgets/README.md).
import { useEffect, useRef, useState } from 'react';
import { Slot, type Slots } from './Slot';

export const LAYOUTS = ['theatre', 'classroom', 'uShape', 'block', 'banquet'] as const;
export type Layout = (typeof LAYOUTS)[number];

/** A room's capacity per layout, in the order of LAYOUTS; null = layout not offered. */
export type Seating = (number | null)[];

/**
 * Where the layouts' cells start in a body row of the server's table: after the room and its
 * four measures. The header's second row holds the layouts alone.
 */
export const FIRST_LAYOUT_CELL = 5;

export interface FunctionRoomComparisonProps {
  /** Unique on the page (ids of the controls); React's useId differs between page and island tree. */
  idPrefix: string;
  /** Each room's seating, in the order of the table's body rows. The rest of a row is only shown, so it stays in the table. */
  seating: Seating[];
  labels: Record<Layout, string> & {
    filterLabel: string;
    layout: string;
    anyLayout: string;
    persons: string;
    reset: string;
    noMatch: string;
    empty: string;
    scrollHint: string;
  };
  slots?: Slots;
}

/** The indices of the rooms that seat `persons` in `layout` (any layout when none is chosen). */
export function matchingRooms(rooms: Seating[], layout: Layout | '', persons: number | null): number[] {
  const column = layout ? LAYOUTS.indexOf(layout) : -1;
  const matches: number[] = [];
  rooms.forEach((seating, index) => {
    const capacities = column >= 0 ? [seating[column] ?? null] : seating;
    const offered = capacities.filter((value): value is number => value !== null && value > 0);
    if (layout && offered.length === 0) return;
    if (persons === null || offered.some((capacity) => capacity >= persons)) matches.push(index);
  });
  return matches;
}

export default function FunctionRoomComparison({ idPrefix: id, seating, labels, slots }: FunctionRoomComparisonProps) {
  const [layout, setLayout] = useState<Layout | ''>('');
  const [personsText, setPersonsText] = useState('');
  const layoutControl = useRef<HTMLSelectElement>(null);
  const personsControl = useRef<HTMLInputElement>(null);
  const scrollBox = useRef<HTMLElement>(null);
  // Hydration keeps what the guest chose meanwhile in the DOM but starts from the server's empty
  // state; adopt the controls' values, or the next render would reset them.
  useEffect(() => {
    const chosen = layoutControl.current?.value ?? '';
    setLayout((LAYOUTS as readonly string[]).includes(chosen) ? (chosen as Layout) : '');
    setPersonsText(personsControl.current?.value ?? '');
  }, []);
  const persons = /^\d+$/.test(personsText.trim()) && Number(personsText) > 0 ? Number(personsText) : null;
  const matches = matchingRooms(seating, layout, persons);
  const none = seating.length > 0 && matches.length === 0;
  // A string, so that the effect below runs when the matches change, not on every render.
  const shown = matches.join(' ');

  // The table is server HTML React does not own: hide its rows and mark the chosen layout's column
  // directly.
  useEffect(() => {
    const table = scrollBox.current?.querySelector('table');
    if (!table) return;
    const visible = new Set(shown ? shown.split(' ').map(Number) : []);
    const mark = (cell: Element | undefined, index: number) => cell?.classList.toggle('is-selected', LAYOUTS[index] === layout);
    const layoutHeadings = table.tHead?.rows[1]?.cells;
    LAYOUTS.forEach((_, index) => mark(layoutHeadings?.[index], index));
    for (const [index, row] of [...(table.tBodies[0]?.rows ?? [])].entries()) {
      row.hidden = !visible.has(index);
      LAYOUTS.forEach((_, column) => mark(row.cells[FIRST_LAYOUT_CELL + column], column));
    }
  }, [shown, layout]);

  if (seating.length === 0) return <p className="room-compare__empty">{labels.empty}</p>;
  return (
    <div className="room-compare">
      <fieldset className="room-filter" data-needs-js="">
        <legend className="room-filter__legend">{labels.filterLabel}</legend>
        <div className="room-filter__field">
          <label htmlFor={`${id}-layout`}>{labels.layout}</label>
          <select ref={layoutControl} id={`${id}-layout`} value={layout} onChange={(event) => setLayout(event.target.value as Layout | '')}>
            <option value="">{labels.anyLayout}</option>
            {LAYOUTS.map((name) => (
              <option key={name} value={name}>
                {labels[name]}
              </option>
            ))}
          </select>
        </div>
        <div className="room-filter__field">
          <label htmlFor={`${id}-persons`}>{labels.persons}</label>
          <input ref={personsControl} id={`${id}-persons`} type="number" inputMode="numeric" min={1} step={1} value={personsText} onChange={(event) => setPersonsText(event.target.value)} />
        </div>
        <button
          type="button"
          className="room-filter__reset"
          disabled={!layout && !personsText}
          onClick={() => {
            setLayout('');
            setPersonsText('');
          }}
        >
          {labels.reset}
        </button>
      </fieldset>
      <p className="room-compare__status" role="status">
        {none ? labels.noMatch : ''}
      </p>
      {/* Where the table is wider than the screen: the room column stays, the rest scrolls. */}
      <p className="room-compare__hint" aria-hidden="true" hidden={none}>
        {labels.scrollHint}
      </p>
      {/* data-rows: the stylesheet's estimate of the table's height while it is not rendered yet. */}
      <section ref={scrollBox} className="room-compare__scroll" aria-labelledby={`${id}-caption`} tabIndex={0} hidden={none} data-rows={seating.length}>
        <Slot name="table" content={slots?.table} />
      </section>
    </div>
  );
}
