// Raw GraphQL entities (fragment ContentItem) → the content model (site/model/content-types.ts).
// Text is read defensively, HTML sanitized, media registered for download, terms resolved by id,
// and the path alias checked. An item whose alias cannot be published is reported, not returned.
import { LOCALES } from '../model/content-types';
import type {
  ContentItem, Contact, FileVideo, Html, ItemBase, Link, Locale, Logo, NodeType, Paragraph, Term, DateRange,
} from '../model/content-types';
import { NODE_TYPES } from '../model/content-types';
import { deeperThan, MAX_DEPTH, TOO_DEEP } from './raw-depth';
import { cleanHtml, type HtmlMemo } from './sanitize-html';
import type { MediaRefs } from '../media/media-refs';
import { bool, int, intIds, list, num, obj, str as text, targetId, targetIds, type Raw } from './read-raw';
import { sanitizeAlias } from '../routes/alias';
import { hrefOfPath } from '../routes/url-to-file';

export interface TermIndex {
  get(locale: Locale, tid: string): Term | null;
}

export interface NormalizeContext {
  locale: Locale;
  /** Origin of the CMS, for relative URLs. */
  base: string;
  /** Origins media are downloaded from (site/media/media-policy.ts). */
  mediaOrigins: ReadonlySet<string>;
  media: MediaRefs;
  terms: TermIndex;
  /** Sanitized HTML to reuse (watch, preview: site/content/normalize-memo.ts). */
  html?: HtmlMemo;
  /** The preview's draft view: unpublished revisions the list kept are shown (docs/drafts.md). */
  drafts?: boolean;
}

/**
 * UTF-16 units of a plain text field that are read: Drupal keeps a title to 255 characters, and no
 * real teaser, name or address comes near; a 10 MB title made every page showing it 21 MB.
 */
export const MAX_TEXT_LENGTH = 4096;

/** A text field as read-raw's `str` reads it, cut to MAX_TEXT_LENGTH (never inside a surrogate pair). */
export function str(value: unknown): string | null {
  const read = text(value);
  if (read === null || read.length <= MAX_TEXT_LENGTH) return read;
  const end = /[\ud800-\udbff]/.test(read[MAX_TEXT_LENGTH - 1]!) ? MAX_TEXT_LENGTH - 1 : MAX_TEXT_LENGTH;
  return read.slice(0, end).trimEnd();
}

export type NormalizeResult = { ok: true; item: ContentItem } | { ok: false; nid: number | null; reason: string };

const TYPES = new Set<string>(NODE_TYPES);

export async function normalizeItem(raw: Raw, type: NodeType, ctx: NormalizeContext): Promise<NormalizeResult> {
  const nid = int(raw.nid);
  if (nid === null || nid <= 0) return { ok: false, nid: null, reason: `a ${type} item without a valid nid` };
  if (raw[TOO_DEEP] === true || deeperThan(raw)) return { ok: false, nid, reason: `its answer nests deeper than any item of the schema (more than ${MAX_DEPTH} levels)` };
  const bundle = str(raw.entityBundle);
  if (bundle && bundle !== type && TYPES.has(bundle)) return { ok: false, nid, reason: `asked for ${type} but got ${bundle}` };
  const langcode = str(raw.langcode);
  if (langcode && langcode !== ctx.locale) return { ok: false, nid, reason: `asked for language ${ctx.locale} but got ${langcode}` };
  // The queries ask for published items only; a backend that ignores the filter must not publish drafts.
  if (!ctx.drafts && isUnpublished(raw.status)) return { ok: false, nid, reason: 'unpublished (status 0), although only published items were asked for' };
  const alias = sanitizeAlias(str(obj(raw.entityUrl)?.path), ctx.locale, ctx.base);
  if (!alias.ok) return { ok: false, nid, reason: `path not published: ${alias.reason}` };
  const itemCtx = { ...ctx, media: ctx.media.forOwner(`${type} nid ${nid} (${ctx.locale})`) };
  const base = await baseFields(raw, nid, alias.path, itemCtx);
  const item = await typedItem(raw, type, base, itemCtx);
  return { ok: true, item };
}

/** status false / 0 / "0" / "false"; a missing status is taken as published (the filter asked for 1). */
export function isUnpublished(status: unknown): boolean {
  return status === false || status === 0 || status === '0' || status === 'false';
}

/**
 * What draft view shows of a latest revision: published ones, pending drafts and items never
 * published; not archived ones. Without content moderation an unpublished item is a draft.
 */
export function isShownAsDraft(entity: Raw): boolean {
  if (!isUnpublished(entity.status)) return true;
  const state = str(entity.moderationState);
  return state === null || state === 'draft';
}

async function baseFields(raw: Raw, nid: number, path: string, ctx: NormalizeContext): Promise<ItemBase> {
  const base: ItemBase = {
    nid,
    locale: ctx.locale,
    title: str(raw.title) ?? `#${nid}`,
    path,
    weight: int(raw.fieldWeight) ?? 0,
    created: int(raw.created),
    changed: int(raw.changed),
    sticky: bool(raw.sticky),
    promote: bool(raw.promote),
    teaser: str(raw.fieldTeaser),
    body: null,
    metaDescription: str(raw.fieldMetaDescription),
    images: list(raw.fieldImages).map((image) => ctx.media.picture(image)).filter((p) => p !== null),
    paragraphs: [],
  };
  base.body = await html(obj(raw.body), base, 'body', ctx);
  for (const paragraph of list(raw.fieldContent)) {
    const result = await normalizeParagraph(paragraph, ctx);
    if (result) base.paragraphs.push(result);
  }
  return base;
}

/** Sanitized HTML of a FieldText into holder[key]; the media it names are requested. */
async function html<K extends string>(text: Raw | null, holder: Record<K, Html | null>, key: K, ctx: NormalizeContext): Promise<Html | null> {
  const clean = await cleanHtml(str(text?.processed) ?? str(text?.value), { base: ctx.base, mediaOrigins: ctx.mediaOrigins }, ctx.html);
  if (!clean) return null;
  holder[key] = clean.html;
  ctx.media.registerAll(clean.media);
  return clean.html;
}

function terms(value: unknown, ctx: NormalizeContext): Term[] {
  return targetIds(value)
    .map((tid) => ctx.terms.get(ctx.locale, tid))
    .filter((term): term is Term => term !== null)
    .sort((a, b) => a.weight - b.weight || a.name.localeCompare(b.name, ctx.locale));
}

function term(value: unknown, ctx: NormalizeContext): Term | null {
  const tid = targetId(value);
  return tid === null ? null : ctx.terms.get(ctx.locale, tid);
}

function dateRange(value: unknown): DateRange | null {
  const raw = obj(value);
  const start = str(raw?.value);
  if (!start || Number.isNaN(Date.parse(start.slice(0, 10)))) return null;
  const end = str(raw?.endValue);
  return { start, end: end && !Number.isNaN(Date.parse(end.slice(0, 10))) ? end : null };
}

/**
 * The item: `base` with its type's own fields added in place. Not `{ ...base, type, … }`: Node 20's
 * V8 gives every object made by a spread followed by more fields a hidden class of its own — one
 * per item and picture, megabytes of them, and slower reads everywhere (docs/benchmarks.md).
 */
async function typedItem(raw: Raw, type: NodeType, base: ItemBase, ctx: NormalizeContext): Promise<ContentItem> {
  switch (type) {
    case 'accommodation':
      return Object.assign(base, {
        type,
        category: term(raw.fieldAccommodationCategory, ctx),
        roomFeatures: terms(raw.fieldRoomFeatures, ctx),
        bathroomFeatures: terms(raw.fieldBathroomFeatures, ctx),
        views: terms(raw.fieldPropertyViews, ctx),
        size: num(raw.fieldSize),
        maxOccupancy: int(raw.fieldMaxOccupancy),
        priceFrom: num(raw.fieldPriceFrom),
      });
    case 'restaurants_bars': {
      const item = Object.assign(base, { type, category: term(raw.fieldGastronomyCategory, ctx), openingHours: null as Html | null, courses: intIds(raw.fieldCoursesAndMenus) });
      await html(obj(raw.fieldOpeningHours), item, 'openingHours', ctx);
      return item;
    }
    case 'courses_and_menus':
      return Object.assign(base, { type, price: num(raw.fieldPrice), menuFile: ctx.media.download(raw.fieldMenuFile) });
    case 'meetingsandcelebrations':
      return Object.assign(base, { type, functionRooms: intIds(raw.fieldFunctionRooms) });
    case 'functions_rooms':
      return Object.assign(base, {
        type,
        area: num(raw.fieldArea),
        length: num(raw.fieldLength),
        width: num(raw.fieldWidth),
        height: num(raw.fieldHeight),
        seating: {
          theatre: int(raw.fieldTheatre),
          classroom: int(raw.fieldClassroom),
          uShape: int(raw.fieldUShape),
          block: int(raw.fieldBlock),
          banquet: int(raw.fieldBanquet),
        },
        location: term(raw.fieldLocation, ctx),
        pricePerDay: num(raw.fieldPricePerDay),
        priceShortUsage: num(raw.fieldPriceShortUsage),
      });
    case 'wellness':
      return Object.assign(base, {
        type,
        preselectCategory: term(raw.fieldPreselectCategory, ctx),
        sublistContentType: targetId(raw.fieldSublistContentType),
      });
    case 'spa_treatments':
      return Object.assign(base, { type, categories: terms(raw.fieldSpaTreatmentCategories, ctx), duration: int(raw.fieldDuration), price: num(raw.fieldPrice) });
    case 'sports':
      return Object.assign(base, { type, experience: terms(raw.fieldExperience, ctx) });
    case 'events':
      return Object.assign(base, { type, date: dateRange(raw.fieldDate), categories: terms(raw.fieldEventsCategory, ctx) });
    case 'highlights':
      return Object.assign(base, { type, link: link(raw.fieldLink, ctx) });
    case 'packages_and_special_offers':
      return Object.assign(base, { type, categories: terms(raw.fieldSpecialOffersCategory, ctx), validity: dateRange(raw.fieldValidity), price: num(raw.fieldPrice) });
    case 'aboutus':
      return Object.assign(base, { type, sublist: str(raw.fieldSublist) });
    case 'careers':
      return Object.assign(base, { type, employmentType: str(raw.fieldEmploymentType), startDate: str(raw.fieldStartDate), contactEmail: email(raw.fieldContactEmail) });
    case 'article':
      return Object.assign(base, { type, author: str(raw.fieldAuthor) });
    case 'press_releases':
      return Object.assign(base, { type, attachment: ctx.media.download(raw.fieldAttachment) });
    case 'excursions':
      return Object.assign(base, { type, distance: num(raw.fieldDistance) });
    case 'notifications':
      return Object.assign(base, { type, link: link(raw.fieldLink, ctx) });
    case 'destination':
    case 'golf':
    case 'health_page':
    case 'landing_page':
    case 'legal_pages':
    case 'page':
      return Object.assign(base, { type });
  }
}

/** The address alone: what a mailto: link may carry besides it (?bcc=, ?body=) is not published. */
function email(value: unknown): string | null {
  const address = str(value)?.replace(/^mailto:/i, '').split('?')[0];
  return address && /^[^\s@<>"?&,;:/\\]+@[^\s@<>"?&,;:/\\]+\.[^\s@<>"?&,;:/\\]+$/.test(address) ? address : null;
}

/**
 * A FieldLink → Link. Site paths (language-prefixed) become site hrefs; other paths belong to the
 * CMS host and become absolute; only http(s), mailto and tel survive.
 */
export function link(value: unknown, ctx: Pick<NormalizeContext, 'base' | 'locale'>): Link | null {
  const raw = obj(value);
  if (!raw) return null;
  const target = str(obj(raw.url)?.path) ?? uriPath(str(raw.uri));
  if (!target) return null;
  const title = str(raw.title) ?? '';
  if (/^mailto:/i.test(target)) {
    const address = email(target);
    return address ? { title, href: `mailto:${address}`, external: true } : null;
  }
  if (/^tel:/i.test(target)) return { title, href: target, external: true };
  let url: URL;
  try {
    url = new URL(target, ctx.base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const isSitePath = target.startsWith('/') && !target.startsWith('//');
  if (isSitePath) {
    const first = url.pathname.split('/')[1] ?? '';
    if ((LOCALES as readonly string[]).includes(first)) {
      const alias = sanitizeAlias(url.pathname, first as Locale);
      if (!alias.ok) return null;
      return { title, href: hrefOfPath(alias.path) + url.search + url.hash, external: false };
    }
  }
  return { title, href: url.href, external: true };
}

/** Drupal link uris: "internal:/de/x", "entity:node/12" (unresolvable here), "https://…". */
function uriPath(uri: string | null): string | null {
  if (!uri) return null;
  if (uri.startsWith('internal:')) return uri.slice('internal:'.length) || null;
  if (/^(https?|mailto|tel):/i.test(uri)) return uri;
  return null;
}

async function normalizeParagraph(raw: Raw, ctx: NormalizeContext): Promise<Paragraph | null> {
  const id = int(raw.id) ?? 0;
  const title = str(raw.fieldTitle);
  switch (str(raw.__typename)) {
    case 'ParagraphActivityCard': {
      const p = { kind: 'activity_card' as const, id, title, text: null as Html | null, image: ctx.media.picture(raw.fieldImage), link: link(raw.fieldLink, ctx) };
      await html(obj(raw.fieldText), p, 'text', ctx);
      return p;
    }
    case 'ParagraphBlockTiles': {
      // Resolved against the whole site once every item is known (resolveTiles).
      return { kind: 'block_tiles' as const, id, title, nids: intIds(raw.fieldTiles), tiles: [] };
    }
    case 'ParagraphCallToAction': {
      const p = { kind: 'call_to_action' as const, id, title, text: null as Html | null, link: link(raw.fieldLink, ctx), opensBooking: bool(raw.fieldOpensBooking) };
      await html(obj(raw.fieldText), p, 'text', ctx);
      return p.title || p.text || p.link || p.opensBooking ? p : null;
    }
    case 'ParagraphContactCards': {
      const contacts: Contact[] = list(raw.fieldContacts)
        .map((c) => ({ name: str(c.name) ?? '', role: str(c.role), phone: str(c.phone), email: email(c.email), image: ctx.media.picture(c.image) }))
        .filter((c) => c.name);
      return contacts.length ? { kind: 'contact_cards', id, title, contacts } : null;
    }
    case 'ParagraphFreeHtmlText': {
      const p = { kind: 'free_html' as const, id, html: '' as Html };
      return (await html(obj(raw.fieldHtml), p, 'html', ctx)) ? p : null;
    }
    case 'ParagraphMap':
      return { kind: 'map', id, title, latitude: coordinate(raw.fieldLatitude, 90), longitude: coordinate(raw.fieldLongitude, 180), zoom: int(raw.fieldZoom), address: str(raw.fieldAddress) };
    case 'ParagraphLogoGridWithLinks': {
      const logos = list(raw.fieldLogos).map((l) => logo(l, ctx));
      return logos.length ? { kind: 'logo_grid', id, title, logos } : null;
    }
    case 'ParagraphLogoTitleAndLink':
      return { kind: 'logo_title_link', id, logo: logo(raw, ctx) };
    case 'ParagraphVideo':
      return { kind: 'video', id, title, video: video(obj(raw.fieldVideo), ctx) };
    default:
      // A paragraph type this site does not know: skipped, as a theme without a template would.
      return null;
  }
}

function coordinate(value: unknown, max: number): number | null {
  const n = num(value);
  return n !== null && Math.abs(n) <= max ? n : null;
}

function logo(raw: Raw, ctx: NormalizeContext): Logo {
  return { title: str(raw.fieldTitle), image: ctx.media.picture(raw.fieldLogo), link: link(raw.fieldLink, ctx) };
}

function video(raw: Raw | null, ctx: NormalizeContext): Extract<Paragraph, { kind: 'video' }>['video'] {
  if (!raw) return null;
  const title = str(raw.name) ?? '';
  if (raw.__typename === 'MediaRemoteVideo') {
    const url = str(raw.fieldMediaOembedVideo);
    if (!url || !/^https?:\/\//i.test(url)) return null;
    return { kind: 'remote', url, title, ...embedOf(url) };
  }
  if (raw.__typename === 'MediaVideo') {
    const file = ctx.media.download(raw.fieldMediaVideoFile);
    if (!file) return null;
    const resource = obj(raw.fieldMediaVideoFile);
    return { kind: 'file', title, src: file.src, width: int(resource?.width), height: int(resource?.height) } satisfies FileVideo;
  }
  return null;
}

/** The privacy-friendly embed URL of a YouTube or Vimeo page URL (loaded only after a click). */
export function embedOf(url: string): { provider: 'youtube' | 'vimeo' | 'other'; embedUrl: string | null } {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.replace(/^www\./, '');
    if (host === 'youtube.com' || host === 'm.youtube.com') {
      const id = parsed.searchParams.get('v') ?? (parsed.pathname.match(/^\/(?:live|embed|shorts)\/([\w-]{6,})/)?.[1] ?? null);
      if (id && /^[\w-]+$/.test(id)) return { provider: 'youtube', embedUrl: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1` };
    }
    if (host === 'youtu.be') {
      const id = parsed.pathname.slice(1);
      if (/^[\w-]{6,}$/.test(id)) return { provider: 'youtube', embedUrl: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1` };
    }
    if (host === 'vimeo.com') {
      const id = parsed.pathname.match(/^\/(\d+)/)?.[1];
      if (id) return { provider: 'vimeo', embedUrl: `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1` };
    }
  } catch {
    // fall through
  }
  return { provider: 'other', embedUrl: null };
}
