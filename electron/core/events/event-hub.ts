import type { EventChannel, EventOf } from '../../../shared/contract/channels.ts';
import type { ContractEvents, EventListener } from '../router/router-types.ts';

/** Fans the contract's events out to every subscribed host (a window, a browser page, a test). */
export class EventHub implements ContractEvents {
  readonly #listeners = new Set<EventListener>();

  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit<E extends EventChannel>(channel: E, payload: EventOf<E>): void {
    for (const listener of this.#listeners) {
      try {
        listener(channel, payload);
      } catch {
        // One broken subscriber (a closed page) must not stop the others.
      }
    }
  }
}
