import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeWhenIdle, onFirstUse } from '../../renderer/on-first-use.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('values made on first use', () => {
  it('are made once, when first asked for', () => {
    const make = vi.fn(() => ({ made: true }));
    const get = onFirstUse(make);
    expect(make).not.toHaveBeenCalled();
    const first = get();
    expect(get()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('are made in idle time when nobody asked before, and not made twice', () => {
    // jsdom has no idle callbacks: the stub stands for the browser's, run when the test says.
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => { idle.push(callback); return idle.length; });
    const early = vi.fn(() => 'early');
    const late = vi.fn(() => 'late');
    const getEarly = onFirstUse(early);
    onFirstUse(late);
    getEarly();
    makeWhenIdle();
    expect(late).not.toHaveBeenCalled();
    for (const callback of idle) callback();
    expect(late).toHaveBeenCalledTimes(1);
    expect(early).toHaveBeenCalledTimes(1);
  });
});
