// commit: the staging folder replaces the output folder, taking over the previous output's folders
// that need no copy; then a build saves what the next build reuses (docs/incremental.md).
import { pagesPerLocale } from '../build-result';
import { stableUntil } from '../model/upcoming';
import type { BuiltAssets } from './2-assets';
import type { PreparedSite } from './6-site-data';
import type { Rendered } from './7-render';
import type { Stage } from './stage';

export interface CommitInput {
  site: PreparedSite;
  assets: BuiltAssets;
  /** A build's render stage (watch renders on request: nothing to record). */
  rendered?: Rendered;
}

export const commit: Stage<CommitInput, void> = {
  name: 'commit',
  shown: false,
  async run(context, { site, assets, rendered }) {
    const { staging, cache } = context;
    if (!staging) throw new Error('the commit stage needs a staging folder');
    if (site.mediaAdoption) staging.adopt(site.mediaAdoption);
    if (cache && rendered) for (const adoption of await cache.keepUnchanged(staging.dir, rendered)) staging.adopt(adoption);
    context.signal?.throwIfAborted();
    await staging.commit();
    if (!cache || !rendered) return;
    const events = context.config.locales.all.flatMap((locale) => site.content.items.get(locale)?.get('events') ?? []);
    await cache.save(rendered, {
      summary: { incomplete: site.media.failed > 0 || site.content.warnings.length > 0, pages: site.pages.length, perLocale: pagesPerLocale(site.pages, context.config.locales.all), mediaFiles: site.media.files, stylesheetGzipBytes: assets.stylesheet.gzipBytes },
      stableUntil: stableUntil(events, site.data.now),
      assets,
    });
  },
};
