/**
 * Timing tools with no knowledge of purchases: a clock that tests can replace, retry delays with
 * full jitter, a timer scheduler that keeps one timer for many due times, and the slots that share
 * a bounded number of requests between lanes (POSTs and GETs).
 *
 * Promises: nothing here does I/O; every wait goes through a Clock, so tests drive time exactly.
 */
export { defaultRetryPolicy, fullJitterDelayMs, type RetryPolicy } from './backoff.ts';
export { systemClock, type Clock, type TimerHandle } from './clock.ts';
export { RequestSlots } from './request-slots.ts';
export { Scheduler, type SchedulerOptions } from './scheduler.ts';
export { Slots, type Lane } from './slots.ts';
