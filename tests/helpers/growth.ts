// Complexity checks for work on untrusted content (docs/hardening.md): ten times the input must
// not take anything like a hundred times the time. Timings are the best of a few runs, and a
// small floor keeps sub-millisecond noise from deciding the ratio.
import { expect } from 'vitest';

async function bestOf(runs: number, work: () => unknown): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

export interface Growth {
  small: number;
  large: number;
  ratio: number;
}

/** Times `work` on `input(n)` and `input(10 n)` and expects the larger to take less than 30×. */
export async function expectNearLinear<T>(n: number, input: (n: number) => T, work: (input: T) => unknown, runs = 3): Promise<Growth> {
  const small = input(n);
  const large = input(10 * n);
  await work(small); // warm up: compile the code paths before timing them
  const smallMs = await bestOf(runs, () => work(small));
  const largeMs = await bestOf(runs, () => work(large));
  const growth = { small: smallMs, large: largeMs, ratio: largeMs / Math.max(smallMs, 2) };
  expect(growth.ratio, `10× the input took ${largeMs.toFixed(1)} ms against ${smallMs.toFixed(1)} ms`).toBeLessThan(30);
  return growth;
}
