import { describe, expect, it } from 'vitest';
import { eventLoopDelayOf, watchEventLoopDelay } from '../../../../bench/lib/machine/event-loop-delay.ts';

const histogramOf = (p99Ms: number, maxMs: number) => ({
  percentile: (percent: number): number => (percent === 99 ? p99Ms * 1e6 : Number.NaN),
  max: maxMs * 1e6,
});

function holdLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Busy on purpose: nothing else may run meanwhile.
  }
}

describe('event-loop delay in the bench', () => {
  it('takes the sampling interval off what Node records between two firings of its timer', () => {
    expect(eventLoopDelayOf(histogramOf(20.8, 57.9), 10)).toEqual({ p99Ms: 10.8, maxMs: 47.9 });
  });

  it('never reports a negative delay for a timer that fired a little early', () => {
    expect(eventLoopDelayOf(histogramOf(9.96, 10.02), 10)).toEqual({ p99Ms: 0, maxMs: 0 });
  });

  it('still sees a loop held for 60 ms as a delay of 50 ms or more', async () => {
    const watch = watchEventLoopDelay();
    await new Promise((resolve) => setTimeout(resolve, 35));
    holdLoop(60);
    await new Promise((resolve) => setTimeout(resolve, 35));
    // 50 to 60: the sampler fired last at most one interval before the hold, and next after it.
    expect(watch.stop().maxMs).toBeGreaterThanOrEqual(49.5);
  });
});
