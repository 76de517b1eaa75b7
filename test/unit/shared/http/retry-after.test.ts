import { describe, expect, it } from 'vitest';
import { parseHttpDate, parseRetryAfter } from '../../../../shared/http/retry-after.ts';

const now = Date.UTC(2024, 10, 6, 8, 49, 30);

describe('parseRetryAfter', () => {
  it('reads delay-seconds as milliseconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000);
  });

  it('reads an IMF-fixdate relative to now', () => {
    expect(parseRetryAfter('Wed, 06 Nov 2024 08:49:37 GMT', now)).toBe(7000);
  });

  it('reads the obsolete rfc850-date and asctime-date formats', () => {
    expect(parseRetryAfter('Wednesday, 06-Nov-24 08:49:40 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Wed Nov  6 08:49:45 2024', now)).toBe(15_000);
    expect(parseRetryAfter('Wed Nov 16 08:49:45 2024', now)).toBe(10 * 86_400_000 + 15_000);
  });

  it('treats a date in the past as no wait', () => {
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:37 GMT', now)).toBe(0);
  });

  it('maps a two-digit rfc850 year more than 50 years ahead into the past century', () => {
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', now)).toBe(Date.UTC(1994, 10, 6, 8, 49, 37));
    expect(parseHttpDate('Monday, 06-Nov-30 08:49:37 GMT', now)).toBe(Date.UTC(2030, 10, 6, 8, 49, 37));
  });

  it('rejects junk, partial and look-alike values', () => {
    const junk = [
      '', ' ', '-1', '1.5', '5s', '0x10', '+5', '1e3', 'soon',
      'Wed, 6 Nov 2024 08:49:37 GMT', // day must be two digits
      'wed, 06 Nov 2024 08:49:37 GMT', // names are case-sensitive
      'Wed, 06 Nov 2024 08:49:37 UTC',
      'Wed, 06 Nov 2024 08:49:37 +0000',
      'Wed, 31 Feb 2024 08:49:37 GMT', // no such day
      'Wed, 06 Nov 2024 24:00:00 GMT',
      'Wed, 06 Nov 2024 08:60:00 GMT',
      '2024-11-06T08:49:37Z', // ISO 8601 is not an HTTP-date
      'Wed, 06 Nov 2024 08:49:37 GMT trailing',
      'Wed Nov 6 08:49:45 2024', // asctime needs two columns for the day
      'Wednesday, 06-Nov-2024 08:49:40 GMT',
    ];
    for (const value of junk) expect(parseRetryAfter(value, now), value).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('accepts a leap second as the last second of the minute', () => {
    expect(parseHttpDate('Sat, 31 Dec 2016 23:59:60 GMT')).toBe(Date.UTC(2016, 11, 31, 23, 59, 59));
  });
});
