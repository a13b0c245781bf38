// media: waits for every download the fetch stage started, then points the content at the local
// files. A build that reuses the previous output makes an item's media local only when a page
// reads it (docs/incremental.md).
import type { FetchedContent } from '../content/fetch-content';
import type { ContentItem, Locale } from '../model/content-types';
import type { MediaResult } from '../media/download-media';
import { deferLocalizing, localizeMedia } from '../media/media-refs';
import { settleSources } from '../incremental/item-sources';
import type { Fetched } from './3-fetch';
import type { Stage } from './stage';

export type LocalMedia = Omit<MediaResult, 'files'>;

export const media: Stage<Fetched, LocalMedia> = {
  name: 'media',
  shown: true,
  async run(context, { content, downloads }) {
    const result = await downloads.settle();
    localizeMedia(content.notifications, result.files);
    const items = [...content.items.values()].flatMap((types) => [...types.values()].flat());
    if (context.cache?.fullReason === null) {
      // A build that reuses the previous output reads items through the pages it renders and the
      // dependency tracker, which make them local (site/incremental/render-changed.ts,
      // page-inputs.ts); one that renders every page walks them all here, as preview and watch do.
      // A tile copies its target's first image when it is resolved (site/render/site-data.ts):
      // targets are made local now.
      const targets = tileTargets(content, items);
      localizeMedia(targets, result.files);
      const made = new Set(targets);
      deferLocalizing(items.filter((item) => !made.has(item)), result.files);
    } else {
      // Item by item: a walk remembers every object it met, and the whole site at once would
      // hold them all when the build's memory is at its highest (deferLocalizing: the same result).
      for (const item of items) localizeMedia(item, result.files);
    }
    settleSources(items, result.files);
    return { stats: result.stats, adoption: result.adoption };
  },
  detail: ({ stats }) => `${stats.files} files from ${stats.downloaded + stats.fromCache + stats.failed} URLs: ${stats.downloaded} downloaded, ${stats.fromCache} from cache`,
};

/** The items some tile paragraph (of an item or a notification) names, in its language. */
function tileTargets(content: FetchedContent, items: ContentItem[]): ContentItem[] {
  const named = new Set<string>();
  for (const { locale, paragraphs } of [...items, ...[...content.notifications.values()].flat()]) {
    for (const paragraph of paragraphs) if (paragraph.kind === 'block_tiles') for (const nid of paragraph.nids) named.add(key(locale, nid));
  }
  return named.size ? items.filter((item) => named.has(key(item.locale, item.nid))) : [];
}

const key = (locale: Locale, nid: number) => `${locale} ${nid}`;
