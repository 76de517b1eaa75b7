import { describe, expect, it } from 'vitest';
import { findPreference, formatPreferences, parseDelaySeconds, parsePrefer } from '../../../../shared/http/prefer.ts';
import { purchasePreferences } from '../../../../electron/core/purchases/submission/purchase-request.ts';

describe('parsePrefer (RFC 7240)', () => {
  it('reads a bare preference', () => {
    expect(parsePrefer('respond-async')).toEqual([{ name: 'respond-async', parameters: [] }]);
  });

  it('reads several preferences in one header, with optional whitespace', () => {
    const prefs = parsePrefer(' respond-async ,wait = 0,  service.min-wait=5 ');
    expect(prefs.map((p) => [p.name, p.value])).toEqual([
      ['respond-async', undefined],
      ['wait', '0'],
      ['service.min-wait', '5'],
    ]);
  });

  it('reads preferences across several header values', () => {
    const prefs = parsePrefer(['respond-async', 'wait=0']);
    expect(prefs.map((p) => p.name)).toEqual(['respond-async', 'wait']);
  });

  it('matches names case-insensitively', () => {
    const prefs = parsePrefer('Respond-Async, WAIT=0, Service.Min-Wait=3');
    expect(findPreference(prefs, 'respond-async')).toBeDefined();
    expect(findPreference(prefs, 'wait')?.value).toBe('0');
    expect(findPreference(prefs, 'SERVICE.MIN-WAIT')?.value).toBe('3');
  });

  it('unquotes quoted values, including escapes and commas inside quotes', () => {
    const prefs = parsePrefer('foo="a, \\"b\\"", wait="10"');
    expect(findPreference(prefs, 'foo')?.value).toBe('a, "b"');
    expect(findPreference(prefs, 'wait')?.value).toBe('10');
  });

  it('reads parameters after semicolons', () => {
    const [pref] = parsePrefer('return=representation; foo="bar" ;baz, wait=1');
    expect(pref).toEqual({
      name: 'return',
      value: 'representation',
      parameters: [{ name: 'foo', value: 'bar' }, { name: 'baz' }],
    });
  });

  it('treats an empty value as no value', () => {
    expect(parsePrefer('respond-async=""')).toEqual([{ name: 'respond-async', parameters: [] }]);
  });

  it('keeps only the first instance of a repeated preference', () => {
    const prefs = parsePrefer(['wait=0, respond-async', 'wait=10']);
    expect(prefs).toHaveLength(2);
    expect(findPreference(prefs, 'wait')?.value).toBe('0');
  });

  it('ignores empty list elements and malformed elements but keeps the rest', () => {
    const prefs = parsePrefer(',, =broken, foo="unterminated, respond-async');
    expect(prefs.map((p) => p.name)).toEqual([]);
    const others = parsePrefer('@@@, respond-async,, wait=0 junk, wait=2');
    expect(others.map((p) => [p.name, p.value])).toEqual([
      ['respond-async', undefined],
      ['wait', '2'],
    ]);
  });

  it('returns nothing for an absent header', () => {
    expect(parsePrefer(undefined)).toEqual([]);
    expect(parsePrefer(null)).toEqual([]);
    expect(parsePrefer([])).toEqual([]);
    expect(parsePrefer('')).toEqual([]);
  });
});

describe('parseDelaySeconds', () => {
  it('accepts non-negative integers only', () => {
    expect(parseDelaySeconds('0')).toBe(0);
    expect(parseDelaySeconds(' 120 ')).toBe(120);
    expect(parseDelaySeconds('-1')).toBeUndefined();
    expect(parseDelaySeconds('1.5')).toBeUndefined();
    expect(parseDelaySeconds('')).toBeUndefined();
    expect(parseDelaySeconds('Wed, 21 Oct 2015 07:28:00 GMT')).toBeUndefined();
    expect(parseDelaySeconds(undefined)).toBeUndefined();
  });
});

describe('formatPreferences', () => {
  it('joins preferences and quotes values that are not tokens', () => {
    expect(formatPreferences([{ name: 'respond-async' }, { name: 'wait', value: 0 }])).toBe('respond-async, wait=0');
    expect(formatPreferences([{ name: 'foo', value: 'a b"c' }])).toBe('foo="a b\\"c"');
  });

  it('round-trips through parsePrefer', () => {
    const header = formatPreferences([{ name: 'respond-async' }, { name: 'service.min-wait', value: 5 }, { name: 'x', value: 'a,b' }]);
    expect(parsePrefer(header).map((p) => [p.name, p.value])).toEqual([
      ['respond-async', undefined],
      ['service.min-wait', '5'],
      ['x', 'a,b'],
    ]);
  });
});

describe('formatPreferences for a purchase POST', () => {
  const header = (options: Parameters<typeof purchasePreferences>[0]): string => formatPreferences(purchasePreferences(options));

  it('always asks for respond-async', () => {
    expect(header({})).toBe('respond-async');
  });

  it('adds wait=0 for fire-and-forget and service.min-wait when asked, bytes as the service reads them', () => {
    expect(header({ fireAndForget: true })).toBe('respond-async, wait=0');
    expect(header({ minWaitSeconds: 5 })).toBe('respond-async, service.min-wait=5');
    expect(header({ fireAndForget: true, minWaitSeconds: 0 })).toBe('respond-async, wait=0, service.min-wait=0');
    expect(header({ fireAndForget: false })).toBe('respond-async');
  });

  it('refuses a min-wait that is not a whole number of seconds', () => {
    expect(() => purchasePreferences({ minWaitSeconds: 1.5 })).toThrow(RangeError);
    expect(() => purchasePreferences({ minWaitSeconds: -1 })).toThrow(RangeError);
  });
});
