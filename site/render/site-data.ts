// What every page of a language shares (page-model's SiteContext): UI strings, the menu from the
// menu query, the notifications, assets and route hrefs. Also resolves block-tile
// references, which need every item to be known first.
import { join, relative } from 'node:path';
import type { ResolvedConfig } from '../config/define-config';
import type { FetchedContent } from '../content/fetch-content';
import type { Locale, MenuTopic, Notification } from '../model/content-types';
import { createContentIndex, type LinkSettings } from '../content/content-index';
import type { ItemsByLocale } from '../routes/route-map';
import { MENU_TOPICS, WELLNESS_BOOKING_NID, routeById } from '../model/route-table';
import { hrefOfPath } from '../routes/url-to-file';
import { UserError } from '../errors';
import { projectPath } from '../project-root';
import { translate } from '../../templates/i18n';
import { routeName } from '../../templates/pages/crumbs';
import type { Assets, ContentIndex, Messages, SiteContext } from '../model/page-model';
import { loadLocaleFiles } from './locale-files';
import { isUpcoming } from '../model/upcoming';

/** One language's UI strings; all locale files are checked together on every load (locale-files.ts). */
export async function loadMessages(locale: Locale, dir = projectPath('locales')): Promise<Messages> {
  const messages = (await loadLocaleFiles(dir)).get(locale);
  if (!messages) throw new UserError(`No UI strings for "${locale}": ${relative(projectPath(), join(dir, `${locale}.json`))} is missing.`);
  return messages;
}

const routeHrefs = new Map<string, string>();

/** A fixed route's href in a language; asked for many times on every page, worked out once. */
export function routeHref(routeId: string, locale: Locale): string {
  const key = `${locale}:${routeId}`;
  let href = routeHrefs.get(key);
  if (href === undefined) {
    const route = routeById(routeId);
    if (!route) throw new Error(`unknown route id "${routeId}"`);
    routeHrefs.set(key, (href = hrefOfPath(route.paths[locale])));
  }
  return href;
}

export function buildMenu(locale: Locale, content: FetchedContent, index: ContentIndex, messages: Messages, now: Date): MenuTopic[] {
  const menu = content.menus.get(locale);
  return MENU_TOPICS.map(({ alias, routeId }) => {
    const entries = (menu?.get(alias) ?? [])
      .filter((entry) => entry.status)
      .map((entry) => index.get(locale, entry.nid))
      // Only items that have a page here are linked; past events are not "upcoming".
      .filter((item) => item !== undefined && (item.type !== 'events' || isUpcoming(item, now)))
      .map((item) => ({ nid: item!.nid, title: item!.title, href: index.hrefOf(item!), opensBooking: false }));
    if (alias === 'wellness') {
      entries.push({ nid: WELLNESS_BOOKING_NID, title: translate(messages, 'menu.wellnessBooking'), href: '', opensBooking: true });
    }
    return { routeId, overviewHref: routeHref(routeId, locale), entries };
  });
}

/** Fills every tile paragraph with the published items it names, in its language. */
export function resolveTiles(content: FetchedContent, index: ContentIndex): void {
  const items = [...content.items.values()].flatMap((types) => [...types.values()].flat());
  for (const { locale, paragraphs } of [...items, ...[...content.notifications.values()].flat()]) {
    for (const paragraph of paragraphs) {
      if (paragraph.kind !== 'block_tiles') continue;
      paragraph.tiles = paragraph.nids
        .map((nid) => index.get(locale, nid))
        .filter((item) => item !== undefined)
        .map((item) => ({ nid: item.nid, type: item.type, title: item.title, teaser: item.teaser, href: index.hrefOf(item), image: item.images[0] ?? null }));
    }
  }
}

/**
 * Everything each language's SiteContext is made of, as plain data: it can be sent to a render
 * worker (structured clone keeps items shared between pages and lists) and turned back into
 * contexts there with siteContexts().
 */
export interface SiteData {
  config: ResolvedConfig;
  assets: Assets;
  now: Date;
  linkable: ItemsByLocale;
  locales: Map<Locale, { messages: Messages; menu: MenuTopic[]; notifications: Notification[] }>;
}

/** What the content index needs to check links: the site's origin, fixed routes named in each language's UI strings (read when first needed). */
export function linkSettings(data: Pick<SiteData, 'config' | 'locales'>): LinkSettings {
  return {
    siteUrl: data.config.siteUrl,
    routeTitle: (locale, routeId) => {
      const messages = data.locales.get(locale)?.messages;
      return messages ? routeName((key) => translate(messages, key), routeId) : routeId;
    },
  };
}

export function siteContexts(data: SiteData, index: ContentIndex = createContentIndex(data.linkable, linkSettings(data))): Map<Locale, SiteContext> {
  const sites = new Map<Locale, SiteContext>();
  for (const [locale, shared] of data.locales) {
    sites.set(locale, {
      locale,
      config: data.config,
      messages: shared.messages,
      menu: shared.menu,
      notifications: shared.notifications,
      content: index,
      assets: data.assets,
      routeHref: (routeId, other = locale) => routeHref(routeId, other),
      now: data.now,
      year: data.now.getFullYear(),
    });
  }
  return sites;
}
