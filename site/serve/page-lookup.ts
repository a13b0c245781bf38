// Request path → page of the route map, as a static host would map it onto the built folders:
// "/de/uebernachten/" is the page, "/de/uebernachten" redirects to it, "/de/404.html" is the file
// the build writes for the not-found page. Pure; shared by preview (rendering on demand) and watch.
import { LOCALES } from '../model/content-types';
import type { Page } from '../model/page-model';
import type { ServedPath } from './request-path';

export type PageMatch = { kind: 'page'; page: Page } | { kind: 'redirect'; location: string } | { kind: 'none' };

export function indexPages(pages: readonly Page[]): Map<string, Page> {
  return new Map(pages.map((page) => [page.href, page]));
}

export function matchPage(pages: ReadonlyMap<string, Page>, path: ServedPath): PageMatch {
  const page = pages.get(path.href);
  if (page) return { kind: 'page', page };
  if (!path.trailingSlash && pages.has(`${path.href}/`)) return { kind: 'redirect', location: `${path.href}/${path.search}` };
  return { kind: 'none' };
}

/**
 * The not-found file for a path, as the build writes them: the language folder's under /de/ and
 * /en/, else the root's (German, the default language).
 */
export function notFoundFile(segments: readonly string[]): string {
  const first = segments[0];
  return first !== undefined && (LOCALES as readonly string[]).includes(first) ? `${first}/404.html` : '404.html';
}

export function notFoundPage(pages: ReadonlyMap<string, Page>, segments: readonly string[]): Page | undefined {
  return pages.get(`/${notFoundFile(segments)}`);
}
