import type { AppErrorData } from '../../../../shared/errors/errors.ts';
import { parseRetryAfter } from '../../../../shared/http/retry-after.ts';
import type { ApiResponse } from '../../http/exchange-types.ts';
import { errorCodeForStatus } from '../../api/status-error.ts';
import { describeStatus } from '../answers/failure-reason.ts';
import { rateLimitWaitMs } from '../answers/rate-limit.ts';
import { resolveLocation, type ResultRef } from '../answers/reference.ts';
import { parsePurchaseResult, type ParsedResult } from '../answers/result-parse.ts';

/** What the answer to a purchase POST means for the purchase. */
export type SubmitOutcome =
  | { readonly kind: 'pending'; readonly ref: ResultRef; readonly nextCheckAt: number; readonly advisedWaitSeconds?: number }
  | { readonly kind: 'available'; readonly result: ParsedResult; readonly body: string; readonly ref?: ResultRef }
  | { readonly kind: 'failed'; readonly error: AppErrorData; readonly ref?: ResultRef }
  /** 429: not taken, to be sent again as the same purchase no sooner than `retryAt`. */
  | { readonly kind: 'rate_limited'; readonly retryAt: number; readonly waitMs: number };

function accepted(response: ApiResponse, ref: ResultRef | undefined): SubmitOutcome {
  if (ref === undefined) {
    const message = `The service accepted the purchase (HTTP ${response.status}) but gave no usable result address on this service.`;
    return { kind: 'failed', error: { code: 'protocol', message } };
  }
  const delayMs = parseRetryAfter(response.headers.get('retry-after'), response.receivedAt);
  if (delayMs === undefined) return { kind: 'pending', ref, nextCheckAt: response.receivedAt };
  return { kind: 'pending', ref, nextCheckAt: response.receivedAt + delayMs, advisedWaitSeconds: delayMs / 1000 };
}

/**
 * 303 (or another 2xx/3xx with a Location): pending, first GET not before Retry-After.
 * 200: the synchronous result. Errors: failed, keeping a Location if one came back so the
 * purchase stays re-checkable. A POST is never retried here: it may have been charged.
 */
export function interpretSubmitResponse(response: ApiResponse, requestUrl: URL, baseUrl: URL): SubmitOutcome {
  const location = response.headers.get('location');
  const ref = resolveLocation(location, requestUrl, baseUrl);
  const contentLocation = resolveLocation(response.headers.get('content-location'), requestUrl, baseUrl);
  if (response.status === 200) {
    const parsed = parsePurchaseResult(response.body);
    const known = ref ?? contentLocation;
    if (!parsed.ok) return { kind: 'failed', error: { code: 'protocol', message: parsed.message }, ...(known ? { ref: known } : {}) };
    return { kind: 'available', result: parsed.result, body: response.body, ...(known ? { ref: known } : {}) };
  }
  // 429 is "not now": the purchase was not accepted, so it is neither failed nor charged.
  if (response.status === 429) {
    const waitMs = rateLimitWaitMs(response);
    return { kind: 'rate_limited', retryAt: response.receivedAt + waitMs, waitMs };
  }
  if (response.status === 303 || ((response.status === 201 || response.status === 202) && location !== null)) {
    return accepted(response, ref);
  }
  const code = errorCodeForStatus(response.status);
  const what = response.status >= 500 ? 'The service could not take the purchase' : 'The service refused the purchase';
  const message = describeStatus(what, response.status, response.body, response.headers.get('content-type'));
  return { kind: 'failed', error: { code, message }, ...(ref ? { ref } : {}) };
}
