import type { EventChannel, EventOf, RequestChannel, RequestOf, ResponseOf } from './channels.ts';
import type { Result } from './result.ts';

/**
 * What the renderer sees as `window.api`, whichever host provides it (the Electron preload or the
 * browser-mode bridge). One function per request channel, so the renderer can reach nothing the
 * contract does not name, and event subscriptions that hand over only the payload.
 */
export type TitleDeskApi = {
  readonly [C in RequestChannel]: (request: RequestOf<C>) => Promise<Result<ResponseOf<C>>>;
} & {
  /** Subscribes to a pushed event; returns the function that unsubscribes. */
  on<E extends EventChannel>(event: E, listener: (payload: EventOf<E>) => void): () => void;
};
