import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { round } from '../figures/stats.ts';

/**
 * A process's CPU over time. Every `cpuSampleMs`: the time (epoch ms, the clock of the sandbox's
 * log), then what the process had used so far in µs:
 * - CPU (user + system) of the whole process;
 * - CPU of its main thread;
 * - the time its main thread had been ready to run but waiting for a CPU (Linux's schedstat;
 *   null where there is none).
 * From a client's and the sandbox's timelines and the span in which the POSTs were answered, the
 * bench tells what held the POSTs back. A main thread busy all the span cannot send faster, however
 * many connections it has. One that waited for a CPU much of the span was held back by the machine.
 */
export const cpuSampleSchema = z.tuple([z.number(), z.number().nonnegative(), z.number().nonnegative(), z.number().nonnegative().nullable()]);
export type CpuSample = z.infer<typeof cpuSampleSchema>;
export const cpuTimelineSchema = z.array(cpuSampleSchema);

/** Often enough to cover the 1,000-purchase POSTs (about 0.7 s) with a dozen samples; a timer this slow costs nothing measurable. */
export const cpuSampleMs = 50;

/** Linux's /proc/thread-self/schedstat: time on a CPU, time waiting on a run queue (ns), timeslices. */
function mainThreadWaitUs(): number | null {
  try {
    const waitNs = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]);
    return Number.isFinite(waitNs) ? waitNs / 1000 : null;
  } catch {
    // Not Linux, or a kernel without scheduler statistics.
    return null;
  }
}

/** Taken on the main thread, so that the thread's figures are the main thread's. */
function sampleNow(): CpuSample {
  const all = process.cpuUsage();
  const thread = process.threadCpuUsage();
  return [Date.now(), all.user + all.system, thread.user + thread.system, mainThreadWaitUs()];
}

/** Samples this process until `stop`, which returns the timeline with a last sample taken then. */
export function recordCpuTimeline(): { stop(): CpuSample[] } {
  const samples: CpuSample[] = [sampleNow()];
  const timer = setInterval(() => samples.push(sampleNow()), cpuSampleMs);
  // The timeline never keeps a process alive.
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      samples.push(sampleNow());
      return samples;
    },
  };
}

type Column = 1 | 2 | 3;

/** What a column had reached by `at`, interpolated between the samples around it; undefined outside the timeline. */
function reachedBy(timeline: readonly CpuSample[], at: number, column: Column): number | undefined {
  const after = timeline.findIndex((sample) => sample[0] >= at);
  const next = timeline[after];
  const nextValue = next?.[column];
  if (next === undefined || nextValue === undefined || nextValue === null) return undefined;
  if (next[0] === at) return nextValue;
  const previous = timeline[after - 1];
  const previousValue = previous?.[column];
  if (previous === undefined || previousValue === undefined || previousValue === null) return undefined;
  return previousValue + ((nextValue - previousValue) * (at - previous[0])) / (next[0] - previous[0]);
}

export interface CpuWithin {
  /** CPU of the whole process, in cores (1: one core busy all the span). */
  readonly cores: number | null;
  /** The main thread's share of the span on a CPU. */
  readonly mainThread: number | null;
  /** The main thread's share of the span ready to run but waiting for a CPU. */
  readonly mainThreadWaiting: number | null;
}

/** What the process used from `from` to `to` (epoch ms); null where the timeline does not cover the span. */
export function cpuWithin(timeline: readonly CpuSample[], from: number, to: number): CpuWithin {
  const share = (column: Column): number | null => {
    const start = reachedBy(timeline, from, column);
    const end = reachedBy(timeline, to, column);
    if (start === undefined || end === undefined || to <= from) return null;
    return round((end - start) / 1000 / (to - from), 2);
  };
  return { cores: share(1), mainThread: share(2), mainThreadWaiting: share(3) };
}
