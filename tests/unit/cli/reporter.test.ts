import { describe, expect, it } from 'vitest';
import { progressLine } from '../../../cli/reporter';

describe('progressLine', () => {
  it('shows the bar, the percentage, the count and the time left at the pace so far', () => {
    expect(progressLine('render', 120, 480, 1_000)).toBe('render  [######------------------]  25%  120/480  ETA 3.0 s');
  });

  it('guesses no time left before the pace is known, nor once done', () => {
    expect(progressLine('render', 10, 480, 100)).not.toContain('ETA');
    expect(progressLine('render', 480, 480, 4_000)).toBe('render  [########################] 100%  480/480');
  });

  it('says minutes for long stages', () => {
    expect(progressLine('media', 100, 10_000, 6_000)).toContain('ETA 9 min 54 s');
  });
});
