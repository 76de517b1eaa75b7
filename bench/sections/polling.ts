import { join } from 'node:path';
import { benchDir, runWorker } from '../lib/child.ts';
import { analyseTimelines, clientReportSchema, type PollingFigures, type Workload } from '../lib/polling-analysis.ts';
import { startSandboxProcess } from '../lib/sandbox-process.ts';
import { goalMark, issuePacing, type BenchContext, type Section, type SectionOutcome } from '../lib/section.ts';
import { round, show } from '../lib/stats.ts';

interface ClientRun extends PollingFigures {
  readonly serverCounts: { discovery: number; token: number; purchase: number; result: number };
  readonly states: Record<string, number>;
  readonly wallSeconds: number;
  readonly cpuSeconds: number;
  readonly cpuSecondsTotal: number;
  readonly peakRssMiB: number;
  readonly eventLoopDelayP99Ms: number;
  readonly eventLoopDelayMaxMs: number;
  readonly getsPerPurchase: number | null;
}

/** One client against a fresh sandbox: the two clients never share a server or its random stream. */
async function runClient(worker: string, context: BenchContext): Promise<ClientRun> {
  const sandbox = await startSandboxProcess({ pacing: issuePacing });
  try {
    const variable = sandbox.config.sampleVariables[0];
    if (variable === undefined) throw new Error('The sandbox offers no sample variable.');
    const workload: Workload = { config: sandbox.config, titles: sandbox.titles.slice(0, context.purchases), variable };
    const report = clientReportSchema.parse(await runWorker(join(benchDir, 'workers', worker), workload, 150_000));
    const stats = await sandbox.stats();
    const analysis = analyseTimelines(report.timelines, report.settled);
    return {
      ...analysis,
      serverCounts: { discovery: stats['discovery'] ?? 0, token: stats['token'] ?? 0, purchase: stats['purchase'] ?? 0, result: stats['result'] ?? 0 },
      states: report.states,
      wallSeconds: round(report.wallSeconds, 1) ?? 0,
      cpuSeconds: report.cpuSeconds,
      cpuSecondsTotal: report.cpuSecondsTotal,
      peakRssMiB: report.peakRssMiB,
      eventLoopDelayP99Ms: report.eventLoopDelayP99Ms,
      eventLoopDelayMaxMs: report.eventLoopDelayMaxMs,
      getsPerPurchase: round(analysis.gets / Math.max(1, analysis.purchases)),
    };
  } finally {
    await sandbox.stop();
  }
}

function rows(titleDesk: ClientRun, naive: ClientRun, purchases: number): string[][] {
  const both = (pick: (run: ClientRun) => number | string | null, unit = ''): [string, string] => [show(pick(titleDesk), unit), show(pick(naive), unit)];
  const getRatio = round(naive.serverCounts.result / Math.max(1, titleDesk.serverCounts.result));
  return [
    ['POSTs (sandbox count)', ...both((run) => run.serverCounts.purchase), `= ${purchases}`, goalMark(titleDesk.serverCounts.purchase === purchases)],
    ['token requests', ...both((run) => run.serverCounts.token), '1', goalMark(titleDesk.serverCounts.token === 1)],
    ['discovery requests', ...both((run) => run.serverCounts.discovery), '1', goalMark(titleDesk.serverCounts.discovery === 1)],
    ['result GETs (sandbox count)', ...both((run) => run.serverCounts.result), '', `naive/TitleDesk ${show(getRatio)}x`],
    ['GETs per purchase', ...both((run) => run.getsPerPurchase), '', ''],
    ['minimal GETs (advice replayed)', show(titleDesk.minimalGets), 'same workload', '', ''],
    ['GETs / minimal', show(titleDesk.ratio), show(naive.ratio), '1.00', goalMark(titleDesk.ratio === 1)],
    ['early GETs', ...both((run) => run.earlyGets), '0', goalMark(titleDesk.earlyGets === 0)],
    ['lateness p50', ...both((run) => run.latenessP50Ms, ' ms'), '', ''],
    ['lateness p99', ...both((run) => run.latenessP99Ms, ' ms'), '<= 50 ms', goalMark((titleDesk.latenessP99Ms ?? Infinity) <= 50)],
    ['lateness max', ...both((run) => run.latenessMaxMs, ' ms'), '', ''],
    ['event-loop delay p99 / max', ...both((run) => `${String(run.eventLoopDelayP99Ms)} / ${String(run.eventLoopDelayMaxMs)} ms`), '', ''],
    ['settled available', ...both((run) => run.states['available'] ?? 0), `= ${purchases}`, goalMark((titleDesk.states['available'] ?? 0) === purchases)],
    ['wall time', ...both((run) => run.wallSeconds, ' s'), '', ''],
    ['CPU while running', ...both((run) => run.cpuSeconds, ' s'), '', ''],
    ['CPU incl. start-up', ...both((run) => run.cpuSecondsTotal, ' s'), '', ''],
    ['peak RSS', ...both((run) => run.peakRssMiB, ' MiB'), '', ''],
  ];
}

export const pollingSection: Section = {
  name: 'polling',
  title: 'Polling discipline at scale (Retry-After and max-age 1-3 s, ready after 1-20 s)',
  async run(context): Promise<SectionOutcome> {
    context.log(`polling: TitleDesk client, ${context.purchases} purchases`);
    const titleDesk = await runClient('titledesk-client.ts', context);
    context.log(`polling: naive client, ${context.purchases} purchases`);
    const naiveRun = await runClient('naive-client.ts', context);
    // The naive client is judged against the workload's minimum, taken from TitleDesk's replayed advice.
    const naive: ClientRun = { ...naiveRun, minimalGets: titleDesk.minimalGets, ratio: round(naiveRun.gets / Math.max(1, titleDesk.minimalGets)) };
    return {
      figures: { purchases: context.purchases, titleDesk, naive, naiveToTitleDeskGets: round(naive.serverCounts.result / Math.max(1, titleDesk.serverCounts.result)) },
      tables: [{ columns: ['', 'TitleDesk', 'naive 1 s poll', 'goal', ''], rows: rows(titleDesk, naive, context.purchases) }],
      notes: [
        'Each client runs in its own process against its own sandbox process; CPU and RSS are the client process only.',
        'Minimal GETs: the advice of each answer (303 Retry-After, 202 max-age) is replayed over the TitleDesk run; a GET sent before the previous answer allowed is early, and the minimum is every GET but the early ones that did not get the 200 (so it equals the GETs made when none is early).',
        'The naive run is the same workload (same titles, seed and pacing) on a fresh sandbox, so its GETs are set against the same minimum; its early GETs are judged against the advice it received and ignored.',
      ],
    };
  },
};
