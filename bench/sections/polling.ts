import { eventLoopDelayNote } from '../lib/machine/event-loop-delay.ts';
import { paceNote, probePace, type MachinePace } from '../lib/machine/machine-pace.ts';
import { repeatRuns, type LoadedRun } from '../lib/machine/repeat.ts';
import { goalMark, type Section, type SectionOutcome } from '../lib/figures/section.ts';
import { medianAndWorst, show, showMedianAndWorst } from '../lib/figures/stats.ts';
import { adviceGranularityMs, benchConnections, pollingClients, runPollingClient, type ClientRun } from './polling-clients.ts';

interface RunSet {
  readonly clients: Record<string, ClientRun>;
  readonly paceBefore: MachinePace;
}
type Figure = (run: ClientRun) => number | null;


function summary(runs: readonly LoadedRun<RunSet>[], key: string, figure: Figure): { median: number | null; worst: number | null } {
  return medianAndWorst(runs.map((set) => {
    const run = set.clients[key];
    return run === undefined ? null : figure(run);
  }));
}

/** "median" when every run agreed, else "median (worst W)". */
function cell(runs: readonly LoadedRun<RunSet>[], key: string, figure: Figure, unit = ''): string {
  return showMedianAndWorst(summary(runs, key, figure), unit);
}

const measures: readonly { label: string; figure: Figure; unit?: string; goal?: string; met?: (median: number | null) => boolean }[] = [
  { label: 'POSTs (sandbox count)', figure: (run) => run.serverCounts.purchase },
  { label: 'token / discovery requests', figure: (run) => run.serverCounts.token + run.serverCounts.discovery, goal: '2', met: (median) => median === 2 },
  { label: 'result GETs (sandbox count)', figure: (run) => run.gets },
  { label: 'minimal GETs (sandbox: perfect client)', figure: (run) => run.minimalGets },
  { label: 'GETs / minimal', figure: (run) => run.getsToMinimal, goal: '1.00', met: (median) => median === 1 },
  { label: 'early GETs (sandbox log)', figure: (run) => run.earlyGets, goal: '0', met: (median) => median === 0 },
  { label: 'lateness p50', figure: (run) => run.latenessP50Ms, unit: ' ms' },
  { label: 'lateness p99', figure: (run) => run.latenessP99Ms, unit: ' ms', goal: '<= 50 ms', met: (median) => (median ?? Infinity) <= 50 },
  { label: 'lateness max', figure: (run) => run.latenessMaxMs, unit: ' ms' },
  { label: 'ready to result p50', figure: (run) => run.readyToResultP50Ms, unit: ' ms' },
  {
    label: 'ready to result p99',
    figure: (run) => run.readyToResultP99Ms,
    unit: ' ms',
    goal: `<= ${adviceGranularityMs + 50} ms`,
    met: (median) => (median ?? Infinity) <= adviceGranularityMs + 50,
  },
  { label: 'perfect client: ready to result p50', figure: (run) => run.perfectReadyToResultP50Ms, unit: ' ms' },
  { label: 'perfect client: ready to result p99', figure: (run) => run.perfectReadyToResultP99Ms, unit: ' ms' },
  { label: 'purchases without a result', figure: (run) => run.withoutResult, goal: '0', met: (median) => median === 0 },
  { label: 'event-loop delay p99', figure: (run) => run.eventLoopDelayP99Ms, unit: ' ms', goal: '<= 20 ms', met: (median) => (median ?? Infinity) <= 20 },
  { label: 'event-loop delay max', figure: (run) => run.eventLoopDelayMaxMs, unit: ' ms' },
  { label: 'wall time', figure: (run) => run.wallSeconds, unit: ' s' },
  { label: 'CPU while running', figure: (run) => run.cpuSeconds, unit: ' s' },
  { label: 'CPU per request (POST or GET)', figure: (run) => run.cpuMicrosPerRequest, unit: ' µs' },
  { label: 'peak RSS', figure: (run) => run.peakRssMiB, unit: ' MiB', goal: '<= 150 MiB', met: (median) => (median ?? Infinity) <= 150 },
];

function rows(runs: readonly LoadedRun<RunSet>[]): string[][] {
  const table = measures.map((measure) => {
    const cells = pollingClients.map((client) => cell(runs, client.key, measure.figure, measure.unit));
    const median = summary(runs, 'titleDesk', measure.figure).median;
    return [measure.label, ...cells, measure.goal ?? '', measure.met === undefined ? '' : goalMark(measure.met(median))];
  });
  const cpu = (key: string): number | null => summary(runs, key, (run) => run.cpuSeconds).median;
  const cpuRatio = (cpu('titleDesk') ?? Infinity) / (cpu('naive1s') ?? 0);
  table.push(['CPU: TitleDesk / naive 1 s', show(Number.isFinite(cpuRatio) ? Math.round(cpuRatio * 100) / 100 : null), '', '', '<= 0.6', goalMark(cpuRatio <= 0.6)]);
  return table;
}

function sameWorkload(runs: readonly LoadedRun<RunSet>[]): boolean {
  const digests = new Set(runs.flatMap((set) => Object.values(set.clients).map((run) => run.workload)));
  return digests.size === 1;
}

export const pollingSection: Section = {
  name: 'polling',
  title: 'Polling discipline at scale (Retry-After and max-age 1-3 s, ready after 1-20 s), judged from the sandbox log',
  async run(context): Promise<SectionOutcome> {
    const runs = await repeatRuns(context.runs, async (run) => {
      // In the bench's own process, before the clients' processes start: nothing of it lingers in theirs.
      const paceBefore = await probePace();
      const clients: Record<string, ClientRun> = {};
      for (const client of pollingClients) {
        context.log(`polling: run ${run}/${context.runs}, ${client.label}, ${context.purchases} purchases`);
        clients[client.key] = await runPollingClient(client, context.purchases);
      }
      return { clients, paceBefore };
    });
    const same = sameWorkload(runs);
    const summaries = Object.fromEntries(pollingClients.map((client) => [
      client.key,
      Object.fromEntries(measures.map((measure) => [measure.label, summary(runs, client.key, measure.figure)])),
    ]));
    return {
      figures: { purchases: context.purchases, runs: context.runs, connections: benchConnections, sameWorkload: same, summaries, raw: runs },
      tables: [{ columns: ['median of runs (worst)', ...pollingClients.map((client) => client.label), 'goal', ''], rows: rows(runs) }],
      notes: [
        `${context.runs} runs; in each, every client runs in its own process against a fresh sandbox process with the same seed, one after the other, with ${benchConnections} connections each. CPU and RSS are the client process only. Each client is one bundled file, built as the desktop app's main process is (bench/lib/children/worker-build.ts). Goals are judged on the median.`,
        `Same workload for every client and run: ${same ? 'yes' : 'NO'} (the sandbox draws each purchase's readiness and advice from the seed and the purchase's sequence number; the digest of every plan is compared).`,
        'Early and late are judged from the sandbox log only: a GET is early when it arrives before the previous answer for that purchase left plus the wait that answer advised (303 Retry-After, 202 max-age); lateness is how long after that moment it arrived.',
        'Minimal GETs: the GETs of a perfect client, planned by the sandbox at each POST (one at the Retry-After, then one each advised max-age until the data is ready). A client that is late by whole seconds can make fewer.',
        'Ready to result: from the moment the sandbox made the data ready to the 200 leaving it. The perfect client waits up to the next whole-second checkpoint, which sets the floor.',
        `Machine load (1-minute average) before/after each run: ${runs.map((run) => `${String(run.loadBefore[0])}/${String(run.loadAfter[0])}`).join(', ')}.`,
        eventLoopDelayNote,
        paceNote(runs),
      ],
    };
  },
};
