// A built folder served exactly as a static host serves it: index.html for folders, a
// folder without its slash redirected (301 "/de" → "/de/"), the language's 404.html with status
// 404 for anything unknown (German, the root's 404.html, outside /de/ and /en/). Paths come from
// ./request-path already checked; the resolved real path must still lie inside the folder, so a
// symlink cannot lead out of it either.
import { readFile, realpath, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, sep } from 'node:path';
import { contentTypeOf, HTML_TYPE } from './content-types';
import { notFoundFile } from './page-lookup';
import type { ServedPath } from './request-path';
import { fileEtag } from '../http/conditional';
import { redirect, sendBody, sendText, streamFile } from './respond';

const HEADERS_FILE = '_headers';

/** Larger files are streamed (with ranges) instead of read, compressed and cached. */
const BUFFER_LIMIT = 8 * 1024 * 1024;

export type StaticLookup = { kind: 'file'; file: string; stats: Stats } | { kind: 'redirect'; location: string } | { kind: 'missing' };

export interface StaticSite {
  /** Absolute real path of the folder. */
  root: string;
  lookup(path: ServedPath): Promise<StaticLookup>;
  /** Serves a looked-up file with `status` (200, or 404 for a not-found page). */
  sendFile(req: IncomingMessage, res: ServerResponse, file: string, stats: Stats, status?: number): Promise<void>;
  /** The request's answer: the file, a redirect, or the not-found page. */
  handle(req: IncomingMessage, res: ServerResponse, path: ServedPath): Promise<void>;
  sendNotFound(req: IncomingMessage, res: ServerResponse, path: ServedPath): Promise<void>;
}

export interface StaticSiteOptions {
  /** Rewrites every HTML body served (watch mode adds its live-reload snippet). */
  transformHtml?: (html: string) => string;
}

export async function createStaticSite(dir: string, options: StaticSiteOptions = {}): Promise<StaticSite> {
  const root = await realpath(dir);
  const inside = (path: string) => path === root || path.startsWith(root + sep);

  async function existing(path: string): Promise<{ real: string; stats: Stats } | null> {
    const real = await realpath(path).catch(() => null);
    if (!real || !inside(real)) return null;
    const stats = await stat(real).catch(() => null);
    return stats ? { real, stats } : null;
  }

  async function lookup(path: ServedPath): Promise<StaticLookup> {
    // Static hosts read the output's `_headers` (site/output/security-headers.ts); none serves it.
    if (path.segments.length === 1 && path.segments[0] === HEADERS_FILE) return { kind: 'missing' };
    const found = await existing(join(root, ...path.segments));
    if (!found) return { kind: 'missing' };
    if (found.stats.isDirectory()) {
      if (!path.trailingSlash) return { kind: 'redirect', location: `${path.href}/${path.search}` };
      const index = await existing(join(found.real, 'index.html'));
      return index?.stats.isFile() ? { kind: 'file', file: index.real, stats: index.stats } : { kind: 'missing' };
    }
    // "/robots.txt/" names a folder that does not exist.
    if (!found.stats.isFile() || path.trailingSlash) return { kind: 'missing' };
    return { kind: 'file', file: found.real, stats: found.stats };
  }

  async function sendFile(req: IncomingMessage, res: ServerResponse, file: string, stats: Stats, status = 200): Promise<void> {
    const type = contentTypeOf(file);
    if (stats.size > BUFFER_LIMIT) return streamFile(req, res, file, stats, type);
    const body = await readFile(file);
    if (type === HTML_TYPE && options.transformHtml) {
      return sendBody(req, res, { status, type, body: options.transformHtml(body.toString('utf8')) });
    }
    sendBody(req, res, { status, type, body, etag: fileEtag(stats) });
  }

  async function sendNotFound(req: IncomingMessage, res: ServerResponse, path: ServedPath): Promise<void> {
    const page = await existing(join(root, notFoundFile(path.segments)));
    if (page?.stats.isFile()) return sendFile(req, res, page.real, page.stats, 404);
    sendText(req, res, 404, 'Not found');
  }

  async function handle(req: IncomingMessage, res: ServerResponse, path: ServedPath): Promise<void> {
    const found = await lookup(path);
    if (found.kind === 'redirect') return redirect(res, found.location);
    if (found.kind === 'file') return sendFile(req, res, found.file, found.stats);
    return sendNotFound(req, res, path);
  }

  return { root, lookup, sendFile, handle, sendNotFound };
}
