import { Slots, type Lane } from './slots.ts';

/**
 * The purchase requests of one environment in flight at once, POSTs and result GETs together: at
 * most the connection limit, so none waits for a connection inside the HTTP pool, where requests
 * are served in order of arrival. Here a GET that has come due goes ahead of the purchases still
 * waiting to be sent. A POST holds its connection while its sending mark is synced to disk, so
 * GETs queued behind POSTs in the pool were late
 * (docs/decisions/004-request-slots-gets-first.md#gets-first-in-titledesk-rather-than-the-http-pool).
 */
export class RequestSlots {
  readonly #size: number;
  readonly #byEnvironment = new Map<string, Slots>();

  constructor(size: number) {
    this.#size = size;
  }

  /** A slot for a request to `environmentId`, or undefined when `signal` aborts first. */
  acquire(environmentId: string, lane: Lane, signal?: AbortSignal): Promise<(() => void) | undefined> {
    let slots = this.#byEnvironment.get(environmentId);
    if (slots === undefined) {
      slots = new Slots(this.#size);
      this.#byEnvironment.set(environmentId, slots);
    }
    return slots.acquire(signal, lane);
  }
}
