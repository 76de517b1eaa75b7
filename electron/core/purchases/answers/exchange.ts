import type { Exchange } from '../../../../shared/purchase/purchase.ts';
import { TransportError, type ApiRequest, type ApiResponse } from '../../http/exchange-types.ts';
import type { ServiceClient } from '../../api/service-client-types.ts';
import { CoreError } from '../../errors.ts';
import type { Clock } from '../../concurrency/clock.ts';

/**
 * One request to the service with its timeline entry. Every way it can end is a value, so the
 * callers decide purchase states without try/catch of their own.
 */
export type ExchangeResult =
  | { readonly kind: 'response'; readonly response: ApiResponse; readonly exchange: Exchange }
  /** The exchange did not complete; `maybeReceived` says whether the server may have acted on it. */
  | { readonly kind: 'transport'; readonly error: TransportError; readonly exchange: Exchange }
  /** Refused before reaching the API (credentials, identity provider): nothing was sent. */
  | { readonly kind: 'refused'; readonly error: CoreError }
  /** The service is closing: leave the record as it is, a later start picks it up. */
  | { readonly kind: 'aborted' };

export async function sendExchange(client: ServiceClient, request: ApiRequest, clock: Clock): Promise<ExchangeResult> {
  const at = clock.now();
  const base = { method: request.method, path: request.url.pathname, at };
  try {
    const response = await client.send(request);
    return { kind: 'response', response, exchange: { ...base, status: response.status, receivedAt: response.receivedAt } };
  } catch (error) {
    if (request.signal?.aborted === true) return { kind: 'aborted' };
    if (error instanceof TransportError) {
      return { kind: 'transport', error, exchange: { ...base, status: 'no-response', receivedAt: clock.now() } };
    }
    if (error instanceof CoreError) return { kind: 'refused', error };
    // Anything else came from inside the client, possibly after the request left: assume it may have arrived.
    const wrapped = new TransportError('The request failed inside TitleDesk.', true, error);
    return { kind: 'transport', error: wrapped, exchange: { ...base, status: 'no-response', receivedAt: clock.now() } };
  }
}

// Hundreds of 202s are possible on a long min-wait; the POST and the most recent exchanges tell the story.
const maxTimelineEntries = 200;

export function appendExchange(timeline: readonly Exchange[], exchange: Exchange): Exchange[] {
  const next = [...timeline, exchange];
  if (next.length <= maxTimelineEntries) return next;
  const first = next[0];
  const recent = next.slice(next.length - (maxTimelineEntries - 1));
  return first === undefined ? recent : [first, ...recent];
}
