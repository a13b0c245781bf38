// The function-room comparison for the meetings list and meeting details: renders the table here
// on the server, every value formatted for the page language, and hands the island the table as a
// slot and only what its filter needs, each room's seating.
import { useId } from 'react';
import type { FunctionRoom } from '../../site/model/content-types';
import { formatArea, formatMetres, formatNumber, formatPrice } from '../format';
import { Island } from '../islands';
import { useSite, useT } from '../site-context';
import { LAYOUTS, type FunctionRoomComparisonProps } from './islands/FunctionRoomComparison';

interface Props {
  rooms: FunctionRoom[];
  /** Where each room's name links to, by nid. Default: the room's own page. */
  hrefs?: Partial<Record<number, string>>;
}

const DASH = '–';

export function FunctionRoomComparison({ rooms, hrefs }: Props) {
  const t = useT();
  const idPrefix = `rooms-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const labels: FunctionRoomComparisonProps['labels'] = {
    theatre: t('functionRooms.theatre'),
    classroom: t('functionRooms.classroom'),
    uShape: t('functionRooms.uShape'),
    block: t('functionRooms.block'),
    banquet: t('functionRooms.banquet'),
    filterLabel: t('functionRooms.filterLabel'),
    layout: t('functionRooms.layout'),
    anyLayout: t('functionRooms.anyLayout'),
    persons: t('functionRooms.persons'),
    reset: t('functionRooms.reset'),
    noMatch: t('functionRooms.noMatch'),
    empty: t('functionRooms.empty'),
    scrollHint: t('functionRooms.scrollHint'),
  };
  const seating = rooms.map((room) => LAYOUTS.map((layout) => room.seating[layout]));
  const table = rooms.length > 0 ? <RoomTable rooms={rooms} hrefs={hrefs} captionId={`${idPrefix}-caption`} layoutLabels={labels} /> : null;
  return <Island name="FunctionRoomComparison" hydrate="interaction" props={{ idPrefix, seating, labels }} slots={table ? { table } : undefined} />;
}

/** A column's head spanning both header rows (the seating group's layouts are in the second). */
function ColumnHead({ label, className }: { label: string; className?: string }) {
  return (
    <th scope="col" rowSpan={2} className={className}>
      {label}
    </th>
  );
}

/** The table the island filters: its n-th body row is rooms[n], the layouts from the island's FIRST_LAYOUT_CELL on. */
function RoomTable({ rooms, hrefs, captionId, layoutLabels }: Props & { captionId: string; layoutLabels: Record<(typeof LAYOUTS)[number], string> }) {
  const site = useSite();
  const t = useT();
  const { locale } = site;
  const show = <T,>(value: T | null, format: (value: T) => string) => (value === null ? DASH : format(value));
  const metres = (value: number) => formatMetres(locale, value);
  return (
    <table className="room-table">
      <caption id={captionId}>
        <span className="room-table__caption">{t('functionRooms.caption')}</span>
      </caption>
      <thead>
        <tr>
          <ColumnHead label={t('functionRooms.room')} />
          <ColumnHead label={t('functionRooms.area')} />
          <ColumnHead label={t('functionRooms.length')} />
          <ColumnHead label={t('functionRooms.width')} />
          <ColumnHead label={t('functionRooms.height')} />
          <th scope="colgroup" colSpan={LAYOUTS.length} className="room-table__group">
            {t('functionRooms.seating')}
          </th>
          <ColumnHead label={t('functionRooms.location')} className="room-table__text" />
          <ColumnHead label={t('functionRooms.pricePerDay')} />
          <ColumnHead label={t('functionRooms.priceShortUsage')} />
        </tr>
        <tr>
          {LAYOUTS.map((name) => (
            <th key={name} scope="col">
              {layoutLabels[name]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rooms.map((room) => {
          const href = hrefs ? (hrefs[room.nid] ?? null) : site.content.hrefOf(room);
          return (
            <tr key={room.nid}>
              <th scope="row">{href ? <a href={href}>{room.title}</a> : room.title}</th>
              <td>{show(room.area, (value) => formatArea(locale, value))}</td>
              <td>{show(room.length, metres)}</td>
              <td>{show(room.width, metres)}</td>
              <td>{show(room.height, metres)}</td>
              {LAYOUTS.map((name) => (
                <td key={name}>{show(room.seating[name], (value) => formatNumber(locale, value, 0))}</td>
              ))}
              <td className="room-table__text">{room.location?.name ?? DASH}</td>
              <td>{show(room.pricePerDay, (value) => formatPrice(locale, value))}</td>
              <td>{show(room.priceShortUsage, (value) => formatPrice(locale, value))}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
