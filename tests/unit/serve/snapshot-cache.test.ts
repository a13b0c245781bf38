import { describe, expect, it } from 'vitest';
import { createSnapshotCache } from '../../../site/serve/snapshot-cache';

describe('snapshot cache', () => {
  it('coalesces concurrent requests onto one load and reuses it within the TTL', async () => {
    let now = 0;
    let loads = 0;
    const cache = createSnapshotCache(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return ++loads;
    }, { ttlMs: 3000, clock: () => now });
    const values = await Promise.all(Array.from({ length: 20 }, () => cache.get()));
    expect(values).toEqual(Array(20).fill(1));
    now = 2999;
    expect(await cache.get()).toBe(1);
    now = 3000;
    expect(await cache.get()).toBe(2);
    expect(cache.loads).toBe(2);
  });

  it('remembers a failure briefly, then tries again', async () => {
    let now = 0;
    let fail = true;
    const cache = createSnapshotCache(async () => {
      if (fail) throw new Error('CMS down');
      return 'content';
    }, { ttlMs: 3000, failureTtlMs: 1000, clock: () => now });
    await expect(cache.get()).rejects.toThrow('CMS down');
    fail = false;
    await expect(cache.get()).rejects.toThrow('CMS down');
    now = 1000;
    expect(await cache.get()).toBe('content');
    expect(cache.loads).toBe(2);
  });
});
