/**
 * A failure of discovery or the token endpoint worth retrying (5xx, 429, network). Internal to
 * auth: after the bounded retries it becomes CoreError('auth_unavailable').
 */
export class RetryableAuthError extends Error {
  /** How long the server asked to be left alone (its Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, cause?: unknown, retryAfterMs?: number) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'RetryableAuthError';
    this.retryAfterMs = retryAfterMs;
  }
}

export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

/**
 * A refresh-token request that may have reached the provider, whose answer never came. If the
 * provider rotates refresh tokens it may already have replaced the one sent, and sending it again
 * would look like reuse of a stolen token: so it is not retried on its own.
 */
export class AnswerLostError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'AnswerLostError';
  }
}
