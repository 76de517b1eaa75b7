import { describe, expect, it } from 'vitest';
import type { Clock, TimerHandle } from '../../../../electron/core/concurrency/clock.ts';
import { Scheduler } from '../../../../electron/core/concurrency/scheduler.ts';

/** A manual clock whose timers fire `earlyMs` before their time, as real timers sometimes do. */
class FakeClock implements Clock {
  time = 1_000_000;
  readonly timers = new Set<{ at: number; callback: () => void }>();
  readonly earlyMs: number;
  armed = 0;

  constructor(earlyMs = 0) {
    this.earlyMs = earlyMs;
  }

  now(): number {
    return this.time;
  }

  setTimer(callback: () => void, delayMs: number): TimerHandle {
    // Early by at most earlyMs, but a 1 ms timer still moves time on, as real ones do.
    const timer = { at: this.time + Math.max(Math.min(delayMs, 1), delayMs - this.earlyMs), callback };
    this.timers.add(timer);
    this.armed += 1;
    return { cancel: () => { this.timers.delete(timer); } };
  }

  /** Moves time forward, firing due timers in order and letting the jobs they start settle. */
  async advanceTo(target: number): Promise<void> {
    for (;;) {
      const next = [...this.timers].sort((a, b) => a.at - b.at)[0];
      if (next === undefined || next.at > target) break;
      this.timers.delete(next);
      this.time = Math.max(this.time, next.at);
      next.callback();
      await flush();
    }
    this.time = target;
    await flush();
  }
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

function recorder(clock: FakeClock) {
  const started: { key: string; at: number }[] = [];
  const run = (key: string): Promise<void> => {
    started.push({ key, at: clock.now() });
    return Promise.resolve();
  };
  return { started, run };
}

describe('Scheduler', () => {
  it('runs jobs in due order and never before their due time, even when timers fire early', async () => {
    const clock = new FakeClock(1);
    const { started, run } = recorder(clock);
    const scheduler = new Scheduler({ clock, maxConcurrent: 4, run });
    const t0 = clock.now();
    scheduler.schedule('c', t0 + 300);
    scheduler.schedule('a', t0 + 100);
    scheduler.schedule('b', t0 + 200);
    await clock.advanceTo(t0 + 1000);
    expect(started.map((s) => s.key)).toEqual(['a', 'b', 'c']);
    expect(started.map((s) => s.at - t0)).toEqual([100, 200, 300]);
    expect(clock.timers.size).toBe(0);
  });

  it('with a wake grid, starts the jobs due within one interval together at its end, none before its time, one already due at once', async () => {
    const clock = new FakeClock();
    const { started, run } = recorder(clock);
    const scheduler = new Scheduler({ clock, maxConcurrent: 8, run, wakeGridMs: 10 });
    const t0 = clock.now();
    expect(t0 % 10).toBe(0);
    scheduler.schedule('a', t0 + 1);
    scheduler.schedule('b', t0 + 4);
    scheduler.schedule('c', t0 + 10);
    scheduler.schedule('d', t0 + 11);
    scheduler.schedule('e', t0 + 19);
    expect(clock.timers.size).toBe(1);
    await clock.advanceTo(t0 + 100);
    expect(started).toEqual([
      { key: 'a', at: t0 + 10 }, { key: 'b', at: t0 + 10 }, { key: 'c', at: t0 + 10 },
      { key: 'd', at: t0 + 20 }, { key: 'e', at: t0 + 20 },
    ]);
    scheduler.schedule('now', clock.now() - 5);
    await flush();
    expect(started.at(-1)).toEqual({ key: 'now', at: t0 + 100 });
    expect(() => new Scheduler({ clock, maxConcurrent: 1, run, wakeGridMs: -1 })).toThrow(RangeError);
  });

  it('with a wake grid and timers that fire early, still starts no job before its time', async () => {
    const clock = new FakeClock(3);
    const { started, run } = recorder(clock);
    const scheduler = new Scheduler({ clock, maxConcurrent: 8, run, wakeGridMs: 10 });
    const t0 = clock.now();
    const due = new Map([['a', t0 + 1], ['b', t0 + 8], ['c', t0 + 9], ['d', t0 + 10], ['e', t0 + 17]]);
    for (const [key, at] of due) scheduler.schedule(key, at);
    await clock.advanceTo(t0 + 100);
    expect(started.map((s) => s.key)).toEqual(['a', 'b', 'c', 'd', 'e']);
    for (const { key, at } of started) {
      expect(at).toBeGreaterThanOrEqual(due.get(key) ?? Infinity);
      expect(at).toBeLessThan((due.get(key) ?? 0) + 10);
    }
  });

  it('keeps a single timer however many jobs are waiting', async () => {
    const clock = new FakeClock();
    const { run } = recorder(clock);
    const scheduler = new Scheduler({ clock, maxConcurrent: 4, run });
    for (let i = 0; i < 100; i += 1) scheduler.schedule(`k${i}`, clock.now() + 1000 + i);
    expect(clock.timers.size).toBe(1);
    expect(scheduler.size).toBe(100);
    await scheduler.close();
    expect(clock.timers.size).toBe(0);
  });

  it('replaces an earlier schedule of the same key and honours cancel', async () => {
    const clock = new FakeClock();
    const { started, run } = recorder(clock);
    const scheduler = new Scheduler({ clock, maxConcurrent: 4, run });
    const t0 = clock.now();
    scheduler.schedule('a', t0 + 100);
    scheduler.schedule('a', t0 + 500);
    scheduler.schedule('b', t0 + 200);
    scheduler.cancel('b');
    await clock.advanceTo(t0 + 400);
    expect(started).toEqual([]);
    await clock.advanceTo(t0 + 600);
    expect(started).toEqual([{ key: 'a', at: t0 + 500 }]);
  });

  it('caps concurrent jobs and starts waiting ones as slots free up, in due order', async () => {
    const clock = new FakeClock();
    const releases: (() => void)[] = [];
    const started: string[] = [];
    const run = (key: string): Promise<void> => {
      started.push(key);
      return new Promise((resolve) => releases.push(resolve));
    };
    const scheduler = new Scheduler({ clock, maxConcurrent: 2, run });
    const t0 = clock.now();
    ['a', 'b', 'c', 'd'].forEach((key, i) => { scheduler.schedule(key, t0 + 10 * (i + 1)); });
    await clock.advanceTo(t0 + 100);
    expect(started).toEqual(['a', 'b']);
    releases[0]?.();
    await flush();
    expect(started).toEqual(['a', 'b', 'c']);
    releases[1]?.();
    releases[2]?.();
    await flush();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('does not run a key twice at once: a schedule due during its run waits for the run to end', async () => {
    const clock = new FakeClock();
    let release: (() => void) | undefined;
    const started: string[] = [];
    const scheduler = new Scheduler({
      clock,
      maxConcurrent: 4,
      run: (key) => {
        started.push(key);
        return new Promise((resolve) => { release = resolve; });
      },
    });
    scheduler.schedule('a', clock.now());
    await flush();
    scheduler.schedule('a', clock.now());
    await flush();
    expect(started).toEqual(['a']);
    release?.();
    await flush();
    expect(started).toEqual(['a', 'a']);
  });

  it('reports a failing job and keeps going', async () => {
    const clock = new FakeClock();
    const errors: string[] = [];
    const started: string[] = [];
    const scheduler = new Scheduler({
      clock,
      maxConcurrent: 1,
      run: (key) => {
        started.push(key);
        return key === 'bad' ? Promise.reject(new Error('boom')) : Promise.resolve();
      },
      onError: (key) => errors.push(key),
    });
    scheduler.schedule('bad', clock.now() + 1);
    scheduler.schedule('good', clock.now() + 2);
    await clock.advanceTo(clock.now() + 10);
    expect(errors).toEqual(['bad']);
    expect(started).toEqual(['bad', 'good']);
  });

  it('re-arms for waits longer than a timer can hold', async () => {
    const clock = new FakeClock();
    const { started, run } = recorder(clock);
    const scheduler = new Scheduler({ clock, maxConcurrent: 1, run });
    const due = clock.now() + 2 ** 31 + 5000;
    scheduler.schedule('far', due);
    await clock.advanceTo(due - 1);
    expect(started).toEqual([]);
    await clock.advanceTo(due);
    expect(started).toEqual([{ key: 'far', at: due }]);
  });
});
