import { monitorEventLoopDelay } from 'node:perf_hooks';
import { z } from 'zod';
import { sandboxConfigSchema } from '../../shared/sandbox-config.ts';
import { percentile, round } from './stats.ts';

/** One request of a purchase as both clients record it (the shape of TitleDesk's timeline). */
export const exchangeSchema = z.object({
  method: z.string(),
  status: z.union([z.number(), z.string()]),
  /** The wait the server advised in this answer: Retry-After on the 303, max-age on a 202. */
  advisedWaitSeconds: z.number().optional(),
  at: z.number(),
  receivedAt: z.number().optional(),
});
export type BenchExchange = z.infer<typeof exchangeSchema>;

export interface PollingFigures {
  readonly purchases: number;
  readonly settled: number;
  readonly posts: number;
  readonly gets: number;
  /** GETs a client needs that sends each GET exactly when the previous answer allows. */
  readonly minimalGets: number;
  readonly ratio: number | null;
  readonly earlyGets: number;
  readonly latenessP50Ms: number | null;
  readonly latenessP99Ms: number | null;
  readonly latenessMaxMs: number | null;
}

/**
 * Replays the server's advice over each purchase's exchanges. The advice of every answer (the
 * 303's Retry-After, each 202's max-age) says when the next GET is allowed: previous receivedAt
 * plus the advised wait. A GET sent before that is early. A GET sent at or after it that still
 * got 202 is one that any client respecting the advice must also make (the data was not ready
 * even later than a perfect client would have asked), and so is the GET that finally gets the
 * 200. So the minimum is every GET but the early ones answered with something other than 200,
 * and it equals the GETs made when none was early. Lateness is how long after the allowed
 * moment each non-early GET left.
 */
export function analyseTimelines(timelines: readonly (readonly BenchExchange[])[], settled: number): PollingFigures {
  let posts = 0;
  let gets = 0;
  let earlyGets = 0;
  let wastedEarly = 0;
  const lateness: number[] = [];
  for (const timeline of timelines) {
    let previous: BenchExchange | undefined;
    for (const exchange of timeline) {
      if (exchange.method === 'POST') posts += 1;
      if (exchange.method === 'GET') {
        gets += 1;
        const allowedAt = previous?.receivedAt === undefined || previous.advisedWaitSeconds === undefined
          ? undefined
          : previous.receivedAt + previous.advisedWaitSeconds * 1000;
        if (allowedAt !== undefined && exchange.at < allowedAt) {
          earlyGets += 1;
          if (exchange.status !== 200) wastedEarly += 1;
        } else if (allowedAt !== undefined) {
          lateness.push(exchange.at - allowedAt);
        }
      }
      previous = exchange;
    }
  }
  const minimalGets = gets - wastedEarly;
  return {
    purchases: timelines.length,
    settled,
    posts,
    gets,
    minimalGets,
    ratio: minimalGets === 0 ? null : round(gets / minimalGets),
    earlyGets,
    latenessP50Ms: round(percentile(lateness, 50), 1),
    latenessP99Ms: round(percentile(lateness, 99), 1),
    latenessMaxMs: round(percentile(lateness, 100), 1),
  };
}

/** What a client worker prints when its workload is done. */
export const clientReportSchema = z.object({
  timelines: z.array(z.array(exchangeSchema)),
  settled: z.number(),
  states: z.record(z.string(), z.number()),
  wallSeconds: z.number(),
  /** CPU (user + system) of the worker while the workload ran, and in all. */
  cpuSeconds: z.number(),
  cpuSecondsTotal: z.number(),
  peakRssMiB: z.number(),
  eventLoopDelayP99Ms: z.number(),
  eventLoopDelayMaxMs: z.number(),
});
export type ClientReport = z.infer<typeof clientReportSchema>;

/** What a client worker is asked to buy: one variable on each title, all at once. */
export const workloadSchema = z.object({
  config: sandboxConfigSchema,
  titles: z.array(z.string()),
  variable: z.string(),
});
export type Workload = z.infer<typeof workloadSchema>;

/**
 * CPU, memory and event-loop delay of this process, for the client workers' reports. The delay
 * tells lateness caused by a blocked loop (or a starved CPU) from lateness the scheduler adds.
 */
export function startUsage(): { stop(): { cpuSeconds: number; cpuSecondsTotal: number; peakRssMiB: number; eventLoopDelayP99Ms: number; eventLoopDelayMaxMs: number } } {
  const cpuAtStart = process.cpuUsage();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  return {
    stop() {
      delay.disable();
      return { ...processUsage(cpuAtStart), eventLoopDelayP99Ms: round(delay.percentile(99) / 1e6, 1) ?? 0, eventLoopDelayMaxMs: round(delay.max / 1e6, 1) ?? 0 };
    },
  };
}

function processUsage(cpuAtStart: NodeJS.CpuUsage): { cpuSeconds: number; cpuSecondsTotal: number; peakRssMiB: number } {
  const during = process.cpuUsage(cpuAtStart);
  const total = process.cpuUsage();
  return {
    cpuSeconds: round((during.user + during.system) / 1e6) ?? 0,
    cpuSecondsTotal: round((total.user + total.system) / 1e6) ?? 0,
    // maxRSS is in KiB and covers the whole life of the process: the true peak, not a sample.
    peakRssMiB: round(process.resourceUsage().maxRSS / 1024, 1) ?? 0,
  };
}
