// routes: every page of the site from the items, checked whole before anything is written.
import type { FetchedContent } from '../content/fetch-content';
import { buildRouteMap, type RouteMap } from '../routes/route-map';
import type { Stage } from './stage';

export type { RouteMap };

export const routes: Stage<FetchedContent, RouteMap> = {
  name: 'routes',
  shown: true,
  async run(context, content) {
    const map = buildRouteMap(content.items, context.config.locales.all);
    for (const problem of map.problems) context.warn(problem.message);
    return map;
  },
  detail: (map) => `${map.pages.length} pages`,
};
