import { Readable } from 'node:stream';

/**
 * What runs when undici hands a request a connection, synchronously before it writes the first
 * byte (exchange-handler.ts): the one moment that separates "certainly not sent" from "may have
 * arrived".
 */
export interface SendingGate {
  /** Runs the caller's onSending; throws what it throws, and the request is then not written. */
  readonly open: () => void;
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

export function sendingGate(onSending: () => void | Promise<void>, body?: string): SendingGate {
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
  const open = (): void => {
    let pending: void | Promise<void>;
    try {
      pending = onSending();
    } catch (error) {
      throw fail(error);
    }
    if (!(pending instanceof Promise)) {
      release();
      return;
    }
    pending.then(release, (error: unknown) => {
      held?.destroy(fail(error));
    });
  };
  return { open, hookError: () => failure, body: held };
}
