// What `hotel-site build` reports (site/build.ts): the figures the CLI prints and the tests read,
// shaped from the stages' outputs.
import type { ClientStats } from './content/client';
import type { BuildSummary } from './incremental/build-record';
import type { RenderChangedResult } from './incremental/render-changed';
import type { DownloadStats } from './media/download-media';
import type { Page } from './model/page-model';
import type { BuiltAssets } from './stages/2-assets';
import type { PreparedSite } from './stages/6-site-data';

export interface BuildResult {
  endpoint: string;
  pages: { total: number; perLocale: Record<string, number>; rendered: number; unchanged: number };
  /** Why every page was rendered; null for an incremental build. */
  fullReason: string | null;
  /** The CMS reported no change since the previous build: its output was left as it was. */
  upToDate: boolean;
  requests: number;
  retries: number;
  /** Content lists (a type in a language) taken as the last build fetched them, of how many. */
  lists: { kept: number; total: number };
  media: DownloadStats;
  bytesWritten: number;
  stylesheetGzipBytes: number;
  /** Gzipped JavaScript one page loads, per page type (kind/template or content type). */
  jsPerPageType: Record<string, number>;
  warnings: string[];
  timings: Record<string, number>;
}

interface Common {
  endpoint: string;
  stats: ClientStats;
  jsPerPageType: Record<string, number>;
  warnings: string[];
  timings: Record<string, number>;
}

/** Nothing new at the CMS: the previous output is this build's. */
export function upToDateResult(common: Common, previous: BuildSummary): BuildResult {
  return {
    endpoint: common.endpoint,
    pages: { total: previous.pages, perLocale: previous.perLocale, rendered: 0, unchanged: previous.pages },
    fullReason: null, upToDate: true,
    requests: common.stats.requests, retries: common.stats.retries, lists: { kept: 0, total: 0 },
    media: {
      files: previous.mediaFiles, downloaded: 0, fromCache: 0, failed: previous.mediaLeftOut?.count ?? 0, permanent: previous.mediaLeftOut?.count ?? 0,
      leftOutSince: previous.mediaLeftOut?.since ?? null, askAgainAt: null, bytes: 0,
    },
    bytesWritten: 0, stylesheetGzipBytes: previous.stylesheetGzipBytes, jsPerPageType: common.jsPerPageType, warnings: common.warnings, timings: common.timings,
  };
}

/** Pages per language, error pages not counted. */
export function pagesPerLocale(pages: readonly Page[], locales: readonly string[]): Record<string, number> {
  return Object.fromEntries(locales.map((locale) => [locale, pages.filter((page) => page.locale === locale && page.kind !== 'not-found').length]));
}

export function builtResult(
  common: Common,
  built: { site: PreparedSite; assets: BuiltAssets; rendered: RenderChangedResult; fullReason: string | null },
): BuildResult {
  const { site, assets, rendered } = built;
  return {
    endpoint: common.endpoint,
    pages: { total: site.pages.length, perLocale: pagesPerLocale(site.pages, site.data.config.locales.all), rendered: rendered.written.pages, unchanged: rendered.reused },
    fullReason: built.fullReason, upToDate: false,
    requests: common.stats.requests,
    retries: common.stats.retries,
    lists: site.content.lists,
    media: site.media,
    bytesWritten: rendered.written.bytes + site.media.bytes + assets.stylesheet.bytes + assets.client.files.reduce((sum, file) => sum + file.bytes, 0),
    stylesheetGzipBytes: assets.stylesheet.gzipBytes,
    jsPerPageType: common.jsPerPageType,
    warnings: common.warnings,
    timings: common.timings,
  };
}
