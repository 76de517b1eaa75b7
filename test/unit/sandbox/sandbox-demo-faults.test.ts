import { describe, expect, it } from 'vitest';
import { rulesForSandboxFaults, sandboxFaultsFromFlags } from '../../../electron/sandbox/demo-faults.ts';
import { FaultBook } from '../../../electron/sandbox/faults.ts';
import { describeSandboxFaults, noSandboxFaults } from '../../../shared/environment/sandbox-faults.ts';

describe('the Sandbox demo switches', () => {
  it('touch purchases and results only, never sign-in, strongest first', () => {
    const book = new FaultBook(rulesForSandboxFaults({ outage: { retryAfterSeconds: 5 }, slow: { delayMs: 800 }, timeouts: false }));
    expect(book.take('token')).toBeUndefined();
    expect(book.take('purchase')).toEqual({ target: 'purchase', kind: 'status503', retryAfterSeconds: 5 });
    expect(book.take('result')).toEqual({ target: 'result', kind: 'status503', retryAfterSeconds: 5 });
    // Until turned off: the outage does not run out.
    expect(book.take('result')?.kind).toBe('status503');
    expect(new FaultBook(rulesForSandboxFaults({ outage: { retryAfterSeconds: 5 }, slow: null, timeouts: true })).take('result')).toEqual({ target: 'result', kind: 'latency', latencyMs: 35_000 });
    expect(new FaultBook(rulesForSandboxFaults({ outage: null, slow: { delayMs: 800 }, timeouts: false })).take('purchase')).toEqual({ target: 'purchase', kind: 'latency', latencyMs: 800 });
    expect(rulesForSandboxFaults(noSandboxFaults)).toEqual([]);
  });

  it('read from command-line options, with a clear refusal out of range', () => {
    expect(sandboxFaultsFromFlags({})).toEqual(noSandboxFaults);
    expect(sandboxFaultsFromFlags({ outage: '5', slow: '2000', timeouts: true })).toEqual({ outage: { retryAfterSeconds: 5 }, slow: { delayMs: 2000 }, timeouts: true });
    expect(() => sandboxFaultsFromFlags({ outage: '0' })).toThrow('--outage must be 1 to 600 seconds');
    expect(() => sandboxFaultsFromFlags({ outage: 'soon' })).toThrow('--outage must be a whole number');
    expect(() => sandboxFaultsFromFlags({ slow: '20001' })).toThrow('--slow must be 100 to 20000 milliseconds');
  });

  it('in words', () => {
    expect(describeSandboxFaults(noSandboxFaults)).toBe('nothing');
    expect(describeSandboxFaults({ outage: { retryAfterSeconds: 5 }, slow: { delayMs: 2000 }, timeouts: true })).toBe('timeouts (answers after 35 s), an outage (503, Retry-After 5 s), slow answers (2,000 ms)');
  });
});
