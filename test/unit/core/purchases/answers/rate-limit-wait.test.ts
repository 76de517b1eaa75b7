import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../../../../../electron/core/http/exchange-types.ts';
import { rateLimitWaitMs, sendNotBefore } from '../../../../../electron/core/purchases/answers/rate-limit.ts';
import { retryAfterDelayMs } from '../../../../../shared/http/retry-after.ts';
import type { PurchaseRecord } from '../../../../../shared/purchase/purchase.ts';

const receivedAt = Date.UTC(2026, 11, 1, 14, 1, 40);

function answer(headers: Record<string, string>): ApiResponse {
  return { status: 429, body: '', receivedAt, headers: { get: (name) => headers[name.toLowerCase()] ?? null } };
}

describe('retryAfterDelayMs', () => {
  it('reads an HTTP-date against the Date header, not this machine\'s clock', () => {
    // The server's clock is 5 minutes behind ours: it still means "in 30 s".
    const date = 'Tue, 01 Dec 2026 13:56:40 GMT';
    expect(retryAfterDelayMs('Tue, 01 Dec 2026 13:57:10 GMT', date, receivedAt)).toBe(30_000);
  });

  it('reads a date against the arrival when the Date header is absent or not a date', () => {
    expect(retryAfterDelayMs('Tue, 01 Dec 2026 14:01:50 GMT', null, receivedAt)).toBe(10_000);
    expect(retryAfterDelayMs('Tue, 01 Dec 2026 14:01:50 GMT', 'yesterday', receivedAt)).toBe(10_000);
  });

  it('reads delay-seconds whatever the Date header says', () => {
    expect(retryAfterDelayMs('7', 'Tue, 01 Dec 2026 10:00:00 GMT', receivedAt)).toBe(7000);
  });
});

describe('rateLimitWaitMs', () => {
  it('obeys Retry-After', () => {
    expect(rateLimitWaitMs(answer({ 'retry-after': '2' }))).toBe(2000);
  });

  it('waits 30 s when Retry-After is absent or not valid', () => {
    expect(rateLimitWaitMs(answer({}))).toBe(30_000);
    expect(rateLimitWaitMs(answer({ 'retry-after': 'soon' }))).toBe(30_000);
  });

  it('waits at least a second and at most an hour', () => {
    expect(rateLimitWaitMs(answer({ 'retry-after': '0' }))).toBe(1000);
    expect(rateLimitWaitMs(answer({ 'retry-after': '999999' }))).toBe(3_600_000);
    expect(rateLimitWaitMs(answer({ 'retry-after': 'Fri, 01 Jan 2100 00:00:00 GMT' }))).toBe(3_600_000);
  });
});

describe('sendNotBefore', () => {
  const record: PurchaseRecord = {
    id: 'a',
    environmentId: 'sandbox',
    titleNumber: 'DN1',
    variables: [],
    options: {},
    state: 'not_sent',
    autoCheck: true,
    createdAt: receivedAt,
    updatedAt: receivedAt,
    timeline: [],
    nextCheckAt: receivedAt + 5000,
  };

  it('holds a purchase the service did not take until its time', () => {
    expect(sendNotBefore(record, receivedAt)).toBe(receivedAt + 5000);
    expect(sendNotBefore(record, receivedAt + 5000)).toBeUndefined();
  });

  it('never holds one the service took (its next check is a GET)', () => {
    expect(sendNotBefore({ ...record, resultUrl: 'https://x/purchases/1' }, receivedAt)).toBeUndefined();
  });
});
