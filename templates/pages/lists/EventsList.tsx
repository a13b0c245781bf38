// Events list: upcoming events first (CMS order), then past ones in their own, quieter section —
// a past event is never listed as upcoming (compared with the build moment, site.now).
import type { Event } from '../../../site/model/content-types';
import { splitEvents } from '../../events';
import { usePage, useSite, useT } from '../../site-context';
import { ItemGrid } from '../../components/ItemGrid';

export function EventsList() {
  const page = usePage();
  const site = useSite();
  const t = useT();
  const events = page.items.filter((item): item is Event => item.type === 'events');
  const { upcoming, past } = splitEvents(events, site.now);
  return (
    <>
      <section aria-labelledby="upcoming-title" className="list-section">
        <h2 id="upcoming-title">{t('events.upcoming')}</h2>
        {upcoming.length > 0 ? <ItemGrid items={upcoming} headingLevel={3} /> : <p className="empty-note">{t('events.noneUpcoming')}</p>}
      </section>
      {past.length > 0 ? (
        <section aria-labelledby="past-title" className="list-section list-section--past">
          <h2 id="past-title">{t('events.past')}</h2>
          <ItemGrid items={past} headingLevel={3} eagerFirstRow={false} />
        </section>
      ) : null}
    </>
  );
}
