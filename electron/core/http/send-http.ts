import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { CoreError } from '../errors.ts';
import { TransportError, type ApiRequest, type ApiResponse } from '../api/service-client-types.ts';
import { withSendingHook, type SendingProbe } from './sending-hook.ts';

const defaultTimeoutMs = 30_000;

/**
 * Failures that happen while opening the connection: the request cannot have reached the server,
 * so even a purchase POST may safely be sent again.
 */
const connectPhaseCodes = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_HAS_EXPIRED',
]);

/** Every error code along the cause chain, since undici wraps system errors. */
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if ('code' in current && typeof current.code === 'string') codes.push(current.code);
    if (current instanceof AggregateError) {
      for (const inner of current.errors) codes.push(...errorCodes(inner));
    }
    current = current.cause;
  }
  return codes;
}

/** Classifies a failed exchange; the message names only the origin, never a query (it may hold a key). */
export function classifyHttpFailure(error: unknown, url: URL, timedOut: boolean): TransportError {
  const codes = errorCodes(error);
  if (codes.some((code) => connectPhaseCodes.has(code))) {
    return new TransportError(`Could not connect to ${url.origin}.`, false, error);
  }
  if (timedOut) return new TransportError(`${url.origin} did not answer in time.`, true, error);
  return new TransportError(`The connection to ${url.origin} failed during the request.`, true, error);
}

function toHeaders(raw: Dispatcher.ResponseData['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/** Headers and body; a body whose sending is hooked is held until the hook allows it (sending-hook.ts). */
function requestContent(req: ApiRequest, probe: SendingProbe | undefined): { headers?: Record<string, string>; body?: string | Readable } {
  const headers = req.headers === undefined ? undefined : { ...req.headers };
  if (req.body === undefined) return headers === undefined ? {} : { headers };
  if (probe?.body === undefined) return { ...(headers === undefined ? {} : { headers }), body: req.body };
  // The length up front keeps the request as it would be with the body in hand (no chunked encoding).
  return { headers: { ...headers, 'content-length': String(Buffer.byteLength(req.body)) }, body: probe.body };
}

/**
 * The request's own signal: aborted when the caller's is, or when the time is up. Its timer is
 * cleared as soon as the exchange ends: AbortSignal.timeout would keep every signal, its timer
 * and its listeners alive for the whole timeout after the request is done, thousands of them
 * while many purchases are followed.
 */
function requestDeadline(timeoutMs: number, outer: AbortSignal | undefined): { signal: AbortSignal; timedOut: () => boolean; dispose: () => void } {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The request timed out.', 'TimeoutError'));
  }, timeoutMs);
  timer.unref();
  const onAbort = (): void => {
    controller.abort(outer?.reason);
  };
  if (outer?.aborted === true) onAbort();
  else outer?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * The one way core talks HTTP. Resolves with any status (redirects are not followed: a 303 is
 * data for the purchase flow). Rejects with TransportError when the exchange did not complete,
 * or CoreError('cancelled') when the caller's signal aborted it.
 */
export async function sendHttp(dispatcher: Dispatcher, req: ApiRequest): Promise<ApiResponse> {
  const deadline = requestDeadline(req.timeoutMs ?? defaultTimeoutMs, req.signal);
  const signal = deadline.signal;
  const probe = req.onSending === undefined ? undefined : withSendingHook(dispatcher, req.onSending, req.body);
  try {
    // What undici's top-level request() does before calling the dispatcher's own request().
    const response = await (probe?.dispatcher ?? dispatcher).request({
      origin: req.url.origin,
      path: `${req.url.pathname}${req.url.search}`,
      method: req.method,
      ...requestContent(req, probe),
      signal,
    });
    const receivedAt = Date.now();
    const body = await response.body.text();
    return { status: response.statusCode, headers: toHeaders(response.headers), body, receivedAt };
  } catch (error) {
    const hookError = probe?.hookError();
    if (hookError !== undefined) throw hookError;
    if (req.signal?.aborted === true) throw new CoreError('cancelled', 'The request was cancelled.', { cause: error });
    const failure = classifyHttpFailure(error, req.url, deadline.timedOut());
    // Still waiting for a connection when it failed: not one byte was written.
    if (probe !== undefined && !probe.started() && failure.maybeReceived) {
      throw new TransportError(`${failure.message} The request was not sent.`, false, error);
    }
    throw failure;
  } finally {
    deadline.dispose();
  }
}
