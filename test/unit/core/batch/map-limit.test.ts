import { describe, expect, it } from 'vitest';
import { mapLimit } from '../../../../electron/core/batch/map-limit.ts';

const settle = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('mapLimit', () => {
  it('keeps results in input order when work finishes out of order', async () => {
    const delays = [30, 5, 20, 1, 10];
    const results = await mapLimit(delays, 3, async (ms, index) => {
      await settle(ms);
      return `${String(index)}:${String(ms)}`;
    });
    expect(results).toEqual(['0:30', '1:5', '2:20', '3:1', '4:10']);
  });

  it('never runs more than the limit at once, and reaches it', async () => {
    let running = 0;
    let most = 0;
    await mapLimit(Array.from({ length: 40 }, (_, index) => index), 4, async (index) => {
      running += 1;
      most = Math.max(most, running);
      await settle(index % 3);
      running -= 1;
    });
    expect(most).toBe(4);
  });

  it('starts only as many workers as it needs, and at least one', async () => {
    const started: number[] = [];
    await mapLimit([1, 2], 8, async (item) => {
      started.push(item);
      await settle(1);
    });
    expect(started).toEqual([1, 2]);
    expect(await mapLimit([1, 2, 3], 0, async (item) => Promise.resolve(item * 2))).toEqual([2, 4, 6]);
    expect(await mapLimit([], 4, async () => Promise.resolve(1))).toEqual([]);
  });
});
