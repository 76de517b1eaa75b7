import { describe, expect, it } from 'vitest';
import { defaultTokenPolicy, isTokenUsable, tokenFromResponse } from '../../../../electron/core/auth/token-cache.ts';
import { backoffDelayMs } from '../../../../electron/core/auth/backoff.ts';

const t0 = 1_700_000_000_000;
const hour = tokenFromResponse('token', 3600, t0);

describe('token cache rules', () => {
  it('counts expiry from local receipt time', () => {
    expect(hour).toEqual({ accessToken: 'token', obtainedAt: t0, expiresAt: t0 + 3_600_000 });
  });

  it('needs a token when there is none', () => {
    expect(isTokenUsable(undefined, t0, defaultTokenPolicy)).toBe(false);
  });

  it('uses a token until the margin before expiry', () => {
    expect(isTokenUsable(hour, t0, defaultTokenPolicy)).toBe(true);
    expect(isTokenUsable(hour, t0 + 3_540_000 - 1, defaultTokenPolicy)).toBe(true);
    expect(isTokenUsable(hour, t0 + 3_540_000, defaultTokenPolicy)).toBe(false);
    expect(isTokenUsable(hour, t0 + 3_600_000, defaultTokenPolicy)).toBe(false);
  });

  it('replaces a token once the user period has passed, whatever its lifetime', () => {
    const day = tokenFromResponse('token', 86_400, t0);
    const policy = { marginMs: 60_000, periodMs: 10 * 60_000 };
    expect(isTokenUsable(day, t0 + 10 * 60_000 - 1, policy)).toBe(true);
    expect(isTokenUsable(day, t0 + 10 * 60_000, policy)).toBe(false);
  });

  it('caps the margin at half the lifetime of a short-lived token', () => {
    const short = tokenFromResponse('token', 10, t0);
    expect(isTokenUsable(short, t0 + 4_999, defaultTokenPolicy)).toBe(true);
    expect(isTokenUsable(short, t0 + 5_000, defaultTokenPolicy)).toBe(false);
  });

  it('treats a clock that moved backwards as still within the lifetime', () => {
    expect(isTokenUsable(hour, t0 - 1000, defaultTokenPolicy)).toBe(true);
  });
});

describe('backoff delays', () => {
  const policy = { maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 1000 };

  it('grows exponentially with half of each delay random, up to the cap', () => {
    expect([1, 2, 3, 4, 5].map((retry) => backoffDelayMs(retry, policy, () => 0))).toEqual([50, 100, 200, 400, 500]);
    expect([1, 2, 3, 4, 5].map((retry) => backoffDelayMs(retry, policy, () => 1))).toEqual([100, 200, 400, 800, 1000]);
  });
});
