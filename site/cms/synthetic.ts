// Synthetic content for benchmarks (startContentBackend's extraItems): `count` plausible detail
// items, the same for the same (count, seed), dates following the month, a few with a draft.
import type { NodeType } from '../model/content-types';
import type { FixtureDraft, FixtureImage, FixtureNode, FixtureParagraph, FixtureSet, FixtureTranslation } from './fixtures/types';
import { VIEWS_PAGES } from './fixtures/views-pages';
import { FILES_BASE, INLINE, ORIGINAL } from './generated-files';
import { BODY_SENTENCES, FEATURES, TITLES } from './synthetic-words';

export const SYNTHETIC_FIRST_NID = 100_000;
/** Added to a synthetic item's nid for its draft's vid: above every nid and default vid. */
export const SYNTHETIC_DRAFT_VID_OFFSET = 10_000_000;
/** Every this-many items, one gets a draft (German only or both languages, alternately). */
const DRAFT_EVERY = 40;
const CREATED_BASE = 1_700_000_000; // Nov 2023: a fixed epoch keeps created/changed deterministic
const DAY = 86_400_000;
type Lang = 'de' | 'en';

export const SYNTHETIC_TYPES = [
  'accommodation', 'restaurants_bars', 'wellness', 'spa_treatments', 'sports', 'events', 'highlights',
  'packages_and_special_offers', 'aboutus', 'careers', 'meetingsandcelebrations', 'functions_rooms',
] as const satisfies readonly NodeType[];
type SyntheticType = (typeof SYNTHETIC_TYPES)[number];

/** Where items of a type live: the list routes' paths; highlights and function rooms have no list. */
function listBase(type: SyntheticType): Record<Lang, string> {
  if (type === 'highlights') return { de: '/de/highlights', en: '/en/highlights' };
  const listed = type === 'functions_rooms' ? 'meetingsandcelebrations' : type;
  const page = VIEWS_PAGES.find((candidate) => candidate.listType === listed)!;
  return { de: page.de, en: page.en };
}

/**
 * `deadMedia`: that many items, spread evenly, link a video the backend does not have (a 404), as
 * every real CMS has a few such references.
 */
export function syntheticFixtures(count: number, seed = 1, { deadMedia = 0 } = {}): FixtureSet {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const month = firstOfMonth(new Date());
  const functionRooms: number[] = [];
  const nodes: FixtureNode[] = [];

  for (let i = 0; i < count; i++) {
    const nid = SYNTHETIC_FIRST_NID + i;
    const type = SYNTHETIC_TYPES[i % SYNTHETIC_TYPES.length]!;
    const words = TITLES[type];
    const nameIndex = Math.floor(random() * words.de.length);
    const number = between(1, 60);
    const base = listBase(type);
    const roll = random();
    const hasEn = roll >= 0.05; // ~5% German only
    const unpublished: Lang | null = roll >= 0.05 && roll < 0.08 ? (random() < 0.5 ? 'de' : 'en') : null; // ~3%
    // Each item has its own files (site/cms/generated-files.ts), as on a real CMS: 1–2 images, each
    // with its derivatives; a third of the bodies show an inline image, one in twenty links a PDF.
    const folder = `2025-${String(1 + (i % 12)).padStart(2, '0')}`;
    const pictures = Array.from({ length: between(1, 2) }, (_, k) => ({ url: `${FILES_BASE}${folder}/${words.slug.de}-${nid}-${k + 1}.png`, ...ORIGINAL }));
    const inlineImage = random() < 0.33 ? `${FILES_BASE}inline-images/${words.slug.de}-${nid}.png` : null;
    const pdf = random() < 0.05 ? `${FILES_BASE}${folder}/preise-${nid}.pdf` : null;
    // Draws no random number: the rest of the site is the same with or without dead references.
    const deadVideo = deadMedia > 0 && i % Math.max(1, Math.floor(count / deadMedia)) === 0 && i / Math.max(1, Math.floor(count / deadMedia)) < deadMedia ? `${FILES_BASE}${folder}/video-${nid}.mp4` : null;
    const paragraphKind = random() < 0.1 ? pick(['call_to_action', 'free_html_text', 'activity_card'] as const) : null;
    const opensBooking = random() < 0.5;

    const translation = (lang: Lang): FixtureTranslation => {
      const title = `${words[lang][nameIndex]} ${number}`;
      const sentences = BODY_SENTENCES[lang];
      const paragraphs = Array.from({ length: between(3, 4) }, () => `<p>${Array.from({ length: 3 }, () => pick(sentences)).join(' ')}</p>`);
      const features = Array.from({ length: between(3, 5) }, () => `<li>${pick(FEATURES[lang])}</li>`);
      const more = lang === 'de' ? 'Alle Angebote dieser Kategorie' : 'All offers in this category';
      const image = inlineImage ? `<p><img src="${inlineImage}" data-entity-type="file" width="${INLINE.width}" height="${INLINE.height}" alt="${title}"></p>` : '';
      const prices = pdf ? `<p><a href="${pdf}">${lang === 'de' ? 'Preisliste (PDF)' : 'Price list (PDF)'}</a></p>` : '';
      const video = deadVideo ? `<p><a href="${deadVideo}">Video</a></p>` : '';
      const body = `${paragraphs.slice(0, 2).join('')}${image}<ul>${features.join('')}</ul>${paragraphs.slice(2).join('')}${prices}${video}<p><a href="${base[lang]}">${more}</a></p>`;
      const teaser = pick(sentences);
      return {
        title,
        status: unpublished !== lang,
        path: `${base[lang]}/${words.slug[lang]}-${nid}`,
        body: { value: body, format: 'basic_html' },
        fieldTeaser: teaser,
        fieldMetaDescription: `${title}: ${teaser}`.slice(0, 155),
        fieldImages: pictures.map((image): FixtureImage => ({ ...image, alt: title })),
        ...(paragraphKind ? { fieldContent: [paragraph(paragraphKind, nid * 10 + 1, lang, opensBooking, pictures[0]!)] } : {}),
        ...translatedFields(type, lang, pick),
      };
    };

    const created = CREATED_BASE + between(0, 400) * 86_400 + between(0, 86_399);
    const node: FixtureNode = {
      nid,
      type,
      created,
      changed: created + between(0, 60) * 86_400,
      promote: random() < 0.2,
      sticky: false,
      shared: { fieldWeight: between(0, 20), ...sharedFields(type, { between, random, pick }, month, functionRooms) },
      de: translation('de'),
      ...(hasEn ? { en: translation('en') } : {}),
    };
    // Drafts draw no random numbers: the published items are the same with or without them.
    if (i % DRAFT_EVERY === DRAFT_EVERY / 2 && node.de.status) node.draft = draftOf(node, i % (2 * DRAFT_EVERY) < DRAFT_EVERY);
    nodes.push(node);
    if (type === 'functions_rooms') functionRooms.push(nid);
  }
  return { nodes, terms: [], media: [] };
}

/** A pending draft: a new title and teaser in German, and in English too unless `germanOnly`. */
function draftOf(node: FixtureNode, germanOnly: boolean): FixtureDraft {
  const revise = (tr: FixtureTranslation, note: string) => ({ title: `${tr.title} (${note})`, fieldTeaser: `${note}: ${tr.fieldTeaser ?? ''}` });
  return {
    vid: node.nid + SYNTHETIC_DRAFT_VID_OFFSET,
    changed: node.changed + 7 * 86_400,
    de: revise(node.de, 'überarbeitet'),
    ...(node.en && !germanOnly ? { en: revise(node.en, 'revised') } : {}),
  };
}

type Draw = { between: (low: number, high: number) => number; random: () => number; pick: <T>(list: readonly T[]) => T };

/** Language-neutral, type-specific fields: sizes, prices, dates, seating. */
function sharedFields(type: SyntheticType, { between, random, pick }: Draw, month: number, functionRooms: number[]): Record<string, unknown> {
  switch (type) {
    case 'accommodation':
      return { fieldSize: between(18, 95), fieldMaxOccupancy: between(1, 4), fieldPriceFrom: between(139, 890) };
    case 'spa_treatments':
      return { fieldDuration: pick([25, 30, 45, 50, 60, 90]), fieldPrice: between(39, 229) };
    case 'events': {
      const start = month + between(1, 180) * DAY;
      const hour = pick([10, 17, 18, 19]);
      return { fieldDate: { value: berlinDateTime(start, hour), endValue: berlinDateTime(start, Math.min(hour + between(2, 4), 23)) } };
    }
    case 'packages_and_special_offers': {
      const start = month + between(0, 60) * DAY;
      return { fieldPrice: between(199, 1490), fieldValidity: { value: isoDate(start), endValue: isoDate(start + between(30, 150) * DAY) } };
    }
    case 'meetingsandcelebrations':
      return functionRooms.length ? { fieldFunctionRooms: Array.from({ length: between(1, 3) }, () => ({ targetId: String(pick(functionRooms)) })) } : {};
    case 'functions_rooms': {
      const length = between(8, 32);
      const width = between(6, 18);
      const area = length * width;
      const seats = (factor: number) => (random() < 0.15 ? null : Math.floor(area * factor));
      const perDay = between(4, 25) * 100;
      return {
        fieldArea: area, fieldLength: length, fieldWidth: width, fieldHeight: between(30, 65) / 10,
        fieldTheatre: seats(1), fieldClassroom: seats(0.5), fieldUShape: seats(0.3), fieldBlock: seats(0.35), fieldBanquet: seats(0.7),
        fieldPricePerDay: perDay, fieldPriceShortUsage: perDay * 0.6,
      };
    }
    default:
      return {};
  }
}

/** Type-specific fields that are texts in one language. */
function translatedFields(type: SyntheticType, lang: Lang, pick: Draw['pick']): Record<string, unknown> {
  switch (type) {
    case 'restaurants_bars': {
      const hours = lang === 'de' ? ['Täglich 12–14 und 18–22 Uhr', 'Mi–So 17–23 Uhr', 'Täglich 7–11 Uhr'] : ['Daily 12–2 pm and 6–10 pm', 'Wed–Sun 5–11 pm', 'Daily 7–11 am'];
      const text = pick(hours);
      return { fieldOpeningHours: { value: `<p>${text}</p>`, format: 'basic_html' } };
    }
    case 'careers':
      return {
        fieldEmploymentType: pick(lang === 'de' ? ['Vollzeit', 'Teilzeit', 'Ausbildung', 'Saisonstelle'] : ['Full-time', 'Part-time', 'Apprenticeship', 'Seasonal']),
        fieldContactEmail: 'jobs@schlosshotel.example',
      };
    case 'highlights':
      return { fieldLink: { title: lang === 'de' ? 'Mehr erfahren' : 'Learn more', uri: `internal:${lang === 'de' ? '/de/wellness' : '/en/wellness'}` } };
    default:
      return {};
  }
}

function paragraph(kind: 'call_to_action' | 'free_html_text' | 'activity_card', id: number, lang: Lang, opensBooking: boolean, image: Omit<FixtureImage, 'alt'>): FixtureParagraph {
  const de = lang === 'de';
  const text = { value: de ? '<p>Wir beraten Sie gern persönlich.</p>' : '<p>We are happy to advise you in person.</p>', format: 'basic_html' };
  switch (kind) {
    case 'call_to_action':
      return { bundle: kind, id, fieldTitle: de ? 'Jetzt buchen' : 'Book now', fieldText: text, fieldLink: { title: de ? 'Anfragen' : 'Enquire', uri: 'mailto:info@schlosshotel.example' }, fieldOpensBooking: opensBooking };
    case 'free_html_text':
      return { bundle: kind, id, fieldHtml: text };
    case 'activity_card':
      return { bundle: kind, id, fieldTitle: de ? 'Tipp' : 'Tip', fieldText: text, fieldImage: { ...image, alt: de ? 'Schloss' : 'Castle' } };
  }
}

export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function firstOfMonth(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Local time in Europe/Berlin with its offset (CET/CEST by the EU rule), e.g. 2025-07-04T19:00:00+02:00. */
function berlinDateTime(dayMs: number, hour: number): string {
  const date = new Date(dayMs);
  const year = date.getUTCFullYear();
  const lastSunday = (month: number) => {
    const last = new Date(Date.UTC(year, month + 1, 0));
    return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1); // 01:00 UTC
  };
  const utcGuess = dayMs + (hour - 1) * 3_600_000;
  const offset = utcGuess >= lastSunday(2) && utcGuess < lastSunday(9) ? 2 : 1;
  return `${isoDate(dayMs)}T${String(hour).padStart(2, '0')}:00:00+0${offset}:00`;
}
