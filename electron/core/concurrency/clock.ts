/**
 * Time as the poller sees it. Injected so the scheduler can be driven by a fake clock in tests;
 * the real one is Date.now and setTimeout.
 */
export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  now(): number;
  setTimer(callback: () => void, delayMs: number): TimerHandle;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(callback, delayMs) {
    const timer = setTimeout(callback, delayMs);
    return { cancel: () => { clearTimeout(timer); } };
  },
};
