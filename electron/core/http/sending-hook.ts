import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';

/**
 * Wraps a request's handler so `onSending` runs when undici hands the request a connection,
 * synchronously before it writes the first byte (undici calls onRequestStart from its writer).
 * This is the one moment that separates "certainly not sent" from "may have arrived".
 */
class SendingHandler implements Dispatcher.DispatchHandler {
  readonly #inner: Dispatcher.DispatchHandler;
  readonly #onSending: () => void;

  constructor(inner: Dispatcher.DispatchHandler, onSending: () => void) {
    this.#inner = inner;
    this.#onSending = onSending;
  }

  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    // A throw here makes undici fail the request before writing it: nothing leaves the process.
    this.#onSending();
    this.#inner.onRequestStart?.(controller, context);
  }

  onRequestUpgrade(...args: Parameters<NonNullable<Dispatcher.DispatchHandler['onRequestUpgrade']>>): void {
    this.#inner.onRequestUpgrade?.(...args);
  }

  onResponseStart(...args: Parameters<NonNullable<Dispatcher.DispatchHandler['onResponseStart']>>): void {
    this.#inner.onResponseStart?.(...args);
  }

  onResponseData(...args: Parameters<NonNullable<Dispatcher.DispatchHandler['onResponseData']>>): void {
    this.#inner.onResponseData?.(...args);
  }

  onResponseEnd(...args: Parameters<NonNullable<Dispatcher.DispatchHandler['onResponseEnd']>>): void {
    this.#inner.onResponseEnd?.(...args);
  }

  onResponseError(...args: Parameters<NonNullable<Dispatcher.DispatchHandler['onResponseError']>>): void {
    this.#inner.onResponseError?.(...args);
  }
}

export interface SendingProbe {
  readonly dispatcher: Dispatcher;
  /** Whether onSending ran (the request may have left). */
  started(): boolean;
  /** What onSending threw or rejected with, if it did: the request was then not written. */
  hookError(): Error | undefined;
  /**
   * The request's body, held back until what onSending returned has resolved. Over HTTP/1.1
   * undici writes a request's head together with its first body chunk, so nothing of the request
   * leaves before. Over HTTP/2 the HEADERS frame may leave first; a server cannot act on a purchase
   * whose body (what is bought) it never received, so the promise holds there too.
   */
  readonly body: Readable | undefined;
}

export function withSendingHook(dispatcher: Dispatcher, onSending: () => void | Promise<void>, body?: string): SendingProbe {
  let started = false;
  let failure: Error | undefined;
  const fail = (error: unknown): Error => {
    failure = error instanceof Error ? error : new Error(String(error));
    return failure;
  };
  // Nothing is pushed when undici first reads it (before the hook runs): only once the hook allows.
  const held = body === undefined ? undefined : new Readable({ read: () => undefined });
  const release = (): void => {
    held?.push(body);
    held?.push(null);
  };
  const guarded = (): void => {
    let pending: void | Promise<void>;
    try {
      pending = onSending();
    } catch (error) {
      throw fail(error);
    }
    started = true;
    if (!(pending instanceof Promise)) {
      release();
      return;
    }
    pending.then(release, (error: unknown) => {
      held?.destroy(fail(error));
    });
  };
  const composed = dispatcher.compose((dispatch) => (options, handler) => dispatch(options, new SendingHandler(handler, guarded)));
  return { dispatcher: composed, started: () => started, hookError: () => failure, body: held };
}
