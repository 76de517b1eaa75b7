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
  /** What onSending threw, if it did: the request was then not written. */
  hookError(): Error | undefined;
}

export function withSendingHook(dispatcher: Dispatcher, onSending: () => void): SendingProbe {
  let started = false;
  let failure: Error | undefined;
  const guarded = (): void => {
    try {
      onSending();
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      throw failure;
    }
    started = true;
  };
  const composed = dispatcher.compose((dispatch) => (options, handler) => dispatch(options, new SendingHandler(handler, guarded)));
  return { dispatcher: composed, started: () => started, hookError: () => failure };
}
