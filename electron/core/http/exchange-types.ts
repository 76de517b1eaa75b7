/** One request to the service and its answer, as http/send-http.ts sends and reads them. */
export interface ApiRequest {
  readonly method: 'GET' | 'POST';
  /** Absolute URL; relative Locations are resolved against the base URL by the caller. */
  readonly url: URL;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly signal?: AbortSignal;
  /** Milliseconds until the request is abandoned (default 30 s). */
  readonly timeoutMs?: number;
  /**
   * Called synchronously once a connection has been assigned, before the request's bytes are
   * written (after the token was obtained). If it returns a promise, the body is held until it
   * resolves (with it, over HTTP/1.1, the whole request: sending-hook.ts). If it throws or
   * rejects, the body is never written. A request that fails without this having been called
   * certainly never reached the server.
   */
  readonly onSending?: () => void | Promise<void>;
}

/** A response's headers, read as `Headers.get` reads them: any case, repeated ones joined with ", ". */
export interface ResponseHeaders {
  get(name: string): string | null;
}

export interface ApiResponse {
  readonly status: number;
  readonly headers: ResponseHeaders;
  readonly body: string;
  /** Date.now() when the response head arrived: waits advised by the server count from here. */
  readonly receivedAt: number;
}

/**
 * Thrown by send() when the exchange did not complete. `maybeReceived` is true when the request
 * may have reached the server (timeout, reset after the body was written): a POST then has an
 * unknown outcome and must not be re-sent automatically.
 */
export class TransportError extends Error {
  readonly maybeReceived: boolean;
  constructor(message: string, maybeReceived: boolean, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'TransportError';
    this.maybeReceived = maybeReceived;
  }
}
