// templates/widgets/islands/FunctionRoomComparison.tsx: which rooms a layout and a number of
// persons leave (no match shows the no-match message: tested in the browser).
import { describe, expect, it } from 'vitest';
import { matchingRooms, type RoomRow } from '../../../../templates/widgets/islands/FunctionRoomComparison';

function room(nid: number, seating: Partial<RoomRow['seating']>): RoomRow {
  const full = { theatre: null, classroom: null, uShape: null, block: null, banquet: null, ...seating };
  return { nid, title: `Room ${nid}`, href: null, seating: full, cells: { area: null, length: null, width: null, height: null, seating: { theatre: null, classroom: null, uShape: null, block: null, banquet: null }, location: null, pricePerDay: null, priceShortUsage: null } };
}

const rooms = [room(1, { theatre: 120, banquet: 80 }), room(2, { theatre: 40, uShape: 20 }), room(3, { classroom: 24, block: 0 })];
const nids = (list: RoomRow[]) => list.map((entry) => entry.nid);

describe('matchingRooms', () => {
  it('keeps every room without a filter', () => {
    expect(nids(matchingRooms(rooms, '', null))).toEqual([1, 2, 3]);
  });

  it('keeps the rooms that offer a layout, in their order', () => {
    expect(nids(matchingRooms(rooms, 'theatre', null))).toEqual([1, 2]);
    expect(nids(matchingRooms(rooms, 'uShape', null))).toEqual([2]);
  });

  it('treats a capacity of 0 as the layout not offered', () => {
    expect(nids(matchingRooms(rooms, 'block', null))).toEqual([]);
  });

  it('needs the persons to fit the chosen layout, or any layout when none is chosen', () => {
    expect(nids(matchingRooms(rooms, 'theatre', 40))).toEqual([1, 2]);
    expect(nids(matchingRooms(rooms, 'theatre', 41))).toEqual([1]);
    expect(nids(matchingRooms(rooms, 'banquet', 100))).toEqual([]);
    expect(nids(matchingRooms(rooms, '', 24))).toEqual([1, 2, 3]);
    expect(nids(matchingRooms(rooms, '', 100))).toEqual([1]);
  });
});
