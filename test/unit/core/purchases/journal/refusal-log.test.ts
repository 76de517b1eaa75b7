import { describe, expect, it } from 'vitest';
import type { Clock, TimerHandle } from '../../../../../electron/core/concurrency/clock.ts';
import { RefusalLog, refusalsTold, refusedAnswerPhrase } from '../../../../../electron/core/purchases/journal/refusal-log.ts';

/** A manual clock: time moves only when the test says, firing the timers that come due. */
class ManualClock implements Clock {
  time = 5_000;
  readonly timers = new Set<{ at: number; callback: () => void }>();

  now(): number {
    return this.time;
  }

  setTimer(callback: () => void, delayMs: number): TimerHandle {
    const timer = { at: this.time + delayMs, callback };
    this.timers.add(timer);
    return { cancel: () => { this.timers.delete(timer); } };
  }

  advance(ms: number): void {
    this.time += ms;
    for (const timer of [...this.timers].sort((a, b) => a.at - b.at)) {
      if (timer.at > this.time) continue;
      this.timers.delete(timer);
      timer.callback();
    }
  }
}

const lineAbout = (id: string): string => `Purchase ${id}: ${refusedAnswerPhrase} (database or disk is full); it is asked again in 2 s.`;

describe('RefusalLog', () => {
  it('names the purchases of the first five refusals of a second and counts the others in one line as the second ends', () => {
    const clock = new ManualClock();
    const lines: string[] = [];
    const log = new RefusalLog(clock, (message) => lines.push(message));
    for (let index = 0; index < 1_000; index += 1) log.say(lineAbout(`p${String(index)}`), 'database or disk is full');
    expect(lines).toEqual(['p0', 'p1', 'p2', 'p3', 'p4'].map(lineAbout));
    clock.advance(999);
    expect(lines).toHaveLength(5);
    clock.advance(1);
    expect(lines).toHaveLength(6);
    expect(lines[5]).toBe(`995 more answers within that second: ${refusedAnswerPhrase} (the latest: database or disk is full); followed purchases are asked again after a backoff of their own.`);
    // Every refusal is told once, whichever line tells it.
    expect(lines.reduce((total, line) => total + refusalsTold(line), 0)).toBe(1_000);
  });

  it('starts each second afresh, and says what is left out when it is closed', () => {
    const clock = new ManualClock();
    const lines: string[] = [];
    const log = new RefusalLog(clock, (message) => lines.push(message));
    for (let index = 0; index < 7; index += 1) log.say(lineAbout(`a${String(index)}`), 'database is locked');
    clock.advance(1_500);
    expect(lines.map(refusalsTold)).toEqual([1, 1, 1, 1, 1, 2]);
    for (let index = 0; index < 6; index += 1) log.say(lineAbout(`b${String(index)}`), 'disk I/O error');
    expect(lines.slice(6)).toEqual(['b0', 'b1', 'b2', 'b3', 'b4'].map(lineAbout));
    log.flush();
    expect(lines.at(-1)).toContain(`1 more answer within that second: ${refusedAnswerPhrase}`);
    expect(lines.at(-1)).toContain('(the latest: disk I/O error)');
    // Nothing left: neither the timer nor another flush says it twice.
    clock.advance(2_000);
    log.flush();
    expect(lines).toHaveLength(12);
  });

  it('counts no other line as a refusal', () => {
    expect(refusalsTold('Purchase p1 was checked.')).toBe(0);
    expect(refusalsTold('3 more answers than expected')).toBe(0);
  });

  it('says nothing, and arms no timer, without a log', () => {
    const clock = new ManualClock();
    const log = new RefusalLog(clock, undefined);
    for (let index = 0; index < 20; index += 1) log.say(lineAbout('x'), 'database or disk is full');
    expect(clock.timers.size).toBe(0);
  });
});
