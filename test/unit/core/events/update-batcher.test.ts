import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUpdateBatcher } from '../../../../electron/core/events/update-batcher.ts';

interface Item {
  id: string;
  version: number;
}

describe('update batcher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup() {
    const batches: Item[][] = [];
    const batcher = createUpdateBatcher<Item>({ keyOf: (item) => item.id, deliver: (batch) => batches.push(batch), intervalMs: 100 });
    return { batches, batcher };
  }

  it('delivers the latest version of each item once per interval however many updates arrive', () => {
    const { batches, batcher } = setup();
    for (let version = 0; version < 5; version += 1) {
      for (let n = 0; n < 1000; n += 1) batcher.push({ id: `p${n}`, version });
    }
    vi.advanceTimersByTime(0);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(1000);
    expect(batches[0]?.every((item) => item.version === 4)).toBe(true);
  });

  it('holds later updates until the interval since the last delivery has passed', () => {
    const { batches, batcher } = setup();
    batcher.push({ id: 'a', version: 1 });
    vi.advanceTimersByTime(0);
    batcher.push({ id: 'a', version: 2 });
    batcher.push({ id: 'b', version: 1 });
    vi.advanceTimersByTime(99);
    expect(batches).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([[{ id: 'a', version: 1 }], [{ id: 'a', version: 2 }, { id: 'b', version: 1 }]]);
  });

  it('spaces deliveries of a steady stream at least one interval apart (ten a second)', () => {
    const deliveredAt: number[] = [];
    const batcher = createUpdateBatcher<Item>({ keyOf: (item) => item.id, deliver: () => deliveredAt.push(Date.now()), intervalMs: 100 });
    for (let ms = 0; ms < 2000; ms += 5) {
      batcher.push({ id: `p${ms % 50}`, version: ms });
      vi.advanceTimersByTime(5);
    }
    const gaps = deliveredAt.slice(1).map((at, index) => at - (deliveredAt[index] ?? 0));
    expect(deliveredAt.length).toBeGreaterThanOrEqual(19);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(100);
  });

  it('flushes what is pending on close and ignores pushes afterwards', () => {
    const { batches, batcher } = setup();
    batcher.push({ id: 'a', version: 1 });
    batcher.close();
    batcher.push({ id: 'b', version: 1 });
    vi.advanceTimersByTime(1000);
    expect(batches).toEqual([[{ id: 'a', version: 1 }]]);
  });
});
