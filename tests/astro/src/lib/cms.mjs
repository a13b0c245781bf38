// Fetches ALL content from the CMS's GraphQL endpoint once per build (schema: site/cms/schema.graphql)
// and indexes it for the pages. Every content type in both languages, paged with offset/limit 100
// (the schema's maximum) until `count`, at most CMS_CONCURRENCY requests in flight (default 8).
// Plus the menu query (docs/menu.md) and notifications, per language.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { SITE_URL, SITEMAP_META_FILE } from './constants.mjs';
import { FIXED_ROUTES, MENU_ROUTE, MENU_TOPICS, LOCALES, changefreqOf } from './routes.mjs';

const ENDPOINT = process.env.CMS_ENDPOINT || 'http://127.0.0.1:4411/graphql';
const CONCURRENCY = Number(process.env.CMS_CONCURRENCY || 8);
const PAGE_SIZE = 100;

// Bundle machine name → GraphQL type (schema.graphql, "type: ..." on each Node type).
export const TYPES = {
  accommodation: 'NodeAccommodation',
  restaurants_bars: 'NodeRestaurantsBars',
  courses_and_menus: 'NodeCoursesAndMenus',
  meetingsandcelebrations: 'NodeMeetingsandcelebrations',
  functions_rooms: 'NodeFunctionsRooms',
  wellness: 'NodeWellness',
  spa_treatments: 'NodeSpaTreatments',
  sports: 'NodeSports',
  events: 'NodeEvents',
  highlights: 'NodeHighlights',
  packages_and_special_offers: 'NodePackagesAndSpecialOffers',
  aboutus: 'NodeAboutus',
  careers: 'NodeCareers',
  article: 'NodeArticle',
  press_releases: 'NodePressReleases',
  destination: 'NodeDestination',
  excursions: 'NodeExcursions',
  golf: 'NodeGolf',
  health_page: 'NodeHealthPage',
  landing_page: 'NodeLandingPage',
  legal_pages: 'NodeLegalPages',
  notifications: 'NodeNotifications',
  page: 'NodePage',
};

// A few type-specific fields shown as facts on detail pages and cards.
const EXTRA_FIELDS = {
  accommodation: 'fieldSize fieldMaxOccupancy fieldPriceFrom',
  courses_and_menus: 'fieldPrice',
  functions_rooms: 'fieldArea fieldPricePerDay',
  spa_treatments: 'fieldDuration fieldPrice',
  events: 'fieldDate { value endValue }',
  highlights: 'fieldLink { ...Link }',
  packages_and_special_offers: 'fieldPrice fieldValidity { value endValue }',
  careers: 'fieldEmploymentType fieldStartDate',
  article: 'fieldAuthor',
  excursions: 'fieldDistance',
  notifications: 'fieldLink { ...Link }',
  wellness: 'fieldSublistContentType { targetId }',
  aboutus: 'fieldSublist',
};

const FRAGMENTS = /* GraphQL */ `
fragment Image on FieldImage {
  url alt width height
  card: derivative(style: LARGE) { url width height }
  hero: derivative(style: HERO) { url width height }
}
fragment Link on FieldLink { title uri url { path } }
fragment Paragraph on Paragraph {
  __typename
  id
  ... on ParagraphActivityCard { fieldTitle fieldText { processed } fieldImage { ...Image } fieldLink { ...Link } }
  ... on ParagraphBlockTiles { fieldTitle fieldTiles { targetId } }
  ... on ParagraphCallToAction { fieldTitle fieldText { processed } fieldLink { ...Link } fieldOpensBooking }
  ... on ParagraphContactCards { fieldTitle fieldContacts { name role phone email image { ...Image } } }
  ... on ParagraphFreeHtmlText { fieldHtml { processed } }
  ... on ParagraphMap { fieldTitle fieldLatitude fieldLongitude fieldZoom fieldAddress }
  ... on ParagraphLogoGridWithLinks { fieldTitle fieldLogos { fieldTitle fieldLogo { ...Image } fieldLink { ...Link } } }
  ... on ParagraphLogoTitleAndLink { fieldTitle fieldLogo { ...Image } fieldLink { ...Link } }
  ... on ParagraphVideo {
    fieldTitle
    fieldVideo {
      __typename
      ... on MediaRemoteVideo { name fieldMediaOembedVideo }
      ... on MediaVideo { name fieldMediaVideoFile { url width height } }
      ... on MediaImage { name fieldMediaImage { ...Image } }
    }
  }
}`;

function itemsQuery(type) {
  const extra = EXTRA_FIELDS[type] ?? '';
  const query = /* GraphQL */ `
query Items($type: String!, $langcode: String!, $offset: Int!, $limit: Int!) {
  nodeQuery(
    offset: $offset
    limit: $limit
    filter: { conditions: [
      { field: "type", value: [$type] }
      { field: "status", value: ["1"] }
      { field: "langcode", value: [$langcode] }
    ] }
    sort: [{ field: "field_weight", direction: ASC }, { field: "title", direction: ASC }, { field: "nid", direction: ASC }]
  ) {
    count
    entities {
      ... on Node { nid title langcode changed fieldWeight entityUrl { path } }
      ... on ${TYPES[type]} {
        body { processed }
        fieldTeaser
        fieldMetaDescription
        fieldImages { ...Image }
        fieldContent { ...Paragraph }
        ${extra}
      }
    }
  }
}`;
  return query + FRAGMENTS;
}

const MENU_QUERY =
  /* GraphQL */ `
query Menu($language: LanguageId!) {
${MENU_TOPICS.map(
  (t) => `  ${t.alias}: nodeQuery(limit: 50, filter: { conditions: [{ field: "type", value: ["${t.type}"] }, { field: "status", value: ["1"], language: $language }] }, sort: [{ field: "field_weight", direction: ASC }, { field: "title", direction: ASC }]) {
    count
    entities { entityTranslation(language: $language) { ... on Node { nid title status fieldWeight entityUrl { path } } } }
  }`,
).join('\n')}
}`;

function limiter(max) {
  let active = 0;
  const queue = [];
  const next = () => {
    if (active >= max || queue.length === 0) return;
    active++;
    const { fn, resolve, reject } = queue.shift();
    fn()
      .then(resolve, reject)
      .finally(() => {
        active--;
        next();
      });
  };
  return (fn) =>
    new Promise((resolve, reject) => {
      queue.push({ fn, resolve, reject });
      next();
    });
}

const limit = limiter(CONCURRENCY);
let requests = 0;

async function gql(query, variables) {
  return limit(async () => {
    for (let attempt = 0; ; attempt++) {
      requests++;
      let response;
      try {
        response = await fetch(ENDPOINT, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ query, variables }),
        });
      } catch (error) {
        if (attempt < 3) continue;
        throw error;
      }
      if ([502, 503, 504].includes(response.status) && attempt < 3) {
        await response.arrayBuffer();
        await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
        continue;
      }
      if (!response.ok) throw new Error(`CMS answered HTTP ${response.status} (${ENDPOINT})`);
      const json = await response.json();
      if (json.errors?.length) throw new Error(`CMS: ${json.errors.map((e) => e.message).join('; ')}`);
      return json.data;
    }
  });
}

async function fetchType(type, langcode) {
  const query = itemsQuery(type);
  const first = await gql(query, { type, langcode, offset: 0, limit: PAGE_SIZE });
  const { count } = first.nodeQuery;
  const pages = [first.nodeQuery.entities];
  const rest = [];
  for (let offset = PAGE_SIZE; offset < count; offset += PAGE_SIZE) {
    rest.push(gql(query, { type, langcode, offset, limit: PAGE_SIZE }).then((d) => d.nodeQuery.entities));
  }
  pages.push(...(await Promise.all(rest)));
  return pages.flat().filter(Boolean).map((e) => ({ ...e, type, path: e.entityUrl?.path }));
}

export const trail = (path) => (path.endsWith('/') ? path : `${path}/`);
const isoDay = (seconds) => (seconds ? new Date(seconds * 1000).toISOString().slice(0, 10) : undefined);

async function load() {
  const started = Date.now();
  const [byType, menus] = await Promise.all([
    Promise.all(
      LOCALES.map(async (lang) => {
        const lists = await Promise.all(Object.keys(TYPES).map((type) => fetchType(type, lang)));
        return Object.fromEntries(Object.keys(TYPES).map((type, i) => [type, lists[i]]));
      }),
    ),
    Promise.all(LOCALES.map((lang) => gql(MENU_QUERY, { language: lang.toUpperCase() }))),
  ]);

  const site = { locales: {}, pages: [] };
  for (const [i, lang] of LOCALES.entries()) {
    const lists = byType[i];
    const byPath = new Map();
    const byNid = new Map();
    for (const [type, items] of Object.entries(lists)) {
      if (type === 'notifications') continue;
      for (const item of items) {
        if (!item.path) continue;
        byPath.set(item.path, item);
        byNid.set(item.nid, item);
      }
    }
    const menu = MENU_TOPICS.map((topic) => ({
      ...topic,
      route: FIXED_ROUTES.find((r) => r.id === topic.routeId),
      items: (menus[i][topic.alias]?.entities ?? []).map((e) => e?.entityTranslation).filter((e) => e?.entityUrl?.path),
    }));
    site.locales[lang] = { lang, lists, byPath, byNid, menu, notifications: lists.notifications };
  }

  // The pages: every fixed route and the menu page, and one page per published item at its alias.
  const fixedPaths = new Set();
  for (const route of [...FIXED_ROUTES, MENU_ROUTE]) {
    for (const lang of LOCALES) {
      const loc = site.locales[lang];
      const path = route.paths[lang];
      fixedPaths.add(path);
      const node = loc.byPath.get(path);
      site.pages.push({
        lang,
        path,
        route,
        node,
        alternates: Object.fromEntries(LOCALES.map((l) => [l, route.paths[l]])),
        changefreq: route.changefreq,
        lastmod: isoDay(node?.changed),
      });
    }
  }
  for (const lang of LOCALES) {
    const loc = site.locales[lang];
    for (const item of loc.byPath.values()) {
      if (fixedPaths.has(item.path)) continue;
      const alternates = {};
      for (const l of LOCALES) {
        const other = l === lang ? item : site.locales[l].byNid.get(item.nid);
        if (other?.path) alternates[l] = other.path;
      }
      site.pages.push({ lang, path: item.path, item, alternates, changefreq: changefreqOf(item.type), lastmod: isoDay(item.changed) });
    }
  }

  // For the sitemap integration (astro.config.mjs), which runs after the pages are written.
  const meta = {};
  for (const page of site.pages) {
    meta[SITE_URL + trail(page.path)] = {
      lastmod: page.lastmod,
      changefreq: page.changefreq,
      links: Object.entries(page.alternates).map(([lang, path]) => ({ lang, url: SITE_URL + trail(path) })),
    };
  }
  mkdirSync(dirname(SITEMAP_META_FILE), { recursive: true });
  writeFileSync(SITEMAP_META_FILE, JSON.stringify(meta));

  console.log(
    `[cms] ${requests} GraphQL requests (≤ ${CONCURRENCY} at once) in ${Date.now() - started} ms: ` +
      LOCALES.map((l) => `${l} ${site.locales[l].byPath.size} items`).join(', ') +
      `; ${site.pages.length} pages`,
  );
  return site;
}

/** All content, fetched once per build process (shared by every page module). */
export function loadSite() {
  globalThis.__astroCompareSite ??= load();
  return globalThis.__astroCompareSite;
}
