/**
 * Retries of a result GET after 500, 503, 504 or a network failure: bounded, exponential, with
 * full jitter (a uniformly random delay up to the exponential ceiling), so that many purchases
 * failing together do not come back in lockstep against a recovering service.
 */
export interface RetryPolicy {
  /** Consecutive failures after which the purchase is marked failed (re-checkable). */
  readonly attempts: number;
  readonly baseMs: number;
  readonly capMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { attempts: 6, baseMs: 1_000, capMs: 60_000 };

/** Delay before the retry that follows failure number `failures` (1-based). */
export function fullJitterDelayMs(failures: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, failures - 1));
  return Math.floor(random() * ceiling);
}
