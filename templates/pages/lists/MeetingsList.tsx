// Meetings and celebrations: the offers as cards, then all function rooms of the house compared
// (area, dimensions, the five seating layouts, location, prices), filterable by layout and persons.
import type { MeetingCelebration } from '../../../site/model/content-types';
import { ItemGrid } from '../../components/ItemGrid';
import { usePage, useSite, useT } from '../../site-context';
import { RoomComparison } from './RoomComparison';

export function MeetingsList() {
  const page = usePage();
  const site = useSite();
  const t = useT();
  const rooms = site.content.list(page.locale, 'functions_rooms');
  return (
    <>
      <ItemGrid items={page.items} />
      {rooms.length > 0 ? (
        <section className="list-section" aria-labelledby="rooms-title">
          <h2 id="rooms-title">{t('list.functionRooms')}</h2>
          <p className="list-section__intro">{t('list.functionRoomsIntro')}</p>
          <div className="breakout">
            <RoomComparison rooms={rooms} offers={page.items.filter((item): item is MeetingCelebration => item.type === 'meetingsandcelebrations')} />
          </div>
        </section>
      ) : null}
    </>
  );
}
