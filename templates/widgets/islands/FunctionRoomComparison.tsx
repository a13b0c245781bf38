// The function-room comparison (docs/site.md): every room with area,
// length, width, height, the five seating layouts, location, price per day and short-usage price.
// Hydrated, it filters live by seating layout and number of persons; without JavaScript the
// filter is hidden and every room shows. No match: the message from the locale files, exactly. A layout or number
// chosen before the widget's JavaScript arrived is taken from the controls when it hydrates
// (templates/widgets/README.md).
import { useEffect, useRef, useState } from 'react';

export const LAYOUTS = ['theatre', 'classroom', 'uShape', 'block', 'banquet'] as const;
export type Layout = (typeof LAYOUTS)[number];

export interface RoomRow {
  nid: number;
  title: string;
  href: string | null;
  /** Capacities per layout, for filtering; null = layout not offered. */
  seating: Record<Layout, number | null>;
  /** Display values, formatted for the page language on the server; null shows a dash. */
  cells: {
    area: string | null;
    length: string | null;
    width: string | null;
    height: string | null;
    seating: Record<Layout, string | null>;
    location: string | null;
    pricePerDay: string | null;
    priceShortUsage: string | null;
  };
}

export interface FunctionRoomComparisonProps {
  /** Unique on the page (ids of the controls); React's useId differs between page and island tree. */
  idPrefix: string;
  rooms: RoomRow[];
  labels: Record<Layout, string> & {
    caption: string;
    room: string;
    area: string;
    length: string;
    width: string;
    height: string;
    seating: string;
    location: string;
    pricePerDay: string;
    priceShortUsage: string;
    filterLabel: string;
    layout: string;
    anyLayout: string;
    persons: string;
    reset: string;
    noMatch: string;
    empty: string;
    scrollHint: string;
  };
}

/** Rooms that seat `persons` in `layout` (any layout when none is chosen). */
export function matchingRooms(rooms: RoomRow[], layout: Layout | '', persons: number | null): RoomRow[] {
  return rooms.filter((room) => {
    const capacities = layout ? [room.seating[layout]] : LAYOUTS.map((name) => room.seating[name]);
    const offered = capacities.filter((value): value is number => value !== null && value > 0);
    if (layout && offered.length === 0) return false;
    return persons === null || offered.some((capacity) => capacity >= persons);
  });
}

const DASH = '–';

export default function FunctionRoomComparison({ idPrefix: id, rooms, labels }: FunctionRoomComparisonProps) {
  const [layout, setLayout] = useState<Layout | ''>('');
  const [personsText, setPersonsText] = useState('');
  const layoutControl = useRef<HTMLSelectElement>(null);
  const personsControl = useRef<HTMLInputElement>(null);
  // Hydration keeps what the guest chose meanwhile in the DOM but starts from the server's empty
  // state; adopt the controls' values, or the next render would reset them.
  useEffect(() => {
    const chosen = layoutControl.current?.value ?? '';
    setLayout((LAYOUTS as readonly string[]).includes(chosen) ? (chosen as Layout) : '');
    setPersonsText(personsControl.current?.value ?? '');
  }, []);
  const persons = /^\d+$/.test(personsText.trim()) && Number(personsText) > 0 ? Number(personsText) : null;
  const visible = new Set(matchingRooms(rooms, layout, persons).map((room) => room.nid));
  const none = rooms.length > 0 && visible.size === 0;

  if (rooms.length === 0) return <p className="room-compare__empty">{labels.empty}</p>;
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
      <section className="room-compare__scroll" aria-labelledby={`${id}-caption`} tabIndex={0} hidden={none} data-rows={rooms.length}>
        <table className="room-table">
          <caption id={`${id}-caption`}>
            <span className="room-table__caption">{labels.caption}</span>
          </caption>
          <thead>
            <tr>
              <th scope="col" rowSpan={2}>
                {labels.room}
              </th>
              <th scope="col" rowSpan={2}>
                {labels.area}
              </th>
              <th scope="col" rowSpan={2}>
                {labels.length}
              </th>
              <th scope="col" rowSpan={2}>
                {labels.width}
              </th>
              <th scope="col" rowSpan={2}>
                {labels.height}
              </th>
              <th scope="colgroup" colSpan={LAYOUTS.length} className="room-table__group">
                {labels.seating}
              </th>
              <th scope="col" rowSpan={2} className="room-table__text">
                {labels.location}
              </th>
              <th scope="col" rowSpan={2}>
                {labels.pricePerDay}
              </th>
              <th scope="col" rowSpan={2}>
                {labels.priceShortUsage}
              </th>
            </tr>
            <tr>
              {LAYOUTS.map((name) => (
                <th key={name} scope="col" className={layout === name ? 'is-selected' : undefined}>
                  {labels[name]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rooms.map((room) => (
              <tr key={room.nid} hidden={!visible.has(room.nid)}>
                <th scope="row">{room.href ? <a href={room.href}>{room.title}</a> : room.title}</th>
                <td>{room.cells.area ?? DASH}</td>
                <td>{room.cells.length ?? DASH}</td>
                <td>{room.cells.width ?? DASH}</td>
                <td>{room.cells.height ?? DASH}</td>
                {LAYOUTS.map((name) => (
                  <td key={name} className={layout === name ? 'is-selected' : undefined}>
                    {room.cells.seating[name] ?? DASH}
                  </td>
                ))}
                <td className="room-table__text">{room.cells.location ?? DASH}</td>
                <td>{room.cells.pricePerDay ?? DASH}</td>
                <td>{room.cells.priceShortUsage ?? DASH}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
