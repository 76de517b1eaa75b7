import { describe, expect, it } from 'vitest';
import { rulesForSandboxFaults, sandboxFaultsFromFlags } from '../../../electron/sandbox/demo-faults.ts';
import { FaultBook } from '../../../electron/sandbox/faults.ts';
import { anySandboxFault, describeSandboxFaults, noSandboxFaults } from '../../../shared/environment/sandbox-faults.ts';

describe('the rate-limit demo switch', () => {
  it('comes from --rate-limit N, within 1 to 100', () => {
    expect(sandboxFaultsFromFlags({ 'rate-limit': '3' })).toEqual({ ...noSandboxFaults, rateLimit: { perSecond: 3 } });
    expect(() => sandboxFaultsFromFlags({ 'rate-limit': '0' })).toThrow('--rate-limit must be 1 to 100 requests a second');
    expect(() => sandboxFaultsFromFlags({ 'rate-limit': 'many' })).toThrow('--rate-limit must be a whole number');
  });

  it('is said in words and counts as a fault', () => {
    const faults = { ...noSandboxFaults, rateLimit: { perSecond: 3 } };
    expect(anySandboxFault(faults)).toBe(true);
    expect(describeSandboxFaults(faults)).toBe('a rate limit (3 requests a second, then 429)');
  });

  it('limits purchases and result checks per client, letting the rest meet slow answers', () => {
    const rules = rulesForSandboxFaults({ ...noSandboxFaults, slow: { delayMs: 500 }, rateLimit: { perSecond: 1 } });
    expect(rules.filter((rule) => rule.kind === 'rateLimit').map((rule) => rule.target)).toEqual(['purchase', 'result']);
    const book = new FaultBook(rules);
    const now = 5_000_100;
    expect(book.take('result', 'Bearer a', now)?.kind).toBe('latency');
    expect(book.take('result', 'Bearer a', now + 10)).toEqual({ target: 'result', kind: 'status429', retryAfterSeconds: 1 });
    expect(book.take('result', 'Bearer b', now + 20)?.kind).toBe('latency');
    expect(book.take('result', 'Bearer a', now + 1000)?.kind).toBe('latency');
  });
});
