/** An access token as core keeps it. The token string never leaves core. */
export interface CachedToken {
  readonly accessToken: string;
  /** Local receipt time (epoch ms): the server's clock is never trusted for expiry. */
  readonly obtainedAt: number;
  /** obtainedAt + expires_in. */
  readonly expiresAt: number;
}

export interface TokenPolicy {
  /** Fetch a new token this long before expiry, so a request never leaves with a dying one. */
  readonly marginMs: number;
  /** Fetch a new token once this long has passed since the last, whatever its lifetime. */
  readonly periodMs: number;
}

export const defaultTokenPolicy: TokenPolicy = { marginMs: 60_000, periodMs: 60 * 60_000 };

export function tokenFromResponse(accessToken: string, expiresInSeconds: number, receivedAt: number): CachedToken {
  return { accessToken, obtainedAt: receivedAt, expiresAt: receivedAt + expiresInSeconds * 1000 };
}

/**
 * True when the cached token may still be used at `now`. The margin is capped at half the
 * token's lifetime: with short-lived tokens a fixed 60 s margin would otherwise demand a new
 * token for every request.
 */
export function isTokenUsable(token: CachedToken | undefined, now: number, policy: TokenPolicy): token is CachedToken {
  if (token === undefined) return false;
  const lifetime = token.expiresAt - token.obtainedAt;
  const margin = Math.min(policy.marginMs, lifetime / 2);
  if (now >= token.expiresAt - margin) return false;
  return now < token.obtainedAt + policy.periodMs;
}
