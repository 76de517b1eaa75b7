import { describe, expect, it } from 'vitest';
import { formatAddressKey, parseAddressKey } from '../../../shared/property/address-key.ts';

describe('address key', () => {
  it('formats the documented example', () => {
    expect(formatAddressKey(14090317, 0)).toBe('8e05p·0');
    expect(encodeURIComponent(formatAddressKey(14090317, 0))).toBe('8e05p%C2%B70');
  });

  it('formats a multi-residence dwelling in lower-case base36', () => {
    expect(formatAddressKey(14090317, 52050657)).toBe(`8e05p·${(52050657).toString(36)}`);
    expect(formatAddressKey(35, 35)).toBe('z·z');
  });

  it('parses what it formats', () => {
    for (const [udprn, umrrn] of [[14090317, 0], [99999999, 52050657], [0, 1], [Number.MAX_SAFE_INTEGER, 7]] as const) {
      expect(parseAddressKey(formatAddressKey(udprn, umrrn))).toEqual({ udprn, umrrn });
    }
  });

  it('parses the documented example', () => {
    expect(parseAddressKey('8e05p·0')).toEqual({ udprn: 14090317, umrrn: 0 });
  });

  it('rejects keys that are not canonical or not keys at all', () => {
    const rejected = [
      '', '·', '8e05p', '8e05p·', '·0', '8E05P·0', '8e05p·0·0', '8e05p.0', '8e05p%C2%B70', '08e05p·0',
      '8e05p·00', '-1·0', '8e05p ·0', ' 8e05p·0', '8e_05p·0', '1e5·0x', 'zzzzzzzzzzzz·0',
    ];
    for (const key of rejected) expect(parseAddressKey(key), key).toBeUndefined();
  });

  it('refuses to format parts that cannot round trip', () => {
    expect(() => formatAddressKey(-1, 0)).toThrow(RangeError);
    expect(() => formatAddressKey(1.5, 0)).toThrow(RangeError);
    expect(() => formatAddressKey(1, Number.NaN)).toThrow(RangeError);
    expect(() => formatAddressKey(2 ** 53, 0)).toThrow(RangeError);
  });
});
