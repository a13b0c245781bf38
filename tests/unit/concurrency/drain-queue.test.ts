import { describe, expect, it } from 'vitest';
import { DrainQueue, forEachBounded } from '../../../site/concurrency/drain-queue';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('DrainQueue', () => {
  it('runs every item, never more than its runners at once, and resolves drained after the last', async () => {
    let now = 0;
    let most = 0;
    const done: number[] = [];
    const queue = new DrainQueue<number>(async (item) => {
      most = Math.max(most, ++now);
      await tick();
      now--;
      done.push(item);
    });
    queue.runners = 3;
    for (let i = 0; i < 20; i++) queue.push(i);
    await queue.drained();
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(most).toBe(3);
    // Pushed after a drain: runs again.
    queue.push(99);
    await queue.drained();
    expect(done).toContain(99);
  });

  it('resolves drained at once when nothing was pushed', async () => {
    await new DrainQueue<number>(async () => {}).drained();
  });

  it('reports the first error once and drops the items still waiting', async () => {
    const errors: unknown[] = [];
    const ran: number[] = [];
    const queue = new DrainQueue<number>(async (item) => {
      ran.push(item);
      await tick();
      if (item === 1) throw new Error('down');
      if (item === 2) throw new Error('also down');
    });
    queue.runners = 2;
    queue.onError = (error) => errors.push(error);
    for (let i = 0; i < 10; i++) queue.push(i);
    await queue.drained();
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('down');
    expect(ran.length).toBeLessThan(10);
    queue.push(50);
    await queue.drained();
    expect(ran).not.toContain(50);
  });
});

describe('forEachBounded', () => {
  it('runs every item of a list, never more than its runners at once', async () => {
    let now = 0;
    let most = 0;
    const done: number[] = [];
    await forEachBounded(new Set(Array.from({ length: 40 }, (_, i) => i)), 4, async (item) => {
      most = Math.max(most, ++now);
      await tick();
      now--;
      done.push(item);
    });
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(most).toBe(4);
  });

  it('throws the first error once the items in flight have finished, and starts no more', async () => {
    const ran: number[] = [];
    let inFlight = 0;
    const run = forEachBounded([0, 1, 2, 3, 4, 5, 6, 7], 2, async (item) => {
      ran.push(item);
      inFlight++;
      await tick();
      inFlight--;
      if (item === 0) throw new Error('link failed');
    });
    await expect(run).rejects.toThrow('link failed');
    expect(inFlight).toBe(0);
    expect(ran.length).toBeLessThan(8);
  });
});
