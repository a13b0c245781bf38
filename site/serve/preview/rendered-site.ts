// `hotel-site preview` (default mode): every page rendered when it is requested, from the CMS's
// current content, through the build's own stages — fetch to site data and extras for each
// content snapshot, renderPage() for the HTML, the assets stage at start — so a page is
// byte for byte what `build` would write for that content (tests/integration/preview-build.test.ts compares all pages).
// The prepared content is a snapshot shared by all requests for a few seconds (./snapshot-cache),
// then refreshed with only the lists that changed in the CMS (./list-versions);
// a CMS that cannot be reached gets the editor a page saying so, and the server keeps running.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cacheAnswers } from '../../content/cached-client';
import type { ContentClient, RequestOptions } from '../../content/client';
import { DRAFT_QUERIES, type Operation } from '../../content/queries';
import { int, obj, type Raw } from '../../content/read-raw';
import { AccessRefused } from '../../content/cms-fetch';
import { classifyFailure } from '../../content/failure';
import type { ContentItem, Locale } from '../../model/content-types';
import { revisionKey } from '../../content/content-lists';
import { NormalizeMemo } from '../../content/normalize-memo';
import { createDraftView, itemsByRevisionKey } from './draft-view';
import { parseDrupalPath, type DrupalPath } from './drupal-paths';
import { isUserError } from '../../errors';
import { silentReporter } from '../../reporter';
import { extras, prepareSite, runStage, stageContext, type DriverContext, type DriverMemo, type PreparedSite } from '../../stages';
import type { Assets, Messages, Page, SiteContext } from '../../model/page-model';
import { renderPage } from '../../render/render-page';
import { loadMessages } from '../../render/site-data';
import { HTML_TYPE } from '../content-types';
import { errorPageHtml, localeOfSegments } from '../error-pages';
import { indexPages, matchPage, notFoundPage } from '../page-lookup';
import type { ServedPath } from '../request-path';
import { redirect, sendBody } from '../respond';
import { createSnapshotCache } from '../snapshot-cache';
import { dropMoved, fetchVersions, movedLists, type Versions } from '../../content/list-versions';
import type { StaticSite } from '../static-files';

export interface RenderedSiteOptions {
  /** The preview's driver context: config, warnings said once, what is kept between snapshots. */
  session: DriverContext;
  client: ContentClient;
  /** The preview's folder: assets, media and extras; also receives the media of each snapshot. */
  files: StaticSite;
  assets: Assets;
  /** How long a content snapshot is reused without asking the CMS (default 3 s). */
  contentTtlMs?: number;
  /** How often every answer is fetched again, whatever the list versions say (default 60 s). */
  fullRefreshMs?: number;
  /** The moment that decides which events are upcoming (default: now, per snapshot). */
  now?: () => Date;
  /** Renders one page (default: the build's renderPage). */
  renderPage?: (page: Page, site: SiteContext) => Buffer;
  log: (message: string) => void;
  /**
   * The draft view (docs/drafts.md): latest revisions, drafts included, every reload asked again;
   * the published view's items to compare with. Unset: the published view, as `build` writes it.
   */
  drafts?: { published(): Promise<ReadonlyMap<string, ContentItem>> };
}

interface Snapshot {
  site: PreparedSite;
  pages: Map<string, Page>;
}

export interface RenderedSite {
  handle(req: IncomingMessage, res: ServerResponse, path: ServedPath): Promise<void>;
  /** The language's not-found page, status 404. */
  sendNotFound(req: IncomingMessage, res: ServerResponse, path: ServedPath): Promise<void>;
  /** Content snapshots loaded so far. */
  readonly loads: number;
  /** The current snapshot's items by revisionKey() (the published view's, for the draft view's notices). */
  items(): Promise<ReadonlyMap<string, ContentItem>>;
}

export function createRenderedSite(options: RenderedSiteOptions): RenderedSite {
  const { session, client, files } = options;
  const { config } = session;
  const render = options.renderPage ?? renderPage;
  // Answers are kept between snapshots; each refresh first asks which lists moved (./list-versions)
  // and fetches only those again, or nothing when none moved. A full refresh at least every minute
  // catches what no list version shows (a media entity's alt text edited on its own, a renamed term).
  const cache = cacheAnswers(client);
  const fullRefreshMs = options.fullRefreshMs ?? 60_000;
  let last: { snapshot: Snapshot; versions: Versions; fullAt: number } | null = null;
  const drafts = options.drafts;
  // The draft view normalizes other answers than the published view: its own memo.
  const draftMemo = drafts ? { normalize: new NormalizeMemo(), sitemap: null } : null;
  const loadDrafts = async (): Promise<Snapshot> => {
    // No list versions of latest revisions to ask: each reload (after the TTL) fetches everything again.
    cache.invalidate(() => true);
    return prepareDrafts(cache.client, draftMemo!);
  };
  const prepareDrafts = async (from: ContentClient, memo: DriverMemo): Promise<Snapshot> => {
    const context = stageContext({ config, reporter: silentReporter, warn: session.warn, outDir: files.root, memo, now: options.now?.(), drafts: true });
    const site = await prepareSite(context, { client: from, assets: options.assets });
    const view = createDraftView({ revisions: site.content.revisions ?? new Map(), published: await drafts!.published(), cmsOrigin: new URL(client.endpoint).origin });
    for (const context of site.sites.values()) context.drafts = view;
    // The sitemap and the other extras are the published view's.
    return { site, pages: indexPages(site.pages) };
  };
  const loadPublished = async (): Promise<Snapshot> => {
    const started = Date.now();
    const full = !last || started - last.fullAt >= fullRefreshMs;
    // Asked before the content: an edit landing in between shows as moved next time.
    const versions = await fetchVersions(client, config.locales.all);
    if (full) cache.invalidate(() => true);
    else {
      const moved = movedLists(last!.versions, versions);
      if (!moved.size) return last!.snapshot;
      dropMoved(cache, moved);
    }
    const context = stageContext({ config, reporter: silentReporter, warn: session.warn, outDir: files.root, memo: session.memo, now: options.now?.() });
    const site = await prepareSite(context, { client: cache.client, assets: options.assets });
    await runStage(context, extras, { pages: site.pages });
    const snapshot = { site, pages: indexPages(site.pages) };
    // Recorded only once the snapshot is complete: after a failure the same lists count as moved again.
    last = { snapshot, versions, fullAt: full ? started : last!.fullAt };
    return snapshot;
  };
  const snapshots = createSnapshotCache<Snapshot>(
    () =>
      drafts
        ? loadDrafts()
        : loadPublished().catch((error: unknown) => {
            // An expired token (said once in the terminal) leaves the published view as it was.
            if (last && tokenRefused(error)) return last.snapshot;
            throw error;
          }),
    { ttlMs: options.contentTtlMs ?? 3_000 },
  );

  const messages = new Map<Locale, Promise<Messages | null>>();
  const messagesOf = (locale: Locale) => {
    if (!messages.has(locale)) messages.set(locale, loadMessages(locale).catch(() => null));
    return messages.get(locale)!;
  };

  async function sendError(req: IncomingMessage, res: ServerResponse, path: ServedPath, status: number, cms: { endpoint: string; reason: string } | null) {
    const locale = localeOfSegments(path.segments, config.locales.default);
    sendBody(req, res, { status, type: HTML_TYPE, body: errorPageHtml({ locale, status, messages: await messagesOf(locale), cms }) });
  }

  function sendPage(req: IncomingMessage, res: ServerResponse, path: ServedPath, snapshot: Snapshot, page: Page, status: number) {
    let html: Buffer;
    try {
      html = render(page, snapshot.site.sites.get(page.locale)!);
    } catch (error) {
      options.log(`error: ${(error as Error).stack ?? String(error)}`);
      return sendError(req, res, path, 500, null);
    }
    sendBody(req, res, { status, type: HTML_TYPE, body: html });
  }

  /** The current snapshot, or null when the CMS failed and the editor got the page saying so. */
  async function snapshotOrError(req: IncomingMessage, res: ServerResponse, path: ServedPath): Promise<Snapshot | null> {
    try {
      return await snapshots.get();
    } catch (error) {
      if (!isUserError(error)) throw error;
      const verdict = classifyFailure(error.cause, client.endpoint);
      options.log(`CMS unreachable: ${error.message}`);
      // 503: unreachable or overloaded, try again later; 502: it answered, but not usefully.
      await sendError(req, res, path, verdict.retry ? 503 : 502, { endpoint: client.endpoint, reason: verdict.reason });
      return null;
    }
  }

  async function sendNotFound(req: IncomingMessage, res: ServerResponse, path: ServedPath, known?: Snapshot): Promise<void> {
    const snapshot = known ?? (await snapshotOrError(req, res, path));
    if (!snapshot) return;
    const page = notFoundPage(snapshot.pages, path.segments);
    if (page) return sendPage(req, res, path, snapshot, page, 404);
    return files.sendNotFound(req, res, path);
  }

  async function handle(req: IncomingMessage, res: ServerResponse, path: ServedPath): Promise<void> {
    // Assets, media and the theme's files need no content; the sitemap follows the content.
    const isSitemap = /^sitemap(-\d+)?\.xml$/.test(path.segments.join('/'));
    if (!isSitemap) {
      const found = await files.lookup(path);
      if (found.kind === 'file') return files.sendFile(req, res, found.file, found.stats);
    }
    const snapshot = await snapshotOrError(req, res, path);
    if (!snapshot) return;
    if (isSitemap) return files.handle(req, res, path);
    if (drafts) {
      const drupal = parseDrupalPath(path.segments, config.locales.all);
      if (drupal) return sendDrupalPath(req, res, path, snapshot, drupal);
    }
    const match = matchPage(snapshot.pages, path);
    if (match.kind === 'page') return sendPage(req, res, path, snapshot, match.page, 200);
    if (match.kind === 'redirect') return redirect(res, match.location);
    const found = await files.lookup(path);
    if (found.kind === 'redirect') return redirect(res, found.location);
    return sendNotFound(req, res, path, snapshot);
  }

  /** Drupal's own path of an item: 303 to its page in the language asked for (default: the site's). */
  function sendDrupalPath(req: IncomingMessage, res: ServerResponse, path: ServedPath, snapshot: Snapshot, drupal: DrupalPath) {
    const locale = drupal.locale ?? config.locales.default;
    const revision = snapshot.site.content.revisions?.get(revisionKey(locale, drupal.nid));
    // A revision other than the one draft view shows is not kept by it: not found, as for an unknown nid.
    if (drupal.kind === 'revision' && revision?.vid !== drupal.vid) return sendRevision(req, res, path, snapshot, drupal.nid, drupal.vid, locale);
    const page = pageOfItem(snapshot, drupal.nid, locale);
    if (page) return redirect(res, page.href, 303);
    return sendNotFound(req, res, path, snapshot);
  }

  /**
   * Another revision than draft view shows (an older one): the site prepared once more with that
   * revision in place of the item's latest one in its list, and the item's page rendered from it.
   */
  async function sendRevision(req: IncomingMessage, res: ServerResponse, path: ServedPath, current: Snapshot, nid: number, vid: number, locale: Locale) {
    const answer = await cache.client.request<{ nodeRevisionById: Raw | null }>(DRAFT_QUERIES.revision, { id: String(vid), language: locale.toUpperCase() });
    const entity = answer.nodeRevisionById;
    if (!entity || int(entity.nid) !== nid) return sendNotFound(req, res, path, current);
    const withRevision = Object.create(cache.client) as ContentClient;
    withRevision.request = async <T,>(operation: Operation, variables: Record<string, unknown> = {}, options?: RequestOptions): Promise<T> => {
      const data = await cache.client.request<T>(operation, variables, options);
      if (operation !== DRAFT_QUERIES.contentPage || variables.langcode !== locale) return data;
      const result = obj(obj(data)?.nodeQuery);
      const entities = Array.isArray(result?.entities) ? (result.entities as unknown[]) : null;
      if (!result || !entities?.some((other) => int(obj(other)?.nid) === nid)) return data;
      return { ...data, nodeQuery: { ...result, entities: entities.map((other) => (int(obj(other)?.nid) === nid ? entity : other)) } } as T;
    };
    const snapshot = await prepareDrafts(withRevision, { normalize: new NormalizeMemo(), sitemap: null });
    const page = pageOfItem(snapshot, nid, locale);
    if (!page) return sendNotFound(req, res, path, current);
    return sendPage(req, res, path, snapshot, page, 200);
  }

  function pageOfItem(snapshot: Snapshot, nid: number, locale: Locale): Page | undefined {
    return snapshot.site.pages.find((candidate) => candidate.locale === locale && candidate.item?.nid === nid);
  }

  return {
    handle,
    sendNotFound: (req, res, path) => sendNotFound(req, res, path),
    get loads() {
      return snapshots.loads;
    },
    items: async () => itemsByRevisionKey((await snapshots.get()).site.content.items),
  };
}

/** Whether a failure is the CMS refusing the token (HTTP 401), anywhere in its cause chain. */
function tokenRefused(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 8; cause = cause.cause, depth++) {
    if (cause instanceof AccessRefused && cause.status === 401) return true;
  }
  return false;
}
