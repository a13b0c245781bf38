// The page's schema.org JSON-LD in one <script type="application/ld+json"> (docs/structured-data.md):
// Organization and Hotel on home, BreadcrumbList wherever the hero shows a trail, Event on event
// pages, FAQPage on the FAQ. Gathers the values from the page and the config; schema-org.ts shapes
// them; json-in-html.ts makes CMS text that holds `</script>` or `<!--` harmless.
import type { Accommodation, ContentItem, Picture } from '../../site/model/content-types';
import type { Page, SiteContext } from '../../site/model/page-model';
import { formatPrice, hasTime, isoDate } from '../format';
import { jsonInHtml } from '../json-in-html';
import { routeName, useCrumbs } from '../pages/crumbs';
import { splitFaq } from '../pages/faq-sections';
import { pageDescription } from '../pages/meta';
import { usePage, useSite, useT } from '../site-context';
import { htmlText } from './html-text';
import { breadcrumbNode, eventNode, faqNode, graph, hotelNode, organizationNode, type Thing } from './schema-org';

/** Images per node: enough for search engines' crops, not every picture of the site. */
const MAX_IMAGES = 4;

function imageUrls(site: SiteContext, pictures: (Picture | undefined)[]): string[] {
  const urls = pictures.filter((picture) => picture !== undefined).map((picture) => site.config.siteUrl + picture.src);
  return [...new Set(urls)].slice(0, MAX_IMAGES);
}

/** "189 €–420 €" / "€189–€420": the rooms' prices per night, lowest to highest. */
function priceRange(site: SiteContext, rooms: Accommodation[]): string | null {
  const prices = rooms.map((room) => room.priceFrom).filter((price) => price !== null);
  if (prices.length === 0) return null;
  const [low, high] = [Math.min(...prices), Math.max(...prices)];
  return low === high ? formatPrice(site.locale, low) : `${formatPrice(site.locale, low)}–${formatPrice(site.locale, high)}`;
}

/** What the hotel offers every guest: its wellness and sports facilities, and the rooms' features. */
function amenities(site: SiteContext, rooms: Accommodation[]): string[] {
  const facilities = [...site.content.list(site.locale, 'wellness'), ...site.content.list(site.locale, 'sports')].map((item) => item.title);
  const features = rooms.flatMap((room) => room.roomFeatures).sort((a, b) => a.weight - b.weight).map((term) => term.name);
  return [...new Set([...facilities, ...features])];
}

/** A CMS date as schema.org wants it: the day as given, or the instant with its offset. */
const schemaDate = (value: string) => (hasTime(value) ? (isoDate(value) ?? value) : value.slice(0, 10));

function eventOf(page: Page, site: SiteContext, item: ContentItem): Thing | null {
  if (item.type !== 'events' || !item.date) return null;
  return eventNode(site.config.hotel, site.config.siteUrl, {
    name: item.title,
    url: site.config.siteUrl + page.href,
    description: pageDescription(page, site),
    images: imageUrls(site, item.images),
    startDate: schemaDate(item.date.start),
    endDate: item.date.end ? schemaDate(item.date.end) : null,
  });
}

function homeNodes(page: Page, site: SiteContext): Thing[] {
  const { hotel, siteUrl } = site.config;
  const rooms = site.content.list(site.locale, 'accommodation');
  return [
    organizationNode(hotel, siteUrl, `${siteUrl}/favicon.svg`),
    hotelNode(hotel, siteUrl, {
      url: siteUrl + page.href,
      description: pageDescription(page, site),
      images: imageUrls(site, [...(page.item?.images ?? []), ...rooms.map((room) => room.images[0])]),
      priceRange: priceRange(site, rooms),
      amenities: amenities(site, rooms),
    }),
  ];
}

function faqOf(page: Page): Thing | null {
  const faq = page.route?.template === 'Faq' && page.item?.body ? splitFaq(page.item.body) : null;
  if (!faq?.hasQuestions) return null;
  const questions = faq.groups.flatMap((group) => group.questions).map((entry) => ({ question: htmlText(entry.question), answer: entry.answer }));
  return faqNode(questions.filter((entry) => entry.question && entry.answer));
}

export function StructuredData() {
  const page = usePage();
  const site = useSite();
  const t = useT();
  const crumbs = useCrumbs();
  const nodes: Thing[] = [];
  if (page.kind === 'home' || page.route?.template === 'Home') nodes.push(...homeNodes(page, site));
  if (crumbs.length > 0) {
    const name = page.item?.title ?? (page.route ? routeName(t, page.route.id) : '');
    const trail = crumbs.map((crumb) => ({ name: crumb.label, url: site.config.siteUrl + crumb.href }));
    nodes.push(breadcrumbNode([...trail, { name, url: site.config.siteUrl + page.href }]));
  }
  const own = page.kind === 'detail' && page.item ? eventOf(page, site, page.item) : faqOf(page);
  if (own) nodes.push(own);
  if (nodes.length === 0) return null;
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonInHtml(graph(nodes)) }} />;
}
