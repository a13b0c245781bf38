// <title> and meta description of a page, from its CMS item or its route's UI strings.
import type { Page, SiteContext } from '../../site/render/page-model';
import { translate } from '../i18n';

export function pageTitle(page: Page, site: SiteContext): string {
  const hotel = site.config.hotel.name;
  if (page.kind === 'not-found') return `${translate(site.messages, 'errors.notFound.title')} | ${hotel}`;
  if (page.kind === 'home') return page.item?.title ? `${page.item.title} | ${hotel}` : hotel;
  const name = page.item?.title ?? (page.route ? translate(site.messages, `routes.${page.route.id}`) : hotel);
  return `${name} | ${hotel}`;
}

export function pageDescription(page: Page, site: SiteContext): string {
  const item = page.item;
  return item?.metaDescription ?? item?.teaser ?? translate(site.messages, 'site.description');
}
