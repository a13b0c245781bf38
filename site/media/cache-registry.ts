// One MediaCache per cache folder per process: watch and preview prepare the site again and again,
// and keep the manifest in memory instead of reading it each time.
import { MediaCache } from './media-cache';

const open = new Map<string, Promise<MediaCache>>();

export function openMediaCache(cacheDir: string, warn: (message: string) => void): Promise<MediaCache> {
  let cache = open.get(cacheDir);
  if (!cache) {
    cache = MediaCache.open(cacheDir, warn);
    open.set(cacheDir, cache);
    // A cache that could not be opened is tried again next time, not remembered.
    cache.catch(() => open.delete(cacheDir));
  }
  return cache;
}
