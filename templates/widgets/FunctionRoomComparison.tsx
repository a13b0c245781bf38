// The function-room comparison for the meetings list and meeting details: takes the rooms, formats
// every value for the page language here on the server, and hands the island slim rows.
import { useId } from 'react';
import type { FunctionRoom } from '../../site/model/content-types';
import { formatArea, formatMetres, formatNumber, formatPrice } from '../format';
import { Island } from '../islands';
import { useSite, useT } from '../site-context';
import { LAYOUTS, type FunctionRoomComparisonProps, type RoomRow } from './islands/FunctionRoomComparison';

interface Props {
  rooms: FunctionRoom[];
  /** Where each room's name links to, by nid. Default: the room's own page. */
  hrefs?: Partial<Record<number, string>>;
}

export function FunctionRoomComparison({ rooms, hrefs }: Props) {
  const site = useSite();
  const t = useT();
  const idPrefix = `rooms-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const { locale } = site;
  const maybe = <T,>(value: T | null, format: (value: T) => string) => (value === null ? null : format(value));
  const rows: RoomRow[] = rooms.map((room) => ({
    nid: room.nid,
    title: room.title,
    href: hrefs ? (hrefs[room.nid] ?? null) : site.content.hrefOf(room),
    seating: room.seating,
    cells: {
      area: maybe(room.area, (value) => formatArea(locale, value)),
      length: maybe(room.length, (value) => formatMetres(locale, value)),
      width: maybe(room.width, (value) => formatMetres(locale, value)),
      height: maybe(room.height, (value) => formatMetres(locale, value)),
      seating: Object.fromEntries(LAYOUTS.map((layout) => [layout, maybe(room.seating[layout], (value) => formatNumber(locale, value, 0))])) as RoomRow['cells']['seating'],
      location: room.location?.name ?? null,
      pricePerDay: maybe(room.pricePerDay, (value) => formatPrice(locale, value)),
      priceShortUsage: maybe(room.priceShortUsage, (value) => formatPrice(locale, value)),
    },
  }));
  const labels: FunctionRoomComparisonProps['labels'] = {
    caption: t('functionRooms.caption'),
    room: t('functionRooms.room'),
    area: t('functionRooms.area'),
    length: t('functionRooms.length'),
    width: t('functionRooms.width'),
    height: t('functionRooms.height'),
    seating: t('functionRooms.seating'),
    theatre: t('functionRooms.theatre'),
    classroom: t('functionRooms.classroom'),
    uShape: t('functionRooms.uShape'),
    block: t('functionRooms.block'),
    banquet: t('functionRooms.banquet'),
    location: t('functionRooms.location'),
    pricePerDay: t('functionRooms.pricePerDay'),
    priceShortUsage: t('functionRooms.priceShortUsage'),
    filterLabel: t('functionRooms.filterLabel'),
    layout: t('functionRooms.layout'),
    anyLayout: t('functionRooms.anyLayout'),
    persons: t('functionRooms.persons'),
    reset: t('functionRooms.reset'),
    noMatch: t('functionRooms.noMatch'),
    empty: t('functionRooms.empty'),
    scrollHint: t('functionRooms.scrollHint'),
  };
  return <Island name="FunctionRoomComparison" hydrate="interaction" props={{ idPrefix, rooms: rows, labels }} />;
}
