import type { Readable } from 'node:stream';
import { requestTimeoutMs } from '../../../shared/environment/request-limits.ts';
import type { Dispatcher } from 'undici';
import { CoreError } from '../errors.ts';
import { SignalFanout } from '../signal-fanout.ts';
import { TransportError, type ApiRequest, type ApiResponse } from './exchange-types.ts';
import { ExchangeHandler } from './exchange-handler.ts';
import { sendingGate, type SendingGate } from './sending-hook.ts';

const defaultTimeoutMs = requestTimeoutMs;

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

/** Headers and body; a body whose sending is gated is held until the gate opens (sending-hook.ts). */
function requestContent(req: ApiRequest, gate: SendingGate | undefined): { headers?: Record<string, string>; body?: string | Readable } {
  if (req.body === undefined) return req.headers === undefined ? {} : { headers: { ...req.headers } };
  if (gate?.body === undefined) return { ...(req.headers === undefined ? {} : { headers: { ...req.headers } }), body: req.body };
  // The length up front keeps the request as it would be with the body in hand (no chunked encoding).
  return { headers: { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) }, body: gate.body };
}

/**
 * The exchanges under way for each caller's signal, behind one abort listener per signal (the
 * service's own lasts as long as the service) rather than one added and removed per request.
 */
const underWay = new SignalFanout<ExchangeHandler>((handler, signal) => {
  handler.abort(cancelReason(signal));
});

function cancelReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('The request was cancelled.');
}

/**
 * The request's deadline, and the caller's signal: either ends the exchange at once, wherever it
 * is (waiting for a connection, or sent). The timer is cleared as soon as the exchange ends, so a
 * thousand followed purchases do not keep a thousand 30 s timers alive.
 */
function endWhenDue(handler: ExchangeHandler, timeoutMs: number, outer: AbortSignal | undefined): { timedOut: () => boolean; dispose: () => void } {
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    handler.abort(new DOMException('The request timed out.', 'TimeoutError'));
  }, timeoutMs);
  timer.unref();
  let unregister: (() => void) | undefined;
  if (outer?.aborted === true) handler.abort(cancelReason(outer));
  else if (outer !== undefined) unregister = underWay.add(outer, handler);
  return {
    timedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer);
      unregister?.();
    },
  };
}

/**
 * The one way core talks HTTP. Resolves with any status (redirects are not followed: a 303 is
 * data for the purchase flow). Rejects with TransportError when the exchange did not complete,
 * or CoreError('cancelled') when the caller's signal aborted it.
 */
export async function sendHttp(dispatcher: Dispatcher, req: ApiRequest): Promise<ApiResponse> {
  const gate = req.onSending === undefined ? undefined : sendingGate(req.onSending, req.body);
  const handler = new ExchangeHandler(gate?.open);
  const deadline = endWhenDue(handler, req.timeoutMs ?? defaultTimeoutMs, req.signal);
  try {
    dispatcher.dispatch({ origin: req.url.origin, path: `${req.url.pathname}${req.url.search}`, method: req.method, ...requestContent(req, gate) }, handler);
    return await handler.response;
  } catch (error) {
    const hookError = gate?.hookError();
    if (hookError !== undefined) throw hookError;
    if (req.signal?.aborted === true) throw new CoreError('cancelled', 'The request was cancelled.', { cause: error });
    const failure = classifyHttpFailure(error, req.url, deadline.timedOut());
    // Still waiting for a connection when it failed: not one byte was written.
    if (gate !== undefined && !handler.started && failure.maybeReceived) {
      throw new TransportError(`${failure.message} The request was not sent.`, false, error);
    }
    throw failure;
  } finally {
    deadline.dispose();
  }
}
