import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { collectBeforeRendering, relaxHeap, tightenHeap } from '../../../site/stages/heap';

afterEach(() => relaxHeap());

const isMajor = (entry: PerformanceEntry) => (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR;

describe('the build heap', () => {
  it('collects once before rendering in a tight heap, and not in a heap left to V8', async () => {
    const majors: PerformanceEntry[] = [];
    let heard: () => void = () => {};
    const collected = new Promise<void>((resolve) => (heard = resolve));
    const observer = new PerformanceObserver((list) => {
      majors.push(...list.getEntries().filter(isMajor));
      if (majors.length) heard();
    });
    observer.observe({ entryTypes: ['gc'] });
    try {
      // A build that reuses the previous output: nothing to collect for.
      collectBeforeRendering();
      tightenHeap();
      collectBeforeRendering();
      await collected;
      expect(majors).toHaveLength(1);
    } finally {
      observer.disconnect();
    }
  });
});
