import { afterEach, describe, expect, it } from 'vitest';
import { collectBeforeRendering, relaxHeap, tightenHeap } from '../../../site/stages/heap';
import { watchMajorCollections } from '../../helpers/major-collections';

afterEach(() => relaxHeap());

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
});
