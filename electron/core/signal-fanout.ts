/**
 * Many waiters on one AbortSignal behind a single abort listener. Thousands of purchases wait on
 * the same closing signal, and an EventTarget looks through all its listeners on every add and
 * remove, which made one listener per waiter quadratic. When a signal aborts, `onAbort` runs once
 * for each waiter still registered; a signal that never aborts is forgotten with its waiters.
 */
export class SignalFanout<T> {
  readonly #onAbort: (waiter: T, signal: AbortSignal) => void;
  readonly #bySignal = new WeakMap<AbortSignal, Set<T>>();

  constructor(onAbort: (waiter: T, signal: AbortSignal) => void) {
    this.#onAbort = onAbort;
  }

  /** Registers `waiter` until the returned function is called or `signal` aborts. */
  add(signal: AbortSignal, waiter: T): () => void {
    let waiters = this.#bySignal.get(signal);
    if (waiters === undefined) {
      const watched = new Set<T>();
      waiters = watched;
      this.#bySignal.set(signal, watched);
      signal.addEventListener('abort', () => {
        this.#bySignal.delete(signal);
        for (const each of watched) this.#onAbort(each, signal);
        watched.clear();
      }, { once: true });
    }
    waiters.add(waiter);
    const registered = waiters;
    return () => {
      registered.delete(waiter);
    };
  }
}
