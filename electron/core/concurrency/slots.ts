import { SignalFanout } from '../signal-fanout.ts';

interface Waiter {
  readonly admit: (admitted: boolean) => void;
  gone: boolean;
}

/**
 * Which waiters a freed slot goes to first: `first` (a purchase's GET that has come due: late
 * is the one thing it must not be) before `last` (a purchase being sent).
 */
export type Lane = 'first' | 'last';

/** Waiters of one lane in order of arrival; the admitted head is dropped now and then, not on every release. */
class Queue {
  #waiting: Waiter[] = [];
  #head = 0;

  push(waiter: Waiter): void {
    this.#waiting.push(waiter);
  }

  /** The next waiter still waiting, taken off the queue. */
  shift(): Waiter | undefined {
    for (;;) {
      const next = this.#waiting[this.#head];
      if (next === undefined) {
        this.#compact();
        return undefined;
      }
      this.#head += 1;
      if (next.gone) continue;
      this.#compact();
      return next;
    }
  }

  /** Whether anyone may still be waiting (waiters that gave up are counted until they are reached). */
  get waiting(): boolean {
    return this.#head < this.#waiting.length;
  }

  #compact(): void {
    if (this.#head < 1024 && this.#head < this.#waiting.length) return;
    this.#waiting = this.#waiting.slice(this.#head);
    this.#head = 0;
  }
}

/**
 * Slots kept for purchases being sent while GETs that came due wait: one in sixteen. A GET kept
 * waiting is late, and the result it brings reaches the user later; a purchase kept waiting a
 * moment longer has not been sent yet. Keeping more made GETs later with the POSTs no quicker;
 * keeping none would let a service whose purchases stay pending for a long time keep every slot
 * busy with GETs and leave a new purchase unsent
 * (docs/decisions/004-request-slots-gets-first.md#one-slot-in-sixteen-for-posts).
 */
function keptForLast(size: number): number {
  return size < 4 ? 0 : Math.max(1, Math.floor(size / 16));
}

/**
 * At most `size` holders at once; the others wait in order of arrival, those of the `first` lane
 * ahead of those of the `last` lane, except that while the `last` lane waits, one slot in sixteen
 * (one from four slots up, none of fewer) is kept from the `first` lane: the poller runs more jobs
 * than there are slots (poller.ts), and purchases being sent must still go out while the GETs that
 * came due fill every other slot. A release function is handed to each holder and frees its slot
 * once, however often it is called.
 */
export class Slots {
  readonly #size: number;
  /** Slots the `first` lane leaves to the `last` lane while that one waits. */
  readonly #keptForLast: number;
  #free: number;
  readonly #held: Record<Lane, number> = { first: 0, last: 0 };
  readonly #lanes: Record<Lane, Queue> = { first: new Queue(), last: new Queue() };
  /** The waiters of each signal, behind one abort listener per signal (signal-fanout.ts). */
  readonly #aborts = new SignalFanout<Waiter>((waiter) => {
    waiter.gone = true;
    waiter.admit(false);
  });

  constructor(size: number) {
    if (!(size >= 1)) throw new RangeError('A slot count must be at least 1.');
    this.#size = size;
    this.#keptForLast = keptForLast(size);
    this.#free = size;
  }

  /** A slot, or undefined when `signal` aborts first (nothing is held then). */
  async acquire(signal?: AbortSignal, lane: Lane = 'last'): Promise<(() => void) | undefined> {
    if (signal?.aborted === true) return undefined;
    if (this.#free > 0) this.#free -= 1;
    else if (!(await this.#wait(signal, lane))) return undefined;
    this.#held[lane] += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#held[lane] -= 1;
      this.#release();
    };
  }

  #wait(signal: AbortSignal | undefined, lane: Lane): Promise<boolean> {
    return new Promise((resolve) => {
      let forget: (() => void) | undefined;
      const waiter: Waiter = {
        admit: (admitted) => {
          forget?.();
          resolve(admitted);
        },
        gone: false,
      };
      if (signal !== undefined) forget = this.#aborts.add(signal, waiter);
      this.#lanes[lane].push(waiter);
    });
  }

  #release(): void {
    const { first, last } = this.#lanes;
    const firstMayTake = !last.waiting || this.#held.first < this.#size - this.#keptForLast;
    const next = (firstMayTake ? first.shift() : undefined) ?? last.shift() ?? first.shift();
    // The slot passes straight to the next in line.
    if (next === undefined) this.#free += 1;
    else next.admit(true);
  }
}
