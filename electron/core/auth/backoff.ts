/** Limits for retrying transient failures (5xx, network) of the identity provider. */
export interface BackoffPolicy {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const defaultBackoffPolicy: BackoffPolicy = { maxAttempts: 4, baseDelayMs: 250, maxDelayMs: 5_000 };

/**
 * Exponential delay before retry number `retry` (1-based), half of it random: spreading retries
 * randomly keeps many clients from hammering a recovering server in lockstep.
 */
export function backoffDelayMs(retry: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The wait before retry number `retry`: the server's Retry-After when it gave one (never less),
 * otherwise the backoff. Undefined when the server asks for longer than the policy's longest
 * wait: a sign-in is not left hanging for minutes, it fails and says how long was asked.
 */
export function retryDelayMs(retry: number, policy: BackoffPolicy, retryAfterMs: number | undefined): number | undefined {
  const backoff = backoffDelayMs(retry, policy);
  if (retryAfterMs === undefined) return backoff;
  if (retryAfterMs > policy.maxDelayMs) return undefined;
  return Math.max(backoff, retryAfterMs);
}
