// A content item's own page: hero, then text and type-specific sections beside a facts box with
// the next step (book, apply, reserve …), then wide sections (function rooms, treatments), the
// gallery, the CMS paragraphs and more items of the same kind.
import type { ContentItem } from '../../site/model/content-types';
import { listRouteOf } from '../../site/model/route-table';
import { Facts } from '../components/Facts';
import { Gallery } from '../components/Gallery';
import { Hero } from '../components/Hero';
import { ItemGrid } from '../components/ItemGrid';
import { keyFacts } from '../components/key-facts';
import { Paragraphs } from '../components/Paragraphs';
import { Prose } from '../components/Prose';
import { Section } from '../components/Section';
import { TermList } from '../components/TermList';
import { isUpcoming } from '../../site/model/upcoming';
import { Reused } from '../render-once';
import { usePage, useSite, useT } from '../site-context';
import { routeName, useCrumbs } from './crumbs';
import { useDetailAction } from './details/DetailActions';
import { extraFacts } from './details/extra-facts';
import { MeetingDetails } from './details/MeetingDetails';
import { RestaurantDetails } from './details/RestaurantDetails';
import { RoomDetails } from './details/RoomDetails';
import { WellnessDetails } from './details/WellnessDetails';

/** Sections in the text column. */
function MainSections({ item }: { item: ContentItem }) {
  const site = useSite();
  const t = useT();
  switch (item.type) {
    case 'accommodation':
      return <RoomDetails item={item} />;
    case 'restaurants_bars':
      return <RestaurantDetails item={item} />;
    case 'events':
      return !isUpcoming(item, site.now) ? <p className="note">{t('events.isPast')}</p> : null;
    case 'sports':
      return <TermList terms={item.experience} />;
    default:
      return null;
  }
}

/** Sections across the whole row, under the text. */
function WideSections({ item }: { item: ContentItem }) {
  switch (item.type) {
    case 'meetingsandcelebrations':
      return <MeetingDetails item={item} />;
    case 'wellness':
      return <WellnessDetails item={item} />;
    default:
      return null;
  }
}

/**
 * Up to three more items of the same type (the list's first ones), leaving out this one and any the
 * page's own tile blocks already show.
 */
function Related({ item }: { item: ContentItem }) {
  const site = useSite();
  const t = useT();
  const route = listRouteOf(item.type);
  if (!route) return null;
  const shown = new Set([item.nid, ...item.paragraphs.flatMap((p) => (p.kind === 'block_tiles' ? p.tiles.map((tile) => tile.nid) : []))]);
  // The first three that fit, in CMS order; stop there (a type may have thousands of items).
  const others: ContentItem[] = [];
  for (const other of site.content.list(item.locale, item.type)) {
    if (shown.has(other.nid) || (other.type === 'events' && !isUpcoming(other, site.now))) continue;
    others.push(other);
    if (others.length === 3) break;
  }
  if (others.length === 0) return null;
  // Most pages of a type show the same three: rendered once per language and set of items.
  return (
    <Reused
      id={`related:${item.type}:${others.map((other) => other.nid).join(',')}`}
      render={() => (
        <Section id="related" title={t('detail.more')} tone="sand" more={{ href: site.routeHref(route.id), label: t('detail.toOverview', { list: routeName(t, route.id) }) }}>
          <ItemGrid items={others} headingLevel={3} eagerFirstRow={false} />
        </Section>
      )}
    />
  );
}

export function DetailPage({ item }: { item: ContentItem }) {
  const { locale } = usePage();
  const site = useSite();
  const t = useT();
  const facts = [...keyFacts(item, t, locale), ...extraFacts(item, t, locale, site.content)];
  const action = useDetailAction(item);
  const [hero, ...gallery] = item.images;
  return (
    <>
      <Hero title={item.title} lead={item.teaser} image={hero ?? null} crumbs={useCrumbs()} crumbsLabel={t('pages.breadcrumb')} />
      <div className="row detail">
        <div className="detail__main">
          <Prose html={item.body} />
          <MainSections item={item} />
        </div>
        {facts.length > 0 || action ? (
          <aside className="detail__aside" aria-label={t('detail.factsLabel')}>
            <Facts facts={facts} />
            {action ? <div className="detail__action">{action}</div> : null}
          </aside>
        ) : null}
      </div>
      <div className="row">
        <WideSections item={item} />
        <Gallery images={gallery} title={t('detail.gallery')} />
        <Paragraphs paragraphs={item.paragraphs} />
      </div>
      <Related item={item} />
    </>
  );
}
