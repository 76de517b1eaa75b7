/**
 * A failure of discovery or the token endpoint worth retrying (5xx, 429, network). Internal to
 * auth: after the bounded retries it becomes CoreError('auth_unavailable').
 */
export class RetryableAuthError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'RetryableAuthError';
  }
}

export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}
