import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

const isMajor = (entry: PerformanceEntry) => (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR;

/**
 * Records the process's major garbage collections from now on. `first` settles when one is heard
 * (the observer is told after the collection, not during it); `stop` ends the recording.
 */
export function watchMajorCollections(): { majors: PerformanceEntry[]; first: Promise<void>; stop: () => void } {
  const majors: PerformanceEntry[] = [];
  let heard: () => void = () => {};
  const first = new Promise<void>((resolve) => (heard = resolve));
  const observer = new PerformanceObserver((list) => {
    majors.push(...list.getEntries().filter(isMajor));
    if (majors.length) heard();
  });
  observer.observe({ entryTypes: ['gc'] });
  return { majors, first, stop: () => observer.disconnect() };
}
