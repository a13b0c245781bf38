// The embedded CMS's views pages and the generator's route table describe the same site map from
// two sides; they must agree (the backend does not import the route table: docs/architecture.md).
import { describe, expect, it } from 'vitest';
import { VIEWS_PAGES } from '../../../site/cms/fixtures/views-pages';
import { FIXED_ROUTES } from '../../../site/model/route-table';

describe('views pages of the embedded CMS', () => {
  it('are the fixed routes of the site map, with the same listed types', () => {
    const routes = FIXED_ROUTES.filter((route) => route.kind !== 'menu');
    expect(VIEWS_PAGES.map((page) => [page.de, page.en, page.listType ?? null])).toEqual(
      routes.map((route) => [route.paths.de, route.paths.en, ('listType' in route ? route.listType : null) ?? null]),
    );
  });
});
