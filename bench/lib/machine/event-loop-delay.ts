import { monitorEventLoopDelay } from 'node:perf_hooks';
import { round } from '../figures/stats.ts';

/** How often the loop is sampled: a timer every 10 ms, Node's default. */
const resolutionMs = 10;

export interface EventLoopDelay {
  readonly p99Ms: number;
  readonly maxMs: number;
}

/**
 * How late a timer due every `resolutionMs` fired, p99 and max. Node's histogram records the time
 * between two firings of its timer, which holds the interval itself: an idle loop reads about
 * 10.1 ms with a 10 ms resolution, and a firing 50 ms late reads 60. The interval is taken off, so a
 * figure is the delay alone: what the goal of 20 ms at most is about.
 */
export function eventLoopDelayOf(histogram: { percentile(percent: number): number; readonly max: number }, intervalMs: number): EventLoopDelay {
  const delayMs = (nanoseconds: number): number => round(Math.max(0, nanoseconds / 1e6 - intervalMs), 1) ?? 0;
  return { p99Ms: delayMs(histogram.percentile(99)), maxMs: delayMs(histogram.max) };
}

/** Samples this process's event loop until `stop`. */
export function watchEventLoopDelay(): { stop(): EventLoopDelay } {
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  histogram.enable();
  return {
    stop() {
      histogram.disable();
      return eventLoopDelayOf(histogram, resolutionMs);
    },
  };
}

/** How the figure is made, for the notes under a table that shows it. */
export const eventLoopDelayNote = `Event-loop delay: how late a timer due every ${String(resolutionMs)} ms fired in the client process (perf_hooks.monitorEventLoopDelay records the time between two firings; the ${String(resolutionMs)} ms between them are taken off, so an idle loop reads about 0.1 ms).`;
