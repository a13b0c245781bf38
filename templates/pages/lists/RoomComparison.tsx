// The function-room comparison (island) for a set of rooms. On the meetings list each room name
// links to the first meeting offer that includes it; on a meeting's own page there is no link.
import type { FunctionRoom, MeetingCelebration } from '../../../site/model/content-types';
import { FunctionRoomComparison } from '../../widgets/FunctionRoomComparison';
import { useSite } from '../../site-context';

export function RoomComparison({ rooms, offers = [] }: { rooms: FunctionRoom[]; offers?: MeetingCelebration[] }) {
  const site = useSite();
  const hrefs: Record<number, string> = {};
  for (const offer of offers) {
    for (const nid of offer.functionRooms) hrefs[nid] ??= site.content.hrefOf(offer);
  }
  return <FunctionRoomComparison rooms={rooms} hrefs={hrefs} />;
}
