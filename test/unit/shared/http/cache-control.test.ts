import { describe, expect, it } from 'vitest';
import { freshnessSeconds, parseCacheControl } from '../../../../shared/http/cache-control.ts';

describe('parseCacheControl', () => {
  it('reads the 202 header of a purchase result', () => {
    const parsed = parseCacheControl('private,max-age=5,must-revalidate');
    expect(parsed).toMatchObject({ maxAge: 5, mustRevalidate: true, private: true, noCache: false, noStore: false });
  });

  it('treats directive names case-insensitively and tolerates whitespace', () => {
    const parsed = parseCacheControl(' Private , MAX-AGE=7 ,\tMust-Revalidate ');
    expect(parsed).toMatchObject({ maxAge: 7, mustRevalidate: true, private: true });
  });

  it('unquotes arguments, including commas and escapes inside quotes', () => {
    const parsed = parseCacheControl('private="set-cookie, x-a", max-age="12", ext="a\\"b"');
    expect(parsed.maxAge).toBe(12);
    expect(parsed.directives.get('private')).toBe('set-cookie, x-a');
    expect(parsed.directives.get('ext')).toBe('a"b');
  });

  it('lets the first max-age win', () => {
    expect(parseCacheControl('max-age=3, max-age=60').maxAge).toBe(3);
    expect(parseCacheControl('max-age=9').maxAge).toBe(9);
  });

  it('ignores invalid max-age values and malformed directives without losing the rest', () => {
    expect(parseCacheControl('max-age=-1, must-revalidate')).toMatchObject({ maxAge: undefined, mustRevalidate: true });
    expect(parseCacheControl('max-age=1.5').maxAge).toBeUndefined();
    expect(parseCacheControl('max-age=, no-store').noStore).toBe(true);
    expect(parseCacheControl('x="unterminated, max-age=4').maxAge).toBeUndefined();
    expect(parseCacheControl('a b, max-age=4').maxAge).toBe(4);
    expect(parseCacheControl(null).maxAge).toBeUndefined();
    expect(parseCacheControl('').directives.size).toBe(0);
  });

  it('caps enormous delta-seconds at 2^31', () => {
    expect(parseCacheControl('max-age=99999999999999999999').maxAge).toBe(2 ** 31);
  });
});

describe('freshnessSeconds', () => {
  it('subtracts Age from max-age, never below zero', () => {
    expect(freshnessSeconds('max-age=10', '3')).toBe(7);
    expect(freshnessSeconds('max-age=10', '30')).toBe(0);
    expect(freshnessSeconds('max-age=10', null)).toBe(10);
  });

  it('ignores an invalid Age and returns undefined without max-age', () => {
    expect(freshnessSeconds('max-age=10', 'abc')).toBe(10);
    expect(freshnessSeconds('no-cache', '3')).toBeUndefined();
  });
});
