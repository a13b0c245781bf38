import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { collectBeforeRendering, relaxHeap, tightenHeap } from '../../../site/stages/heap';
import { projectPath } from '../../../site/project-root';
import { watchMajorCollections } from '../../helpers/major-collections';

afterEach(() => relaxHeap());

const run = promisify(execFile);

/**
 * The young generation's size after a tight heap allocated short-lived garbage with some of it
 * surviving each scavenge, as a fetch does: measured in a process of its own, whose heap starts
 * small and whose V8 flags no other test sets (this process's may have grown already, and its
 * flags are shared by every test running in it).
 */
async function youngAfterTightAllocation(): Promise<number> {
  const bundled = await build({ entryPoints: [projectPath('site/stages/heap.ts')], bundle: true, platform: 'node', format: 'iife', globalName: 'heap', write: false });
  const code = `${bundled.outputFiles[0]!.text}
    const { getHeapSpaceStatistics } = require('node:v8');
    heap.tightenHeap();
    let kept = [];
    let round = 0;
    const step = () => {
      for (let index = 0; index < 20000; index++) {
        kept.push({ index, text: 'answer ' + index });
        if (kept.length > 60000) kept = [];
      }
      if (++round < 200) return setImmediate(step);
      const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size;
      heap.relaxHeap();
      process.stdout.write(String(young));
    };
    step();`;
  const { stdout } = await run(process.execPath, ['-e', code]);
  return Number(stdout);
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
    const tight = await youngAfterTightAllocation();
    expect(tight).toBeGreaterThanOrEqual(8 * 1024 * 1024);
    expect(tight).toBeLessThanOrEqual(16 * 1024 * 1024);
  });
});
