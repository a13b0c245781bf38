// media: waits for every download the fetch stage started, then points the content at the local
// files.
import type { MediaResult } from '../media/download-media';
import { localizeMedia } from '../media/media-refs';
import { settleSources } from '../incremental/item-sources';
import type { Fetched } from './3-fetch';
import type { Stage } from './stage';

export type LocalMedia = Omit<MediaResult, 'files'>;

export const media: Stage<Fetched, LocalMedia> = {
  name: 'media',
  shown: true,
  async run(_context, { content, downloads }) {
    const result = await downloads.settle();
    localizeMedia(content.items, result.files);
    localizeMedia(content.notifications, result.files);
    for (const types of content.items.values()) for (const list of types.values()) settleSources(list, result.files);
    return { stats: result.stats, adoption: result.adoption };
  },
  detail: ({ stats }) => `${stats.files} files from ${stats.downloaded + stats.fromCache + stats.failed} URLs: ${stats.downloaded} downloaded, ${stats.fromCache} from cache`,
};
