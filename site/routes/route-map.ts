// Which pages exist (the whole map is validated before anything is written).
// The fixed routes and the menu page first, then one detail page per published item at its alias. Paths
// of the not-found and menu pages are reserved: no item takes them. Two owners of one path
// (compared as file systems do, ignoring case) are reported with both nids and only the first keeps
// it. Pure: items in, pages and problems out.
import type { ContentItem, Locale, NodeType } from '../model/content-types';
import type { Page } from '../model/page-model';
import { collisionKey } from './alias';
import { FIXED_ROUTES, MENU_ROUTE, PAGELESS_TYPES, changefreqOf, listRouteOf, routeById, type FixedRoute } from '../model/route-table';
import { hrefOfPath } from './url-to-file';

export type ItemsByLocale = Map<Locale, Map<NodeType, ContentItem[]>>;

export interface RouteProblem {
  locale: Locale;
  path: string;
  /** The nid that lost the path, and the owner that kept it (a nid, or a fixed route). */
  nid: number;
  keptBy: number | string;
  message: string;
}

export interface RouteMap {
  pages: Page[];
  problems: RouteProblem[];
  /** Items that have a page (or are the text of a fixed route): everything that may be linked. */
  linkable: ItemsByLocale;
}

/** Types whose node at a fixed route's path is that route's text, best first; no other type may be. */
const INTRO_PREFERENCE: NodeType[] = ['page', 'legal_pages', 'health_page', 'landing_page'];

export const NOT_FOUND_FILES = ['/404.html', '/de/404.html', '/en/404.html'];

export function buildRouteMap(items: ItemsByLocale, locales: readonly Locale[]): RouteMap {
  const problems: RouteProblem[] = [];
  const linkable: ItemsByLocale = new Map(locales.map((locale) => [locale, new Map()]));
  const reservedFiles = new Set(NOT_FOUND_FILES.map(collisionKey));
  const reservedFolders = [...reservedFiles].map((file) => `${file}/`);
  const detailPages = new Map<Locale, Map<number, Page>>();
  const pages: Page[] = [];

  for (const locale of locales) {
    const byType = items.get(locale) ?? new Map<NodeType, ContentItem[]>();
    const fixedByKey = new Map(FIXED_ROUTES.map((route) => [collisionKey(route.paths[locale]), route]));
    const menuKey = collisionKey(MENU_ROUTE.paths[locale]);
    const intros = new Map<string, ContentItem>();
    const owners = new Map<string, number>();
    const details = new Map<number, Page>();
    detailPages.set(locale, details);

    const all = [...byType.values()].flat().sort((a, b) => introRank(a) - introRank(b) || a.nid - b.nid);
    for (const item of all) {
      if (PAGELESS_TYPES.has(item.type as NodeType)) continue;
      const key = collisionKey(item.path);
      const route = fixedByKey.get(key);
      if (route) {
        const kept = intros.get(route.id);
        if (kept) problems.push(problem(locale, item, kept.nid));
        // A room or an event at /de/uebernachten would take over the list's heading and title.
        else if (introRank(item) === INTRO_PREFERENCE.length) {
          problems.push({ locale, path: item.path, nid: item.nid, keptBy: route.id, message: `nid ${item.nid}: ${item.path} is the site's ${route.id} page, which a ${item.type} item cannot be; nid ${item.nid} was not published` });
        } else intros.set(route.id, item);
        continue;
      }
      if (reservedFiles.has(key) || reservedFolders.some((folder) => key.startsWith(folder))) {
        problems.push({ locale, path: item.path, nid: item.nid, keptBy: 'the not-found page', message: `nid ${item.nid}: ${item.path} is reserved for the not-found page` });
        continue;
      }
      if (key === menuKey) {
        problems.push({ locale, path: item.path, nid: item.nid, keptBy: MENU_ROUTE.id, message: `nid ${item.nid}: ${item.path} is reserved for the site's menu page; nid ${item.nid} was not published` });
        continue;
      }
      // Drupal's nids are unique across types, but a backend may still send one twice (two types,
      // or paging that shifted while an editor published). Pages and links go by nid: the first
      // keeps it, the other is reported, never half published.
      const holder = details.get(item.nid);
      if (holder) {
        problems.push({ locale, path: item.path, nid: item.nid, keptBy: item.nid, message: `nid ${item.nid} came twice (${holder.item!.type} at ${holder.path}, ${item.type} at ${item.path}); the second was not published` });
        continue;
      }
      const owner = owners.get(key);
      if (owner !== undefined) {
        problems.push(problem(locale, item, owner));
        continue;
      }
      owners.set(key, item.nid);
      details.set(item.nid, {
        kind: 'detail', locale, path: item.path, href: hrefOfPath(item.path), route: null, item, items: [],
        alternates: {}, switchHref: '', changefreq: changefreqOf(item.type), lastmod: isoDay(item.changed),
      });
    }

    const introNids = new Set([...intros.values()].map((item) => item.nid));
    for (const [type, list] of byType) {
      const kept = list.filter((item) => details.get(item.nid)?.item === item || introNids.has(item.nid));
      linkable.get(locale)!.set(type, kept);
    }

    for (const route of FIXED_ROUTES) {
      const item = intros.get(route.id) ?? null;
      const listed = route.listType ? (linkable.get(locale)!.get(route.listType) ?? []).filter((entry) => !introNids.has(entry.nid)) : [];
      const changed = Math.max(item?.changed ?? 0, ...listed.map((entry) => entry.changed ?? 0));
      pages.push({
        kind: route.kind, locale, path: route.paths[locale], href: hrefOfPath(route.paths[locale]), route, item, items: listed,
        alternates: Object.fromEntries(locales.map((other) => [other, hrefOfPath(route.paths[other])])),
        switchHref: hrefOfPath(route.paths[otherLocale(locale, locales)]),
        changefreq: route.changefreq, lastmod: isoDay(changed || null),
      });
    }

    pages.push({
      kind: 'menu', locale, path: MENU_ROUTE.paths[locale], href: hrefOfPath(MENU_ROUTE.paths[locale]), route: MENU_ROUTE, item: null, items: [],
      alternates: Object.fromEntries(locales.map((other) => [other, hrefOfPath(MENU_ROUTE.paths[other])])),
      switchHref: hrefOfPath(MENU_ROUTE.paths[otherLocale(locale, locales)]), changefreq: MENU_ROUTE.changefreq, lastmod: null,
    });
  }

  for (const [locale, details] of detailPages) {
    const other = otherLocale(locale, locales);
    for (const page of details.values()) {
      const translation = detailPages.get(other)?.get(page.item!.nid);
      page.alternates = translation ? { [locale]: page.href, [other]: translation.href } : { [locale]: page.href };
      page.switchHref = translation?.href ?? fallbackSwitch(page.item!.type, other);
      pages.push(page);
    }
  }

  for (const file of NOT_FOUND_FILES) {
    const locale = (locales.find((candidate) => file.startsWith(`/${candidate}/`)) ?? locales[0]!) as Locale;
    pages.push({
      kind: 'not-found', locale, path: file, href: file, route: null, item: null, items: [], alternates: {},
      switchHref: hrefOfPath(routeById('home')!.paths[otherLocale(locale, locales)]), changefreq: 'weekly', lastmod: null,
    });
  }

  return { pages, problems, linkable };
}

function introRank(item: ContentItem): number {
  const rank = INTRO_PREFERENCE.indexOf(item.type as NodeType);
  return rank === -1 ? INTRO_PREFERENCE.length : rank;
}

function problem(locale: Locale, item: ContentItem, keptBy: number): RouteProblem {
  return { locale, path: item.path, nid: item.nid, keptBy, message: `nid ${item.nid} and nid ${keptBy} share the path ${item.path}; nid ${item.nid} was not published` };
}

function otherLocale(locale: Locale, locales: readonly Locale[]): Locale {
  return locales.find((candidate) => candidate !== locale) ?? locale;
}

/** Without a translation, the switch goes to the other language's list of the type, else its home. */
function fallbackSwitch(type: NodeType, other: Locale): string {
  const route: FixedRoute = listRouteOf(type) ?? routeById('home')!;
  return hrefOfPath(route.paths[other]);
}

/** Days already spelled: most items of a site share a few hundred days, and formatting a Date is costly. */
const isoDays = new Map<number, string>();

function isoDay(unixSeconds: number | null): string | null {
  // The latest time a Date can hold, in seconds (ECMAScript's time range).
  if (!unixSeconds || unixSeconds <= 0 || unixSeconds > 8.64e12) return null;
  const day = Math.floor(unixSeconds / 86_400);
  let known = isoDays.get(day);
  if (known === undefined) isoDays.set(day, (known = new Date(day * 86_400_000).toISOString().slice(0, 10)));
  return known;
}
