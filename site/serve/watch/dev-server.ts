// Requests of `watch`: served like `preview --static` serves a build, with the pages coming from
// the in-memory page store (current as soon as a rebuild ends, before the background writer has
// reached them) and the live-reload snippet added to every HTML response — and only to responses:
// the files written stay what a build writes. A page whose rendering throws is served as it last
// rendered, under the error overlay (the 500 page when it never rendered, and the overlay says so);
// the terminal gets the template's file:line from the page store's writer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Page } from '../../model/page-model';
import { HTML_TYPE } from '../content-types';
import { errorPageHtml } from '../error-pages';
import type { Handler } from '../http-server';
import { injectSnippet, liveReloadSnippet } from '../live-reload/client-script';
import { EVENTS_PATH, type BuildErrorInfo, type EventStream } from '../live-reload/event-stream';
import { matchPage, notFoundPage } from '../page-lookup';
import { parseRequestPath, refusedPathScope, type ServedPath } from '../request-path';
import { allowsMethod, redirect, sendBody, sendText } from '../respond';
import type { StaticSite } from '../static-files';
import { describeError } from './build-error';
import type { PageStore } from './page-store';

export interface DevHandlerOptions {
  /** The project: paths in error messages are shown relative to it. */
  root: string;
  store: PageStore;
  files: StaticSite;
  stream: EventStream;
}

export function createDevHandler({ root, store, files, stream }: DevHandlerOptions): Handler {
  const withSnippet = snippetInjector(stream);

  function sendPage(req: IncomingMessage, res: ServerResponse, page: Page, status: number): void {
    let html: string;
    try {
      html = store.html(page).toString('utf8');
    } catch (error) {
      // The terminal hears of it from the page store's writer, once for every page it breaks.
      const message = describeError(error, root);
      const previous = store.lastGood(page.href);
      const overlay = (served: BuildErrorInfo['served']) => liveReloadSnippet(stream.generation(), { stage: `rendering ${page.href}`, message, served });
      if (previous) return sendBody(req, res, { status, type: HTML_TYPE, body: injectSnippet(previous.toString('utf8'), overlay('last-good-page')) });
      const page500 = errorPageHtml({ locale: page.locale, status: 500 });
      return sendBody(req, res, { status: 500, type: HTML_TYPE, body: injectSnippet(page500, overlay('no-good-page')) });
    }
    sendBody(req, res, { status, type: HTML_TYPE, body: withSnippet(html) });
  }

  function sendNotFound(req: IncomingMessage, res: ServerResponse, path: ServedPath): Promise<void> | void {
    const page = notFoundPage(store.state.byHref, path.segments);
    if (page) return sendPage(req, res, page, 404);
    return files.sendNotFound(req, res, path);
  }

  return async (req, res) => {
    const path = parseRequestPath(req.url);
    if (!path.ok) {
      if (path.status === 400) return sendText(req, res, 400, `Bad request: ${path.reason}`);
      return sendNotFound(req, res, refusedPathScope(req.url));
    }
    if (!allowsMethod(req, res)) return;
    if (path.href === EVENTS_PATH) return stream.connect(req, res);
    const match = matchPage(store.state.byHref, path);
    if (match.kind === 'page') return sendPage(req, res, match.page, 200);
    if (match.kind === 'redirect') return redirect(res, match.location);
    const found = await files.lookup(path);
    if (found.kind === 'file') return files.sendFile(req, res, found.file, found.stats);
    if (found.kind === 'redirect') return redirect(res, found.location);
    return sendNotFound(req, res, path);
  };
}

/** For static HTML files of the output (the root's redirect page). */
export function snippetInjector(stream: EventStream): (html: string) => string {
  return (html) => injectSnippet(html, liveReloadSnippet(stream.generation()));
}
