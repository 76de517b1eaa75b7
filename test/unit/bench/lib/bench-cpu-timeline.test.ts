import { describe, expect, it } from 'vitest';
import { cpuSampleMs, cpuTimelineSchema, cpuWithin, recordCpuTimeline, type CpuSample } from '../../../../bench/lib/machine/cpu-timeline.ts';

// [epoch ms, process CPU µs, main thread CPU µs, main thread waiting µs]
const timeline: CpuSample[] = [
  [1000, 0, 0, 0],
  [1100, 100_000, 50_000, 10_000],
  [1200, 250_000, 150_000, 10_000],
];

function holdThread(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Busy on purpose: the main thread's CPU is what is measured.
  }
}

describe('CPU timelines in the bench', () => {
  it('interpolates between samples for a span that starts between two of them', () => {
    // From 1050 (half of the first step) to 1200: 200 ms of process CPU, 125 ms on the main thread, 5 ms waiting, over 150 ms.
    expect(cpuWithin(timeline, 1050, 1200)).toEqual({ cores: 1.33, mainThread: 0.83, mainThreadWaiting: 0.03 });
  });

  it('gives nothing for a span the timeline does not cover, or an empty span', () => {
    const none = { cores: null, mainThread: null, mainThreadWaiting: null };
    expect(cpuWithin(timeline, 900, 1100)).toEqual(none);
    expect(cpuWithin(timeline, 1100, 1300)).toEqual(none);
    expect(cpuWithin(timeline, 1100, 1100)).toEqual(none);
  });

  it('leaves out the waiting time where the system keeps none', () => {
    const withoutWait = timeline.map(([at, all, main]): CpuSample => [at, all, main, null]);
    expect(cpuWithin(withoutWait, 1000, 1200)).toEqual({ cores: 1.25, mainThread: 0.75, mainThreadWaiting: null });
  });

  it('sees this process keep its main thread busy', async () => {
    const recording = recordCpuTimeline();
    await new Promise((resolve) => setTimeout(resolve, cpuSampleMs));
    holdThread(150);
    const samples = cpuTimelineSchema.parse(recording.stop());
    expect(samples.length).toBeGreaterThanOrEqual(3);
    samples.slice(1).forEach((sample, index) => {
      const previous = samples[index] ?? sample;
      expect(sample[0]).toBeGreaterThanOrEqual(previous[0]);
      expect(sample[2]).toBeGreaterThanOrEqual(previous[2]);
    });
    const first = samples[0];
    const last = samples.at(-1);
    if (first === undefined || last === undefined) throw new Error('No samples.');
    const used = cpuWithin(samples, first[0], last[0]);
    // 150 ms held of at most about 200 ms sampled, less what the machine took from this thread.
    expect(used.mainThread).toBeGreaterThan(0.3);
    // The whole process used at least what its main thread did (less rounding).
    expect(used.cores).toBeGreaterThanOrEqual((used.mainThread ?? Infinity) - 0.01);
    if (process.platform === 'linux') expect(used.mainThreadWaiting).not.toBeNull();
  });
});
