import { describe, expect, it } from 'vitest';
import { formatPrefer } from '../../electron/core/purchases/submission/prefer.ts';

describe('formatPrefer', () => {
  it('always asks for respond-async', () => {
    expect(formatPrefer({})).toBe('respond-async');
  });

  it('adds wait=0 for fire-and-forget and service.min-wait when asked', () => {
    expect(formatPrefer({ fireAndForget: true })).toBe('respond-async, wait=0');
    expect(formatPrefer({ minWaitSeconds: 5 })).toBe('respond-async, service.min-wait=5');
    expect(formatPrefer({ fireAndForget: true, minWaitSeconds: 0 })).toBe('respond-async, wait=0, service.min-wait=0');
    expect(formatPrefer({ fireAndForget: false })).toBe('respond-async');
  });

  it('refuses a min-wait that is not a whole number of seconds', () => {
    expect(() => formatPrefer({ minWaitSeconds: 1.5 })).toThrow(RangeError);
    expect(() => formatPrefer({ minWaitSeconds: -1 })).toThrow(RangeError);
  });
});
