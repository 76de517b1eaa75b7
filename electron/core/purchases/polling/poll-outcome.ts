import type { AppErrorData } from '../../../../shared/errors/errors.ts';
import { freshnessSeconds } from '../../../../shared/http/cache-control.ts';
import { parseRetryAfter } from '../../../../shared/http/retry-after.ts';
import type { ApiResponse } from '../../http/exchange-types.ts';
import { describeStatus } from '../answers/failure-reason.ts';
import { rateLimitedError, rateLimitWaitMs } from '../answers/rate-limit.ts';
import { parsePurchaseResult, type ParsedResult } from '../answers/result-parse.ts';

/** What one answer of the result resource means for the purchase. */
export type PollOutcome =
  | { readonly kind: 'available'; readonly result: ParsedResult; readonly body: string }
  /**
   * 202: not before `waitMs` after the response arrived; undefined when the server gave no max-age.
   * 429 too, with its wait and `note` to show meanwhile: not a failure, and never counted as one.
   */
  | { readonly kind: 'pending'; readonly waitMs: number | undefined; readonly note?: AppErrorData }
  /** Transient (500, 503, 504, network): retried within bounds; `waitMs` when the server advised one. */
  | { readonly kind: 'retry'; readonly error: AppErrorData; readonly waitMs: number | undefined }
  | { readonly kind: 'failed'; readonly error: AppErrorData };

function failed(response: ApiResponse, code: AppErrorData['code'], what: string): PollOutcome {
  const message = describeStatus(what, response.status, response.body, response.headers.get('content-type'));
  return { kind: 'failed', error: { code, message } };
}

function transient(response: ApiResponse, code: AppErrorData['code'], what: string, waitMs?: number): PollOutcome {
  const message = describeStatus(what, response.status, response.body, response.headers.get('content-type'));
  return { kind: 'retry', error: { code, message }, waitMs };
}

/** A 202 with max-age=0 (or a stale Age) is asked again a second later, not in a hot loop. */
export const leastPollGapMs = 1_000;

export function interpretResultResponse(response: ApiResponse): PollOutcome {
  switch (response.status) {
    case 200: {
      const parsed = parsePurchaseResult(response.body);
      return parsed.ok
        ? { kind: 'available', result: parsed.result, body: response.body }
        : { kind: 'failed', error: { code: 'protocol', message: parsed.message } };
    }
    case 202: {
      const seconds = freshnessSeconds(response.headers.get('cache-control'), response.headers.get('age'));
      return { kind: 'pending', waitMs: seconds === undefined ? undefined : Math.max(leastPollGapMs, seconds * 1000) };
    }
    case 429: {
      // "Not now": the purchase is still the service's; ask again once its wait is over.
      const waitMs = rateLimitWaitMs(response);
      return { kind: 'pending', waitMs, note: rateLimitedError(response.receivedAt + waitMs, true) };
    }
    case 400:
      return failed(response, 'bad_request', 'The service refused the result request');
    // The client has already fetched a new token and tried once more: still unauthorized.
    case 401:
      return failed(response, 'unauthorized', 'The service refused these credentials for this purchase');
    case 404:
      return failed(response, 'not_found', 'The service does not know this purchase');
    case 422:
      return failed(response, 'unprocessable', 'The service found the request malformed');
    case 503: {
      const waitMs = parseRetryAfter(response.headers.get('retry-after'), response.receivedAt);
      return transient(response, 'service_unavailable', 'The service is unavailable', waitMs);
    }
    case 504:
      return transient(response, 'gateway_timeout', 'The service timed out fulfilling the purchase');
    default:
      if (response.status >= 500) return transient(response, 'server_error', 'The service failed');
      return failed(response, 'protocol', 'The service answered with a status the interface does not allow');
  }
}
