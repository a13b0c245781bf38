// A list route: the route's CMS node (title, image, text) as intro, then the items as cards in CMS
// order. Events, meetings and spa treatments have list bodies of their own (lists/).
import { Hero } from '../components/Hero';
import { ItemGrid } from '../components/ItemGrid';
import { Paragraphs } from '../components/Paragraphs';
import { Prose } from '../components/Prose';
import { usePage, useT } from '../site-context';
import { routeName, useCrumbs } from './crumbs';
import { EventsList } from './lists/EventsList';
import { MeetingsList } from './lists/MeetingsList';
import { SpaTreatmentsList } from './lists/SpaTreatmentsList';

function Items() {
  const page = usePage();
  const t = useT();
  if (page.items.length === 0) return <p className="empty-note">{t('list.empty')}</p>;
  switch (page.route?.listType) {
    case 'events':
      return <EventsList />;
    case 'meetingsandcelebrations':
      return <MeetingsList />;
    case 'spa_treatments':
      return <SpaTreatmentsList />;
    default:
      return <ItemGrid items={page.items} />;
  }
}

export function ListPage() {
  const page = usePage();
  const t = useT();
  const item = page.item;
  const title = item?.title ?? (page.route ? routeName(t, page.route.id) : '');
  return (
    <>
      <Hero title={title} lead={item?.teaser} image={item?.images[0] ?? null} crumbs={useCrumbs()} crumbsLabel={t('pages.breadcrumb')} />
      {item?.body ? (
        <div className="row row--narrow list-intro">
          <Prose html={item.body} />
        </div>
      ) : null}
      <div className="row list-items">
        <Items />
      </div>
      {item && item.paragraphs.length > 0 ? (
        <div className="row">
          <Paragraphs paragraphs={item.paragraphs} />
        </div>
      ) : null}
    </>
  );
}
