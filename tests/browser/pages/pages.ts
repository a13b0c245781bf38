// Which pages the browser tests open: one page of every page template, found in the fixture
// build rather than hard-coded, so the tests follow the content. Detail pages are the first card
// of their list page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXED_ROUTES, MENU_ROUTE } from '../../../site/model/route-table';

export interface TemplatePage {
  name: string;
  path: string;
}

/** Lists whose body differs from the plain card grid (templates/pages/lists/), plus a plain one. */
const LISTS = new Set(['accommodation', 'events', 'meetingsandcelebrations', 'spatreatments', 'aboutus']);

/** One fixed route per template (the special lists each) and the menu page, in German, plus the English home. */
export function fixedRoutePages(): TemplatePage[] {
  const seen = new Set<string>();
  const pages = [...FIXED_ROUTES, MENU_ROUTE].filter((route) => {
    const key = route.template === 'List' ? (LISTS.has(route.id) ? route.id : null) : route.template === 'Basic' ? route.id : route.template;
    if (key === null || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [...pages.map((route) => ({ name: `${route.template} ${route.id}`, path: `${route.paths.de}/` })), { name: 'Home en', path: '/en/' }];
}

/** The first card link of a list page in the build (its first item's detail page), if any. */
export function firstDetailOf(dist: string, listPath: string): string | null {
  const html = readFileSync(join(dist, listPath, 'index.html'), 'utf8');
  const main = html.slice(html.indexOf('<main'));
  const href = /class="card__link" href="([^"]+)"/.exec(main)?.[1] ?? null;
  return href && href.startsWith(`${listPath}`) && href !== listPath ? href : null;
}

/** One detail page per list route that has items with detail pages. */
export function detailPages(dist: string): TemplatePage[] {
  return FIXED_ROUTES.filter((route) => route.kind === 'list')
    .map((route) => ({ name: `Detail ${route.listType}`, path: firstDetailOf(dist, `${route.paths.de}/`) }))
    .filter((page): page is TemplatePage => page.path !== null);
}

export function notFoundPages(): TemplatePage[] {
  return [
    { name: 'NotFound de', path: '/de/gibt-es-nicht/' },
    { name: 'NotFound en', path: '/en/does-not-exist/' },
  ];
}
