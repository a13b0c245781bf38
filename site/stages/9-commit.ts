// commit: the new output goes in place of the output folder — only what changed, when the build
// reused the previous output — and the build is recorded for the next one; then the swap is final
// (docs/incremental.md, "The swap, and the old output").
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
    await staging.commit({ inPlace: Boolean(cache?.previousOut), signal: context.signal });
    if (cache && rendered) {
      // Undone after the record is saved (a second Ctrl-C), the record would describe an output
      // that is not there: it goes with the swap.
      staging.whenUndone(() => cache.forget());
      const events = context.config.locales.all.flatMap((locale) => site.content.items.get(locale)?.get('events') ?? []);
      const { media } = site;
      await cache.save(rendered, {
        // Files left out for a passing failure, or a list the CMS sent short, are tried again next build.
        summary: {
          incomplete: media.failed > media.permanent || site.content.warnings.length > 0, pages: site.pages.length, perLocale: pagesPerLocale(site.pages, context.config.locales.all), mediaFiles: media.files, stylesheetGzipBytes: assets.stylesheet.gzipBytes,
          ...(media.permanent ? { mediaLeftOut: { count: media.permanent, since: media.leftOutSince! } } : {}),
        },
        // A permanent answer that has grown old is asked again: the output is not up to date then.
        stableUntil: Math.min(stableUntil(events, site.data.now), media.askAgainAt ?? Infinity),
        assets,
      });
    }
    // Until here a failure or Ctrl-C undoes the swap: the record saved describes the new output.
    await staging.keep();
  },
};
