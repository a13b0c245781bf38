// The sitemap of `watch`, kept in step with the pages without holding up the page a developer is
// waiting for: rebuilds write it after the new state is published, one write at a time, and only
// when what it lists changed (a text edit changes no URL; on the 10,000-page site writing it took
// 155 ms of every content save).
import type { Page } from '../../render/page-model';
import type { Pipeline } from './dev-modules';

export interface SitemapSync {
  /** Writes the sitemap for `pages` unless it already lists exactly them; rejects when it could not. */
  update(pipeline: Pipeline, outDir: string, pages: readonly Page[], siteUrl: string): Promise<void>;
}

export function createSitemapSync(): SitemapSync {
  let written: string | null = null;
  let queue: Promise<void> = Promise.resolve();
  return {
    update(pipeline, outDir, pages, siteUrl) {
      const run = queue.then(async () => {
        // Not keyed by folder: the first build writes into the staging folder that becomes outDir.
        const key = JSON.stringify(pipeline.sitemapItems(pages, siteUrl));
        if (key === written) return;
        written = null;
        await pipeline.writeSitemap(outDir, pages, siteUrl);
        written = key;
      });
      queue = run.catch(() => {});
      return run;
    },
  };
}
