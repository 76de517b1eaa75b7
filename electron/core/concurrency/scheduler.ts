import type { Clock, TimerHandle } from './clock.ts';

/**
 * One scheduler for every purchase: a min-heap of due times with a single timer armed for the
 * earliest, and a cap on how many jobs run at once. No job ever starts before its due time:
 * timers may fire a little early, so the clock is read again before anything runs.
 */
export interface SchedulerOptions {
  readonly clock: Clock;
  readonly maxConcurrent: number;
  readonly run: (key: string) => Promise<void>;
  /** A job's own failure must not stop the scheduler; it is reported here. */
  readonly onError?: (key: string, error: unknown) => void;
  /**
   * Timer slack: the timer is armed for the first multiple of this many milliseconds (since the
   * epoch) at or after the earliest due time, so jobs that come due within the same interval
   * start together, in one turn: the slack holds a job back by at most this much, and never starts
   * it before its time. A job already due when it is scheduled starts at once (given a free slot).
   * 0 (the default): the timer is armed for the due time itself.
   */
  readonly wakeGridMs?: number;
}

interface Entry {
  readonly key: string;
  readonly dueAt: number;
  readonly seq: number;
}

// setTimeout cannot wait longer than this; a longer wait is covered by re-arming.
const maxTimerDelayMs = 2 ** 31 - 1;

function before(a: Entry, b: Entry): boolean {
  return a.dueAt < b.dueAt || (a.dueAt === b.dueAt && a.seq < b.seq);
}

export class Scheduler {
  readonly #options: SchedulerOptions;
  readonly #heap: Entry[] = [];
  /** The live entry per key; heap entries not in here are stale and skipped when reached. */
  readonly #entries = new Map<string, Entry>();
  readonly #active = new Map<string, Promise<void>>();
  /** Keys that came due while their previous run was still going: started once it ends. */
  readonly #deferred = new Map<string, number>();
  #seq = 0;
  #timer: TimerHandle | undefined;
  #timerDueAt = Number.POSITIVE_INFINITY;
  #closed = false;

  constructor(options: SchedulerOptions) {
    if (!(options.maxConcurrent >= 1)) throw new RangeError('maxConcurrent must be at least 1.');
    if (options.wakeGridMs !== undefined && !(options.wakeGridMs >= 0)) throw new RangeError('wakeGridMs must not be negative.');
    this.#options = options;
  }

  /** Runs `key` at `dueAt` (epoch ms), replacing any earlier schedule for the same key. */
  schedule(key: string, dueAt: number): void {
    if (this.#closed) return;
    this.#deferred.delete(key);
    const entry: Entry = { key, dueAt, seq: this.#seq++ };
    this.#entries.set(key, entry);
    this.#push(entry);
    this.#drain();
  }

  cancel(key: string): void {
    this.#entries.delete(key);
    this.#deferred.delete(key);
    this.#arm();
  }

  dueAt(key: string): number | undefined {
    return this.#entries.get(key)?.dueAt ?? this.#deferred.get(key);
  }

  isRunning(key: string): boolean {
    return this.#active.has(key);
  }

  get size(): number {
    return this.#entries.size + this.#deferred.size;
  }

  /** Stops the timer and forgets every schedule; resolves when the jobs already running end. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#timer?.cancel();
    this.#timer = undefined;
    this.#entries.clear();
    this.#deferred.clear();
    this.#heap.length = 0;
    await Promise.allSettled([...this.#active.values()]);
  }

  #drain(): void {
    if (this.#closed) return;
    const now = this.#options.clock.now();
    while (this.#active.size < this.#options.maxConcurrent) {
      const top = this.#peek();
      if (top === undefined || top.dueAt > now) break;
      this.#pop();
      this.#entries.delete(top.key);
      if (this.#active.has(top.key)) this.#deferred.set(top.key, top.dueAt);
      else this.#start(top.key);
    }
    this.#arm();
  }

  #start(key: string): void {
    const job = this.#runJob(key);
    this.#active.set(key, job);
  }

  async #runJob(key: string): Promise<void> {
    try {
      await this.#options.run(key);
    } catch (error) {
      this.#options.onError?.(key, error);
    } finally {
      this.#active.delete(key);
      const deferredDue = this.#deferred.get(key);
      this.#deferred.delete(key);
      if (deferredDue !== undefined && !this.#entries.has(key)) this.schedule(key, deferredDue);
      else this.#drain();
    }
  }

  /** Keeps exactly one timer, for the earliest live entry; none while every slot is busy. */
  #arm(): void {
    const top = this.#peek();
    const wanted = top === undefined || this.#closed || this.#active.size >= this.#options.maxConcurrent
      ? Number.POSITIVE_INFINITY
      : top.dueAt;
    if (wanted === this.#timerDueAt && this.#timer !== undefined) return;
    this.#timer?.cancel();
    this.#timer = undefined;
    this.#timerDueAt = wanted;
    if (wanted === Number.POSITIVE_INFINITY) return;
    const grid = this.#options.wakeGridMs ?? 0;
    const wakeAt = grid > 0 ? Math.ceil(wanted / grid) * grid : wanted;
    const delay = Math.min(Math.max(0, wakeAt - this.#options.clock.now()), maxTimerDelayMs);
    this.#timer = this.#options.clock.setTimer(() => {
      this.#timer = undefined;
      this.#timerDueAt = Number.POSITIVE_INFINITY;
      this.#drain();
    }, delay);
  }

  /** The earliest live entry, discarding stale ones on the way. */
  #peek(): Entry | undefined {
    for (;;) {
      const top = this.#heap[0];
      if (top === undefined || this.#entries.get(top.key) === top) return top;
      this.#pop();
    }
  }

  #push(entry: Entry): void {
    const heap = this.#heap;
    heap.push(entry);
    let index = heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      const parentEntry = heap[parent];
      if (parentEntry === undefined || !before(entry, parentEntry)) break;
      heap[index] = parentEntry;
      heap[parent] = entry;
      index = parent;
    }
  }

  #pop(): void {
    const heap = this.#heap;
    const last = heap.pop();
    if (last === undefined || heap.length === 0) return;
    heap[0] = last;
    let index = 0;
    for (;;) {
      const left = index * 2 + 1;
      const right = left + 1;
      let smallest = index;
      let smallestEntry = last;
      const leftEntry = heap[left];
      const rightEntry = heap[right];
      if (leftEntry !== undefined && before(leftEntry, smallestEntry)) {
        smallest = left;
        smallestEntry = leftEntry;
      }
      if (rightEntry !== undefined && before(rightEntry, smallestEntry)) {
        smallest = right;
        smallestEntry = rightEntry;
      }
      if (smallest === index) return;
      heap[smallest] = last;
      heap[index] = smallestEntry;
      index = smallest;
    }
  }
}
