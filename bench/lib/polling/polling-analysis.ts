import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { sandboxConfigSchema } from '../../../shared/environment/sandbox-config.ts';
import { cpuTimelineSchema, recordCpuTimeline, type CpuSample } from '../machine/cpu-timeline.ts';
import { watchEventLoopDelay } from '../machine/event-loop-delay.ts';
import { round } from '../figures/stats.ts';

/** What a client worker prints when its workload is done. */
export const clientReportSchema = z.object({
  settled: z.number(),
  states: z.record(z.string(), z.number()),
  wallSeconds: z.number(),
  /** CPU (user + system) of the worker while the workload ran, and in all. */
  cpuSeconds: z.number(),
  cpuSecondsTotal: z.number(),
  peakRssMiB: z.number(),
  eventLoopDelayP99Ms: z.number(),
  eventLoopDelayMaxMs: z.number(),
  /** The worker's CPU over the run, in all and on its main thread (machine/cpu-timeline.ts). */
  cpuTimeline: cpuTimelineSchema,
  /**
   * TitleDesk's journal (the naive clients keep none): its write-ahead log file at its largest while
   * the workload ran, and how many seconds after the last purchase settled the file was back
   * within the journal's limit (null: not within 10 s).
   */
  journalLog: z.object({ peakMiB: z.number(), givenBackSeconds: z.number().nullable() }).optional(),
  /** TitleDesk's answers that its journal refused (each asked again after a backoff); the naive clients keep no journal. */
  journalRefusals: z.number().int().nonnegative().optional(),
});
export type ClientReport = z.infer<typeof clientReportSchema>;

/**
 * What a client worker is asked to buy, all at once: `purchases` distinct (title, variable)
 * pairs, built by the worker (`workloadBuys`) so the command line stays short.
 */
export const workloadSchema = z.object({
  config: sandboxConfigSchema,
  titles: z.array(z.string()).min(1),
  variables: z.array(z.string()).min(1),
  purchases: z.number().int().positive(),
  /** Connections to the service: every client gets TitleDesk's default, so none wins by opening more. */
  connections: z.number().int().positive(),
  /** The naive clients' fixed wait between GETs. */
  intervalMs: z.number().int().positive().optional(),
});
export type Workload = z.infer<typeof workloadSchema>;

/**
 * The workload's purchases: every title with the first variable, then every title with the
 * second, and so on. A pair bought before would be answered at once (200 to the POST), so each
 * pair is new and every purchase follows the asynchronous flow.
 */
export function workloadBuys(workload: Pick<Workload, 'titles' | 'variables' | 'purchases'>): { title: string; variable: string }[] {
  const { titles, variables, purchases } = workload;
  if (purchases > titles.length * variables.length) {
    throw new Error(`${purchases} purchases need more than ${titles.length} titles × ${variables.length} variables.`);
  }
  return Array.from({ length: purchases }, (_, index) => ({
    title: titles[index % titles.length] ?? '',
    variable: variables[Math.floor(index / titles.length)] ?? '',
  }));
}

/**
 * CPU, memory and event-loop delay of this process, for the client workers' reports. The delay
 * tells lateness caused by a blocked loop (or a starved CPU) from lateness the scheduler adds.
 */
export function startUsage(): { stop(): { cpuSeconds: number; cpuSecondsTotal: number; peakRssMiB: number; eventLoopDelayP99Ms: number; eventLoopDelayMaxMs: number; cpuTimeline: CpuSample[] } } {
  const cpuAtStart = process.cpuUsage();
  const delay = watchEventLoopDelay();
  const timeline = recordCpuTimeline();
  return {
    stop() {
      const { p99Ms, maxMs } = delay.stop();
      return { ...processUsage(cpuAtStart), eventLoopDelayP99Ms: p99Ms, eventLoopDelayMaxMs: maxMs, cpuTimeline: timeline.stop() };
    },
  };
}

/**
 * The process's own peak resident set in KiB: VmHWM, the high-water mark of this process's memory
 * since it was started, the true peak rather than a sample. Not getrusage's maxRSS: Linux keeps
 * that across exec, so a child of the bench can report memory of the process it was forked from
 * (in one run, 184 MiB for a client whose own peak was 131 MiB).
 */
function peakRssKiB(): number {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match?.[1] !== undefined) return Number(match[1]);
  } catch {
    // Not Linux: no /proc.
  }
  return process.resourceUsage().maxRSS;
}

function processUsage(cpuAtStart: NodeJS.CpuUsage): { cpuSeconds: number; cpuSecondsTotal: number; peakRssMiB: number } {
  const during = process.cpuUsage(cpuAtStart);
  const total = process.cpuUsage();
  return {
    cpuSeconds: round((during.user + during.system) / 1e6) ?? 0,
    cpuSecondsTotal: round((total.user + total.system) / 1e6) ?? 0,
    peakRssMiB: round(peakRssKiB() / 1024, 1) ?? 0,
  };
}
