// Home: the hero, the welcome text, highlights, teasers of rooms, offers, upcoming events and
// wellness, and a call to book. Teasers come from site.content.list in CMS order (events: the next
// upcoming ones by date). Where the home node's own blocks already tile a section's type, the
// editor's tiles (and title) take that section's place, and its booking call to action replaces
// the built-in one: nothing shows twice.
import type { ContentItem, NodeType, Paragraph } from '../../site/model/content-types';
import { isUpcoming } from '../../site/model/upcoming';
import { CardGrid } from '../components/CardGrid';
import { Hero } from '../components/Hero';
import { ItemCard } from '../components/ItemCard';
import { TileGrid } from '../components/paragraphs/BlockTiles';
import { Paragraphs } from '../components/Paragraphs';
import { Prose } from '../components/Prose';
import { Section } from '../components/Section';
import { byStartDate } from '../events';
import { usePage, useSite, useT } from '../site-context';
import { BookingButton } from '../widgets/BookingButton';

const TEASERS = 3;
type Tiles = Extract<Paragraph, { kind: 'block_tiles' }>;

function Teasers({ items }: { items: ContentItem[] }) {
  return (
    <CardGrid>
      {items.slice(0, TEASERS).map((item) => (
        <ItemCard key={item.nid} item={item} />
      ))}
    </CardGrid>
  );
}

/** The home node's tile blocks whose tiles are all of one type, by that type. */
function tilesByType(paragraphs: Paragraph[]): Map<NodeType, Tiles> {
  const map = new Map<NodeType, Tiles>();
  for (const paragraph of paragraphs) {
    if (paragraph.kind !== 'block_tiles' || paragraph.tiles.length === 0) continue;
    const type = paragraph.tiles[0]!.type;
    if (paragraph.tiles.every((tile) => tile.type === type) && !map.has(type)) map.set(type, paragraph);
  }
  return map;
}

interface SectionSpec {
  id: string;
  type: NodeType;
  title: string;
  items: ContentItem[];
  more: { href: string; label: string } | null;
}

export function Home() {
  const page = usePage();
  const site = useSite();
  const t = useT();
  const { locale } = page;
  const item = page.item;
  const paragraphs = item?.paragraphs ?? [];
  const tiled = tilesByType(paragraphs);
  const rooms = site.content.list(locale, 'accommodation');
  const events = site.content.list(locale, 'events').filter((event) => isUpcoming(event, site.now)).sort(byStartDate);
  const sections: SectionSpec[] = [
    { id: 'highlights', type: 'highlights', title: t('home.highlights'), items: site.content.list(locale, 'highlights'), more: null },
    { id: 'rooms', type: 'accommodation', title: t('home.rooms'), items: rooms, more: { href: site.routeHref('accommodation'), label: t('home.allRooms') } },
    { id: 'offers', type: 'packages_and_special_offers', title: t('home.offers'), items: site.content.list(locale, 'packages_and_special_offers'), more: { href: site.routeHref('specialoffers'), label: t('home.allOffers') } },
    { id: 'events', type: 'events', title: t('home.events'), items: events, more: { href: site.routeHref('events'), label: t('home.allEvents') } },
    { id: 'wellness', type: 'wellness', title: t('home.wellness'), items: site.content.list(locale, 'wellness'), more: { href: site.routeHref('wellness'), label: t('home.allWellness') } },
  ];
  const bookingBlock = paragraphs.some((p) => p.kind === 'call_to_action' && p.opensBooking);
  const heroImage = item?.images[0] ?? rooms[0]?.images[0] ?? null;
  const shown = sections.filter((section) => tiled.has(section.type) || section.items.length > 0);
  const placed = new Set(shown.map((section) => tiled.get(section.type)));
  const rest = paragraphs.filter((p) => !placed.has(p as Tiles));
  return (
    <>
      <Hero title={item?.title ?? site.config.hotel.name} lead={item?.teaser ?? t('home.lead')} image={heroImage} size="large">
        <div className="hero__actions">
          <BookingButton />
          <a className="button button--light" href={site.routeHref('accommodation')}>
            {t('home.discoverRooms')}
          </a>
        </div>
      </Hero>
      {item?.body ? (
        <div className="row row--narrow home-intro">
          <Prose html={item.body} />
        </div>
      ) : null}
      {shown.map((section, index) => {
        const tiles = tiled.get(section.type);
        return (
          <Section key={section.id} id={section.id} title={tiles?.title ?? section.title} more={section.more} tone={index % 2 === 0 ? 'sand' : 'plain'}>
            {tiles ? <TileGrid paragraph={tiles} headingLevel={3} /> : <Teasers items={section.items} />}
          </Section>
        );
      })}
      {rest.length > 0 ? (
        <div className="row">
          <Paragraphs paragraphs={rest} />
        </div>
      ) : null}
      {bookingBlock ? null : (
        <section className="book-band" aria-labelledby="book-title">
          <div className="row book-band__inner">
            <div>
              <h2 id="book-title">{t('home.bookTitle')}</h2>
              <p>{t('home.bookText')}</p>
            </div>
            <BookingButton />
          </div>
        </section>
      )}
    </>
  );
}
