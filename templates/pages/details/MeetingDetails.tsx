// Meetings and celebrations: the function rooms of this offer, compared side by side.
import type { FunctionRoom, MeetingCelebration } from '../../../site/model/content-types';
import { usePage, useSite, useT } from '../../site-context';
import { RoomComparison } from '../lists/RoomComparison';

export function MeetingDetails({ item }: { item: MeetingCelebration }) {
  const site = useSite();
  const { locale } = usePage();
  const t = useT();
  const rooms = item.functionRooms
    .map((nid) => site.content.get(locale, nid))
    .filter((room): room is FunctionRoom => room?.type === 'functions_rooms');
  if (rooms.length === 0) return null;
  return (
    <section className="detail-section" aria-labelledby="rooms-title">
      <h2 id="rooms-title">{t('detail.functionRooms')}</h2>
      <div className="breakout">
        <RoomComparison rooms={rooms} />
      </div>
    </section>
  );
}
