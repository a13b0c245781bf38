import { getHeapSpaceStatistics } from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import { collectBeforeRendering, relaxHeap, tightenHeap } from '../../../site/stages/heap';
import { watchMajorCollections } from '../../helpers/major-collections';

afterEach(() => relaxHeap());

const youngBytes = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_size;

/** Short-lived garbage with some of it surviving a scavenge, as a fetch makes: the young generation grows. */
async function allocate(rounds: number): Promise<void> {
  let kept: object[] = [];
  for (let round = 0; round < rounds; round++) {
    for (let index = 0; index < 20_000; index++) {
      kept.push({ index, text: `answer ${index}` });
      if (kept.length > 60_000) kept = [];
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('the build heap', () => {
  it('collects once before rendering in a tight heap, and not in a heap left to V8', async () => {
    const { majors, first, stop } = watchMajorCollections();
    try {
      // A build that reuses the previous output: nothing to collect for.
      collectBeforeRendering();
      tightenHeap();
      collectBeforeRendering();
      await first;
      expect(majors).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('stops the young generation growing at 16 MiB in a tight heap', async () => {
    tightenHeap();
    await allocate(200);
    const tight = youngBytes();
    expect(tight).toBeGreaterThanOrEqual(8 * 1024 * 1024);
    expect(tight).toBeLessThanOrEqual(16 * 1024 * 1024);
  });
});
