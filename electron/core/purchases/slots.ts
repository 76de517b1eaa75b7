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

  #compact(): void {
    if (this.#head < 1024 && this.#head < this.#waiting.length) return;
    this.#waiting = this.#waiting.slice(this.#head);
    this.#head = 0;
  }
}

/**
 * At most `size` holders at once; the others wait in order of arrival, those of the `first` lane
 * ahead of those of the `last` lane. A release function is handed to each holder and frees its
 * slot once, however often it is called.
 */
export class Slots {
  #free: number;
  readonly #lanes: Record<Lane, Queue> = { first: new Queue(), last: new Queue() };
  /**
   * The waiters of each signal, behind one abort listener per signal: thousands of purchases
   * wait on the same closing signal, and an EventTarget looks through all its listeners on every
   * add and remove, which made one listener per waiter quadratic.
   */
  readonly #bySignal = new Map<AbortSignal, Set<Waiter>>();

  constructor(size: number) {
    if (!(size >= 1)) throw new RangeError('A slot count must be at least 1.');
    this.#free = size;
  }

  /** A slot, or undefined when `signal` aborts first (nothing is held then). */
  async acquire(signal?: AbortSignal, lane: Lane = 'last'): Promise<(() => void) | undefined> {
    if (signal?.aborted === true) return undefined;
    if (this.#free > 0) this.#free -= 1;
    else if (!(await this.#wait(signal, lane))) return undefined;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#release();
    };
  }

  #wait(signal: AbortSignal | undefined, lane: Lane): Promise<boolean> {
    return new Promise((resolve) => {
      const waiter: Waiter = {
        admit: (admitted) => {
          if (signal !== undefined) this.#bySignal.get(signal)?.delete(waiter);
          resolve(admitted);
        },
        gone: false,
      };
      if (signal !== undefined) this.#watch(signal).add(waiter);
      this.#lanes[lane].push(waiter);
    });
  }

  #watch(signal: AbortSignal): Set<Waiter> {
    let waiters = this.#bySignal.get(signal);
    if (waiters === undefined) {
      const watched = new Set<Waiter>();
      waiters = watched;
      this.#bySignal.set(signal, watched);
      signal.addEventListener('abort', () => {
        this.#bySignal.delete(signal);
        for (const waiter of watched) {
          waiter.gone = true;
          waiter.admit(false);
        }
      }, { once: true });
    }
    return waiters;
  }

  #release(): void {
    const next = this.#lanes.first.shift() ?? this.#lanes.last.shift();
    // The slot passes straight to the next in line.
    if (next === undefined) this.#free += 1;
    else next.admit(true);
  }
}
