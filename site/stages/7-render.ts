// render: every page of a build into the output folder; pages whose inputs the previous build
// recorded unchanged keep their files (docs/incremental.md). Preview and watch render a page when
// it is asked for, with the same renderPage().
import { UserError } from '../errors';
import { deadLinkWarnings } from '../render/dead-links';
import type { RenderChangedResult } from '../incremental/render-changed';
import type { BuiltAssets } from './2-assets';
import type { PreparedSite } from './6-site-data';
import type { Stage } from './stage';

export interface RenderInput {
  site: PreparedSite;
  assets: BuiltAssets;
}

export interface Rendered extends RenderChangedResult {
  /** Gzipped JavaScript per page type, this build's figures over the previous build's. */
  jsPerPageType: Record<string, number>;
}

export const render: Stage<RenderInput, Rendered> = {
  name: 'render',
  shown: true,
  async run(context, { site, assets }) {
    const cache = context.cache;
    if (!cache) throw new Error('the render stage writes a build: it needs the build cache');
    // Loaded here: a build that finds nothing changed never renders.
    const { renderChanged } = await import('../incremental/render-changed');
    const rendered = await renderChanged({
      pages: site.pages, site, bundle: assets.client, dir: context.outDir, outDir: cache.outDir, previous: cache.previous, code: cache.code,
      onProgress: (done, total) => context.reporter.progress(done, total), signal: context.signal,
    });
    for (const warning of deadLinkWarnings(site.pages, (page) => rendered.records[page.href]?.deps ?? [], site.sites)) context.warn(warning);
    const jsPerPageType = cache.jsPerPageType(rendered);
    checkJsBudget(jsPerPageType, context.config.jsBudgetBytes);
    return { ...rendered, jsPerPageType };
  },
  detail: (result) => `${result.written.pages} pages on ${result.written.threads} thread${result.written.threads > 1 ? 's' : ''}, ${result.reused} unchanged`,
};

function checkJsBudget(jsPerPageType: Record<string, number>, budget: number): void {
  const over = Object.entries(jsPerPageType).filter(([, bytes]) => bytes > budget);
  if (!over.length) return;
  throw new UserError(`JavaScript budget exceeded: ${over.map(([type, bytes]) => `${type} loads ${bytes} bytes gzipped`).join(', ')} (budget ${budget})`, {
    hint: 'Make the widgets smaller or raise jsBudgetBytes in site.config.ts.',
  });
}
