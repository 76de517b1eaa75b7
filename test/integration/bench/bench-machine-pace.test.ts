import { describe, expect, it } from 'vitest';
import { describePace, probePace } from '../../../bench/lib/machine/machine-pace.ts';

describe('the bench\'s machine pace probe', () => {
  it('times a loop and how evenly its slices run, a loopback round trip to another process, an fdatasync and fresh memory, each a positive figure, and describes them', async () => {
    const pace = await probePace();
    expect(pace.cpuMs).toBeGreaterThan(0);
    // A p99 is never under its median.
    expect(pace.cpuTailRatio).toBeGreaterThanOrEqual(1);
    // Another process over TCP cannot answer within a microsecond, nor a sync of a written page take no time at all.
    expect(pace.roundTripUs).toBeGreaterThanOrEqual(1);
    expect(pace.fsyncMs).toBeGreaterThan(0);
    // 64 MiB written page by page cannot take under a millisecond.
    expect(pace.memoryMs).toBeGreaterThanOrEqual(1);
    for (const value of Object.values(pace)) expect(Number.isFinite(value)).toBe(true);
    expect(describePace(pace)).toBe(`CPU loop ${String(pace.cpuMs)} ms, its 1 ms slices p99/median ${String(pace.cpuTailRatio)}×, loopback round trip ${String(pace.roundTripUs)} µs, fdatasync ${String(pace.fsyncMs)} ms, ` +
      `64 MiB of fresh memory ${String(pace.memoryMs)} ms`);
  });
});
