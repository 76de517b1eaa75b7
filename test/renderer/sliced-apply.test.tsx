import { describe, expect, it } from 'vitest';
import { slicedApply } from '../../renderer/api/sliced-apply.ts';

const numbers = (from: number, count: number): number[] => Array.from({ length: count }, (_, n) => from + n);

/** An applier whose every call takes `eachCallMs` on its own clock, and what it applied, call by call. */
function applier(eachCallMs: number) {
  let clock = 0;
  const calls: number[][] = [];
  const sliced = slicedApply<number>((items) => {
    calls.push([...items]);
    clock += eachCallMs;
  }, () => clock);
  return { sliced, calls, applied: () => calls.flat() };
}

describe('sliced apply', () => {
  it('applies a small push at once, in the same task', () => {
    const { sliced, applied } = applier(1);
    sliced.push([1, 2, 3]);
    expect(applied()).toEqual([1, 2, 3]);
  });

  it('applies a large push in slices of about 10 ms, leaving the rest to later tasks', async () => {
    const { sliced, calls, applied } = applier(4);
    sliced.push(numbers(0, 200));
    // Chunks of 25, each taking 4 ms: three run before the slice is over.
    expect(calls.map((call) => call.length)).toEqual([25, 25, 25]);
    await expect.poll(() => applied().length).toBe(200);
    expect(applied()).toEqual(numbers(0, 200));
  });

  it('keeps the order of items across pushes while a large one is still being applied', async () => {
    const { sliced, applied } = applier(4);
    sliced.push(numbers(0, 200));
    sliced.push([1000, 1001]);
    expect(applied()).toHaveLength(75);
    await expect.poll(() => applied().length).toBe(202);
    expect(applied()).toEqual([...numbers(0, 200), 1000, 1001]);
  });

  it('drops what is still waiting once stopped, and takes nothing more', async () => {
    const { sliced, applied } = applier(4);
    sliced.push(numbers(0, 200));
    sliced.stop();
    sliced.push([1000]);
    await new Promise((resolve) => { setTimeout(resolve, 50); });
    expect(applied()).toEqual(numbers(0, 75));
  });
});
