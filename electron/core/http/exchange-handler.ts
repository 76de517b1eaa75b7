import type { Dispatcher } from 'undici';
import type { ResponseHeaders } from './exchange-types.ts';

type RawHeaders = Record<string, string | string[] | undefined>;

/** undici's parsed response headers (names lower-cased by undici), read the way `Headers.get` reads. */
class ParsedHeaders implements ResponseHeaders {
  readonly #raw: RawHeaders;

  constructor(raw: RawHeaders) {
    this.#raw = raw;
  }

  get(name: string): string | null {
    const key = name.toLowerCase();
    if (!Object.hasOwn(this.#raw, key)) return null;
    const value = this.#raw[key];
    if (value === undefined) return null;
    return typeof value === 'string' ? value : value.join(', ');
  }
}

export interface HandledResponse {
  readonly status: number;
  readonly headers: ResponseHeaders;
  readonly body: string;
  /** Date.now() when the response head arrived. */
  readonly receivedAt: number;
}

const noHeaders: RawHeaders = {};

/**
 * One exchange at undici's dispatch level: the head and the body chunks go straight into a
 * promise. undici's request() puts a Readable stream, an AsyncResource and a signal listener
 * around every response, which cost a third of each request's CPU when many purchases are followed
 * (docs/decisions/012-undici-dispatch.md).
 */
export class ExchangeHandler implements Dispatcher.DispatchHandler {
  readonly response: Promise<HandledResponse>;
  readonly #onStart: (() => void) | undefined;
  #resolve: (response: HandledResponse) => void = () => undefined;
  #reject: (error: Error) => void = () => undefined;
  #controller: Dispatcher.DispatchController | undefined;
  #ended: Error | true | undefined;
  #status = 0;
  #headers: RawHeaders = noHeaders;
  #receivedAt = 0;
  readonly #chunks: Buffer[] = [];

  /**
   * `onStart` runs when undici hands the request a connection, synchronously before it writes a
   * byte; should it throw, undici fails the request with that error before writing it.
   */
  constructor(onStart?: () => void) {
    this.#onStart = onStart;
    this.response = new Promise((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    // A request that fails while dispatch() throws is never awaited: not an unhandled rejection.
    this.response.catch(() => undefined);
  }

  /** Whether a connection was handed to the request: after this, its bytes may have left. */
  get started(): boolean {
    return this.#controller !== undefined;
  }

  /**
   * Ends the exchange with `reason` at once. A request still waiting for a connection is then
   * failed without a byte written and the connection kept; one under way has its connection closed.
   */
  abort(reason: Error): void {
    if (this.#ended !== undefined) return;
    this.#ended = reason;
    this.#reject(reason);
    this.#controller?.abort(reason);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    // Aborted while queued: thrown here, undici fails the request unwritten and keeps the socket.
    if (this.#ended instanceof Error) throw this.#ended;
    this.#onStart?.();
    this.#controller = controller;
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: RawHeaders): void {
    // 1xx answers are interim: the real one follows on the same request.
    if (statusCode < 200) return;
    this.#status = statusCode;
    this.#headers = headers;
    this.#receivedAt = Date.now();
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.#chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.#ended !== undefined) return;
    this.#ended = true;
    const chunks = this.#chunks;
    const body = chunks.length === 1 ? (chunks[0]?.toString('utf8') ?? '') : Buffer.concat(chunks).toString('utf8');
    this.#resolve({ status: this.#status, headers: new ParsedHeaders(this.#headers), body, receivedAt: this.#receivedAt });
  }

  onResponseError(_controller: Dispatcher.DispatchController | null, error: Error): void {
    if (this.#ended !== undefined) return;
    this.#ended = error;
    this.#reject(error);
  }
}
