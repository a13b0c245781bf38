// `hotel-site preview`: the server around either a built folder (`--static`, exactly a static
// host) or the on-demand renderer (./rendered-site). Both share the request checks: only GET and
// HEAD, traversal refused before any file is looked at (../request-path).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ResolvedConfig } from '../../config/define-config';
import { NormalizeMemo } from '../../content/normalize-memo';
import { UserError } from '../../errors';
import { BUILT_SITE_MARKERS, isBuiltSite } from '../../output/built-site';
import { silentReporter, type Reporter } from '../../reporter';
import { startHttpServer } from '../http-server';
import { previewPolicy } from '../server-policy';
import { parseRequestPath, refusedPathScope } from '../request-path';
import { allowsMethod, forceHeaders, redirect, sendText } from '../respond';
import { CmsToken } from '../../content/cms-token';
import { createDraftAccess, DRAFT_HEADERS, DRAFTS_PATH, LEAVE_PATH, type DraftAccess } from './draft-access';
import { leaveTarget } from './draft-view';
import { assets as assetsStage, connect, extras, runStage, sayOnce, stageContext, type DriverContext } from '../../stages';
import { createStaticSite, type StaticSite } from '../static-files';
import { createRenderedSite, type RenderedSite, type RenderedSiteOptions } from './rendered-site';

export interface PreviewOptions {
  config: ResolvedConfig;
  host: string;
  port: number;
  /** Fail when the port is taken instead of moving to the next free one. */
  strictPort?: boolean;
  /** Serve this built folder as a static host would, instead of rendering on demand. */
  staticDir?: string;
  /** Rendering mode: seconds-old content is reused for this long (default 3000 ms). */
  contentTtlMs?: number;
  /** Rendering mode: the moment deciding which events are upcoming (default: each snapshot's now). */
  now?: () => Date;
  /** Rendering mode: renders one page (default: the build's renderPage). */
  renderPage?: RenderedSiteOptions['renderPage'];
  /** Lines for the terminal: warnings, CMS failures, errors of requests. */
  log: (message: string) => void;
  /** Also serve the draft view to browsers that opened the drafts link (docs/drafts.md). */
  drafts?: boolean;
}

export interface Preview {
  /** "http://127.0.0.1:4173/" */
  url: string;
  /** The CMS endpoint pages are rendered from; null in --static mode. */
  endpoint: string | null;
  /** Content snapshots loaded so far (rendering mode; 0 with --static). */
  readonly contentLoads: number;
  /** With drafts: the link that enters the draft view ("http://127.0.0.1:4173/__drafts?key=…"). */
  draftsUrl: string | null;
  close(): Promise<void>;
}

// An editor waits for the page: a CMS that is down is reported within seconds, not after the
// build's full retry schedule.
const PREVIEW_RETRIES = 1;
const PREVIEW_TIMEOUT_MS = 10_000;

export async function startPreview(options: PreviewOptions): Promise<Preview> {
  const { log } = options;
  // Each content snapshot warns again about the same content: say each thing once.
  const reporter: Reporter = { ...silentReporter, info: log, warn: sayOnce((message) => log(`warning: ${message}`)) };
  let site: Pick<StaticSite, 'handle' | 'sendNotFound'>;
  let session: DriverContext | null = null;
  let endpoint: string | null = null;
  let rendered: RenderedSite | null = null;
  let workDir: string | null = null;

  if (options.drafts && options.staticDir !== undefined) {
    throw new UserError('--drafts cannot be used with --static: a built folder has no drafts', { exitCode: 2, hint: 'Leave out --static to preview drafts from the CMS.' });
  }
  let access: DraftAccess | null = null;
  let drafted: RenderedSite | null = null;

  if (options.staticDir !== undefined) {
    const dir = resolve(options.staticDir);
    if (!(await isBuiltSite(dir))) {
      const what = (await stat(dir).catch(() => null))?.isDirectory() ? `holds no built site (no ${BUILT_SITE_MARKERS.join(' and ')})` : 'is not a folder';
      throw new UserError(`${dir} ${what}`, { exitCode: 2, hint: 'Run `hotel-site build` first, or pass the folder a build wrote: --static <dir>.' });
    }
    site = await createStaticSite(dir);
  } else {
    const config: ResolvedConfig = {
      ...options.config,
      content: {
        ...options.config.content,
        retries: Math.min(options.config.content.retries, PREVIEW_RETRIES),
        timeoutMs: Math.min(options.config.content.timeoutMs, PREVIEW_TIMEOUT_MS),
        token: options.drafts ? draftsToken(options.config) : options.config.content.token,
      },
    };
    workDir = await mkdtemp(join(tmpdir(), 'hotel-site-preview-'));
    // The session's context: the connection, the assets and the work folder last as long as the server.
    session = stageContext({ config, reporter, warn: reporter.warn, outDir: workDir, memo: { normalize: new NormalizeMemo(), sitemap: null } });
    try {
      const { client } = await runStage(session, connect, undefined);
      endpoint = client.endpoint;
      const { assets } = await runStage(session, assetsStage, {});
      // robots.txt and the rest before any content; the sitemap follows each content snapshot.
      await runStage(session, extras, { pages: null });
      const files = await createStaticSite(workDir);
      const common = { session, client, files, assets, contentTtlMs: options.contentTtlMs, now: options.now, renderPage: options.renderPage, log };
      const published = createRenderedSite(common);
      site = rendered = published;
      if (options.drafts) {
        access = createDraftAccess();
        drafted = createRenderedSite({ ...common, drafts: { published: () => published.items() } });
      }
    } catch (error) {
      await session.ended();
      await rm(workDir, { recursive: true, force: true });
      throw error;
    }
  }

  const cleanup = async () => {
    await session?.ended();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  };
  let server;
  try {
    server = await startHttpServer({
      host: options.host,
      port: options.port,
      policy: () => previewPolicy(options.config),
      strictPort: options.strictPort,
      onError: (error, req) => log(`error: ${req.method} ${req.url}: ${(error as Error)?.stack ?? String(error)}`),
      async handle(req, res) {
        const path = parseRequestPath(req.url);
        if (!path.ok) {
          if (path.status === 400) return sendText(req, res, 400, `Bad request: ${path.reason}`);
          return site.sendNotFound(req, res, refusedPathScope(req.url));
        }
        if (!allowsMethod(req, res)) return;
        if (access && drafted) {
          const href = `/${path.segments.join('/')}`;
          if (href === DRAFTS_PATH) {
            const cookie = access.enter(path.search);
            if (!cookie) return sendText(req, res, 403, 'This drafts link is not the one this preview printed.');
            return redirect(res, '/', 303, { 'Set-Cookie': cookie, ...DRAFT_HEADERS });
          }
          if (href === LEAVE_PATH) return redirect(res, leaveTarget(path.search), 303, { 'Set-Cookie': access.leave(), ...DRAFT_HEADERS });
          if (access.allows(req)) {
            forceHeaders(res, DRAFT_HEADERS);
            return drafted.handle(req, res, path);
          }
        }
        return site.handle(req, res, path);
      },
    });
  } catch (error) {
    await cleanup();
    throw error;
  }
  return {
    url: `${server.origin}/`,
    endpoint,
    draftsUrl: access ? `${server.origin}${access.enterPath}` : null,
    get contentLoads() {
      return rendered?.loads ?? 0;
    },
    async close() {
      await server.close();
      await cleanup();
    },
  };
}

/**
 * The token the draft view asks with: the configured one; with the embedded backend and none
 * configured, one made for this run, which the backend takes as its editor's.
 */
function draftsToken(config: ResolvedConfig): CmsToken {
  if (config.content.token) return config.content.token;
  if (!config.content.endpoint) return CmsToken.fromEnv(randomBytes(24).toString('base64url'));
  throw new UserError('preview --drafts needs a CMS account that may see unpublished content', {
    exitCode: 2,
    hint: 'Give its access token in HOTEL_SITE_CMS_TOKEN, or in a file named by --token-file or content.tokenFile (docs/drafts.md).',
  });
}
