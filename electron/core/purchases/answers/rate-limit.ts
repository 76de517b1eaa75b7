import type { AppErrorData } from '../../../../shared/errors/errors.ts';
import { retryAfterDelayMs } from '../../../../shared/http/retry-after.ts';
import type { PurchaseRecord } from '../../../../shared/purchase/purchase.ts';
import type { ApiResponse } from '../../http/exchange-types.ts';

/**
 * How long a 429 ("not now") makes TitleDesk wait. Its Retry-After is obeyed, read against the
 * answer's Date header; without one, a default that gives a limit per minute time to clear.
 * At least a second, so no answer makes TitleDesk ask in a hot loop; at most an hour, so an
 * absurd value (a date next year) does not leave a purchase waiting unseen for good.
 */
export const rateLimitWaitsMs = { fallback: 30_000, least: 1_000, most: 3_600_000 } as const;

export function rateLimitWaitMs(response: ApiResponse): number {
  const advised = retryAfterDelayMs(response.headers.get('retry-after'), response.headers.get('date'), response.receivedAt);
  return Math.min(rateLimitWaitsMs.most, Math.max(rateLimitWaitsMs.least, advised ?? rateLimitWaitsMs.fallback));
}

/** The moment in the words every host shows: 14:02:10, on this machine's clock. */
function clockTime(at: number): string {
  return new Date(at).toLocaleTimeString('en-GB', { hour12: false });
}

/** What a purchase waiting out a 429 says. `accepted`: the service took the purchase and its result is asked for again. */
export function rateLimitedError(until: number, accepted: boolean): AppErrorData {
  const then = accepted
    ? 'Its result is asked for again then.'
    : 'The service did not take the purchase, so nothing was charged; TitleDesk sends it again then, as the same purchase.';
  return { code: 'rate_limited', message: `Waiting: the service asked to slow down (until ${clockTime(until)}). ${then}` };
}

/**
 * When a purchase the service has not taken may be sent: a 429 left its time in nextCheckAt
 * (a record without a result address has no other use for it). Undefined when it may go now.
 */
export function sendNotBefore(record: PurchaseRecord, now: number): number | undefined {
  if (record.resultUrl !== undefined || record.nextCheckAt === undefined) return undefined;
  return record.nextCheckAt > now ? record.nextCheckAt : undefined;
}
