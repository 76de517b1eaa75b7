import { join } from 'node:path';
import { z } from 'zod';
import { benchDir, runWorker } from '../lib/children/child.ts';
import { eventLoopDelayNote } from '../lib/machine/event-loop-delay.ts';
import { judgePolling, type PurchaseTiming } from '../lib/polling/sandbox-judge.ts';
import { startSandboxProcess } from '../lib/children/sandbox-process.ts';
import { goalMark, type Section, type SectionOutcome } from '../lib/figures/section.ts';
import { round, show } from '../lib/figures/stats.ts';

/** 2,000 for the reference run; twice --purchases when iterating with fewer. */
const titlesFor = (purchases: number): number => Math.min(2000, purchases * 2);
const concurrency = 64;
/** Quicker than the polling section's pacing: 2,000 lines at 64 in flight must fit the bench's watchdog. */
const pacing = { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [1, 3] } satisfies Record<string, [number, number]>;

const reportSchema = z.object({
  previewSeconds: z.number(),
  wallSeconds: z.number(),
  queued: z.number(),
  counts: z.record(z.string(), z.number()),
  variables: z.number(),
  cpuSeconds: z.number(),
  cpuSecondsTotal: z.number(),
  peakRssMiB: z.number(),
  eventLoopDelayP99Ms: z.number(),
  eventLoopDelayMaxMs: z.number(),
});

/** The shortest a line can take, from the sandbox's own plan: its POST to the checkpoint whose GET gets the 200. */
function minimalSeconds(timing: PurchaseTiming): number {
  return ((timing.checkpoints.at(-1) ?? timing.createdAt) - timing.createdAt) / 1000;
}

/** Lines start in order on `slots` slots, each taking its minimal time: the least wall time the limit allows. */
function minimalWallSeconds(durations: readonly number[], slots: number): number {
  const ends: number[] = Array.from({ length: slots }, () => 0);
  for (const duration of durations) {
    ends.sort((a, b) => a - b);
    ends[0] = (ends[0] ?? 0) + duration;
  }
  return Math.max(...ends);
}

export const batchSection: Section = {
  name: 'batch',
  title: `A batch of 2,000 titles x 5 variables (Retry-After and max-age 1 s, ready after 1-3 s, ${concurrency} in flight)`,
  async run(context): Promise<SectionOutcome> {
    const sandbox = await startSandboxProcess({ pacing });
    try {
      const titles = sandbox.titles.slice(0, titlesFor(context.purchases));
      context.log(`batch: ${String(titles.length)} titles, planning then running`);
      const report = reportSchema.parse(await runWorker(join(benchDir, 'workers', 'batch-client.ts'), { config: sandbox.config, titles, concurrency }, 400_000));
      const stats = await sandbox.stats();
      // Judged from the sandbox's own log against the advice it gave, never from the client's clock.
      const timings = await sandbox.purchases();
      const polling = judgePolling(await sandbox.log(), timings);
      const minimum = minimalWallSeconds([...timings].sort((a, b) => a.sequence - b.sequence).map(minimalSeconds), concurrency);
      const bought = report.counts['available'] ?? 0;
      const figures = {
        titles: titles.length, variables: report.variables, concurrency, previewSeconds: round(report.previewSeconds, 1), wallSeconds: round(report.wallSeconds, 1),
        minimalWallSeconds: round(minimum, 1), wallToMinimum: round(report.wallSeconds / Math.max(1, minimum)), posts: stats['purchase'] ?? 0, bought,
        earlyGets: polling.earlyGets, gets: polling.gets, minimalGets: polling.minimalGets, getsToMinimal: polling.getsToMinimal,
        latenessP50Ms: polling.latenessP50Ms, latenessP99Ms: polling.latenessP99Ms, cpuSeconds: report.cpuSeconds, peakRssMiB: report.peakRssMiB,
        eventLoopDelayP99Ms: report.eventLoopDelayP99Ms,
      };
      return {
        figures,
        tables: [{
          columns: ['', 'TitleDesk', 'goal', ''],
          rows: [
            ['preview (resolve, a catalog per title, reuse check)', show(figures.previewSeconds, ' s'), '', ''],
            ['wall time of the run', show(figures.wallSeconds, ' s'), '', ''],
            ['minimum the advised waits and the limit allow', show(figures.minimalWallSeconds, ' s'), '', ''],
            ['wall / minimum', show(figures.wallToMinimum), '', ''],
            ['POSTs (sandbox count) / titles bought', `${String(figures.posts)} / ${String(bought)}`, 'equal', goalMark(figures.posts === bought && bought === titles.length)],
            // Judged as the polling sections judge it: a GET late by a few milliseconds sometimes finds
            // the data ready one checkpoint early, so a client that is never early can make fewer.
            ['result GETs / minimal', `${String(polling.gets)} / ${String(polling.minimalGets)} = ${show(polling.getsToMinimal)}`, '1.00', goalMark(polling.getsToMinimal === 1)],
            ['early GETs', show(polling.earlyGets), '0', goalMark(polling.earlyGets === 0)],
            ['lateness p50 / p99', `${show(polling.latenessP50Ms, ' ms')} / ${show(polling.latenessP99Ms, ' ms')}`, '', ''],
            ['CPU while running / peak RSS', `${show(report.cpuSeconds, ' s')} / ${show(report.peakRssMiB, ' MiB')}`, '', ''],
            ['event-loop delay p99 / max', `${String(report.eventLoopDelayP99Ms)} / ${String(report.eventLoopDelayMaxMs)} ms`, '', ''],
          ],
        }],
        notes: [
          'The minimum schedules the lines in order on the concurrency limit, each taking the sum of the waits its own answers advised (Retry-After, then each max-age) until its 200; round trips count as zero.',
          'Client process only for CPU and RSS; the sandbox runs in its own process.',
          eventLoopDelayNote,
        ],
      };
    } finally {
      await sandbox.stop();
    }
  },
};
