import { describe, expect, it } from 'vitest';
import { createRebuildQueue } from '../../../../site/serve/watch/rebuild-queue';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recordingQueue(workMs: number, quietMs = 150) {
  const batches: number[][] = [];
  let running = 0;
  let overlapped = false;
  const queue = createRebuildQueue<number>({
    quietMs,
    batchMs: 5,
    onError: (error) => {
      throw error;
    },
    async run(changes) {
      overlapped ||= running > 0;
      running++;
      batches.push(changes);
      await sleep(workMs);
      running--;
    },
  });
  return { queue, batches, overlapped: () => overlapped };
}

describe('rebuild queue', () => {
  it('starts a single save at once', async () => {
    // A long quiet time: "at once" means without waiting for it (a wide margin for a loaded machine).
    const { queue, batches } = recordingQueue(10, 1000);
    const started = performance.now();
    queue.add(1);
    await queue.idle();
    expect(batches).toEqual([[1]]);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('turns ten saves in a second into at most two rebuilds, never two at once', async () => {
    // Saves 90 ms apart, quiet after 300 ms: a timer late by up to 200 ms still counts as one burst.
    const { queue, batches, overlapped } = recordingQueue(30, 300);
    for (let save = 0; save < 10; save++) {
      queue.add(save);
      await sleep(90);
    }
    await queue.idle();
    expect(batches.length).toBeLessThanOrEqual(2);
    expect(batches.flat()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(overlapped()).toBe(false);
  });

  it('queues saves made during a long rebuild into one more rebuild', async () => {
    const { queue, batches, overlapped } = recordingQueue(200, 50);
    queue.add(0);
    await sleep(30);
    for (let save = 1; save <= 5; save++) queue.add(save);
    await queue.idle();
    expect(batches).toEqual([[0], [1, 2, 3, 4, 5]]);
    expect(overlapped()).toBe(false);
  });

  it('still rebuilds about once a second while saves never pause', async () => {
    const { queue, batches } = recordingQueue(5);
    const started = performance.now();
    while (performance.now() - started < 2500) {
      queue.add(batches.length);
      await sleep(40);
    }
    await queue.idle();
    // The first save at once, then one rebuild per second of saving, then the tail.
    expect(batches.length).toBeGreaterThanOrEqual(3);
    expect(batches.length).toBeLessThanOrEqual(5);
  });

  it('keeps going after a rebuild that threw', async () => {
    const errors: unknown[] = [];
    const runs: number[][] = [];
    const queue = createRebuildQueue<number>({
      batchMs: 1,
      quietMs: 20,
      onError: (error) => errors.push(error),
      async run(changes) {
        runs.push(changes);
        if (changes.includes(1)) throw new Error('template broken');
      },
    });
    queue.add(1);
    await queue.idle();
    await sleep(30);
    queue.add(2);
    await queue.idle();
    expect(runs).toEqual([[1], [2]]);
    expect(errors).toHaveLength(1);
  });
});
