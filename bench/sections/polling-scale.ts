import { availableParallelism } from 'node:os';
import { cpuSampleMs } from '../lib/machine/cpu-timeline.ts';
import { eventLoopDelayNote } from '../lib/machine/event-loop-delay.ts';
import { paceNote, probePace, type MachinePace } from '../lib/machine/machine-pace.ts';
import { repeatRuns, type LoadedRun } from '../lib/machine/repeat.ts';
import { goalMark, type Section, type SectionOutcome } from '../lib/figures/section.ts';
import { medianAndWorst, round, show, showMedianAndWorst } from '../lib/figures/stats.ts';
import { ceilingSummaries, ceilingTable, postsGoalMs, type CeilingRun } from '../lib/polling/ceiling-measures.ts';
import { runCeiling } from './ceiling-client.ts';
import { adviceGranularityMs, benchConnections, pollingClients, runPollingClient, type ClientRun, type PollingClient } from './polling-clients.ts';

/** The two sizes compared: the reference run, and ten times as many purchases in flight at once. */
export const scaleSizes = [1000, 10_000] as const;
type Size = (typeof scaleSizes)[number];
/**
 * TitleDesk at each size; the naive 3 s client at 10,000, what a client that journals nothing manages
 * on the same machine; and the bare client at 10,000, the most the machine and the sandbox answer.
 */
type RunSet = Record<`at${Size}`, ClientRun> & { readonly naiveAt10000: ClientRun; readonly ceilingAt10000: CeilingRun; readonly paceBefore: MachinePace };
type Column = Exclude<keyof RunSet, 'paceBefore' | 'ceilingAt10000'>;
const columns: readonly { readonly key: Column; readonly size: Size; readonly heading: string }[] = [
  { key: 'at1000', size: 1000, heading: 'TitleDesk, 1,000 purchases' },
  { key: 'at10000', size: 10_000, heading: 'TitleDesk, 10,000 purchases' },
  { key: 'naiveAt10000', size: 10_000, heading: 'naive 3 s, 10,000 (no journal; no goal)' },
];
type Figure = (run: ClientRun) => number | null;

function cpuMicrosPerPurchase(run: ClientRun): number | null {
  return run.purchases === 0 ? null : round((run.cpuSeconds * 1e6) / run.purchases, 0);
}

interface Measure {
  readonly label: string;
  readonly figure: Figure;
  readonly unit?: string;
  /** A rate is worse when lower; every other figure here when higher. */
  readonly worse?: 'lower';
  /** The goal at each size, and whether the median meets it. */
  readonly goal?: (size: Size) => { text: string; met: (median: number | null) => boolean } | undefined;
}

const atMost = (limit: number, unit: string) => ({ text: `<= ${limit.toLocaleString('en-GB')}${unit}`, met: (median: number | null) => (median ?? Infinity) <= limit });
const exactly = (value: number, text = String(value)) => ({ text, met: (median: number | null) => median === value });

export const scaleMeasures: readonly Measure[] = [
  { label: 'POSTs (sandbox count)', figure: (run) => run.serverCounts.purchase },
  { label: 'POSTs: first arrival to last answer', figure: (run) => run.postsSpanMs, unit: ' ms', goal: (size) => (size === 10_000 ? atMost(postsGoalMs, ' ms') : undefined) },
  { label: 'result GETs answered while POSTs are answered', figure: (run) => run.getsWhilePosting },
  { label: 'POSTs and GETs answered per second while POSTs are answered', figure: (run) => run.requestsPerSecondWhilePosting, unit: ' /s', worse: 'lower' },
  { label: 'CPU while POSTs are answered: client, all its threads (cores)', figure: (run) => run.cpuWhilePosting.client?.cores ?? null },
  { label: "client's main thread on a CPU while POSTs are answered (share of the span)", figure: (run) => run.cpuWhilePosting.client?.mainThread ?? null },
  { label: "client's main thread waiting for a CPU while POSTs are answered (share of the span)", figure: (run) => run.cpuWhilePosting.client?.mainThreadWaiting ?? null },
  { label: 'CPU while POSTs are answered: sandbox (cores)', figure: (run) => run.cpuWhilePosting.sandbox?.cores ?? null },
  { label: "sandbox's main thread waiting for a CPU while POSTs are answered (share of the span)", figure: (run) => run.cpuWhilePosting.sandbox?.mainThreadWaiting ?? null },
  { label: 'result GETs / minimal', figure: (run) => run.getsToMinimal, goal: () => exactly(1, '1.00') },
  { label: 'early GETs (sandbox log)', figure: (run) => run.earlyGets, goal: () => exactly(0) },
  { label: 'lateness p99', figure: (run) => run.latenessP99Ms, unit: ' ms', goal: () => atMost(50, ' ms') },
  { label: 'lateness p99 while POSTs are answered', figure: (run) => run.latenessWhilePostingP99Ms, unit: ' ms' },
  { label: 'lateness p99 after the last POST', figure: (run) => run.latenessAfterPostsP99Ms, unit: ' ms' },
  { label: 'lateness max', figure: (run) => run.latenessMaxMs, unit: ' ms' },
  { label: 'ready to result p99', figure: (run) => run.readyToResultP99Ms, unit: ' ms', goal: () => atMost(adviceGranularityMs + 50, ' ms') },
  { label: 'purchases without a result', figure: (run) => run.withoutResult, goal: () => exactly(0) },
  { label: 'event-loop delay p99', figure: (run) => run.eventLoopDelayP99Ms, unit: ' ms', goal: () => atMost(20, ' ms') },
  { label: 'event-loop delay max', figure: (run) => run.eventLoopDelayMaxMs, unit: ' ms' },
  { label: 'wall time', figure: (run) => run.wallSeconds, unit: ' s' },
  { label: 'CPU while running', figure: (run) => run.cpuSeconds, unit: ' s' },
  { label: 'CPU per purchase', figure: cpuMicrosPerPurchase, unit: ' µs' },
  { label: 'CPU per request (POST or GET)', figure: (run) => run.cpuMicrosPerRequest, unit: ' µs' },
  { label: 'peak RSS', figure: (run) => run.peakRssMiB, unit: ' MiB', goal: (size) => atMost(size === 1000 ? 150 : 600, ' MiB') },
  { label: "journal's log at its largest", figure: (run) => run.journalLog?.peakMiB ?? null, unit: ' MiB' },
  { label: "journal's log given back after the last purchase settled", figure: (run) => run.journalLog?.givenBackSeconds ?? null, unit: ' s' },
  { label: 'answers the journal refused (each asked again)', figure: (run) => run.journalRefusals ?? null },
];

function summary(runs: readonly LoadedRun<RunSet>[], column: Column, figure: Figure, worse?: 'higher' | 'lower'): { median: number | null; worst: number | null } {
  return medianAndWorst(runs.map((set) => figure(set[column])), worse);
}

function cell(runs: readonly LoadedRun<RunSet>[], column: (typeof columns)[number], measure: Measure): string {
  const figures = summary(runs, column.key, measure.figure, measure.worse);
  const shown = showMedianAndWorst(figures, measure.unit);
  // The goals are TitleDesk's: the naive client is there for comparison only.
  const goal = column.key === 'naiveAt10000' ? undefined : measure.goal?.(column.size);
  return goal === undefined ? shown : `${shown} [${goal.text}: ${goalMark(goal.met(figures.median))}]`;
}

function rows(runs: readonly LoadedRun<RunSet>[]): string[][] {
  const table = scaleMeasures.map((measure) => [measure.label, ...columns.map((column) => cell(runs, column, measure))]);
  const small = summary(runs, 'at1000', cpuMicrosPerPurchase).median;
  const large = summary(runs, 'at10000', cpuMicrosPerPurchase).median;
  const flat = small !== null && large !== null && large <= small;
  table.push(['CPU per purchase: 10,000 no higher than 1,000', show(small, ' µs'), `${show(large, ' µs')} [${goalMark(flat)}]`, '']);
  return table;
}

const titleDesk = pollingClients.find((client) => client.key === 'titleDesk');
const naive3s = pollingClients.find((client) => client.key === 'naive3s');

/**
 * TitleDesk at 1,000 and at 10,000 purchases in flight, with the polling section's pacing and
 * connection limit: does it stay on time, and does its cost per purchase stay flat? Beside it, the
 * naive 3 s client at 10,000, which writes nothing to disk: how fast this machine and the sandbox
 * take 10,000 POSTs at all. The 1 s one is left out: at 10,000 it mostly measures the sandbox.
 */
export const scaleSection: Section = {
  name: 'scale',
  title: 'TitleDesk at 1,000 and 10,000 concurrent purchases (same pacing and connections), judged from the sandbox log',
  async run(context): Promise<SectionOutcome> {
    if (titleDesk === undefined || naive3s === undefined) throw new Error('The polling clients name no TitleDesk or naive 3 s client.');
    const measure = (run: number, client: PollingClient, size: Size): Promise<ClientRun> => {
      context.log(`scale: run ${run}/${context.runs}, ${client.label}, ${size.toLocaleString('en-GB')} purchases`);
      return runPollingClient(client, size);
    };
    const runs = await repeatRuns(context.runs, async (run): Promise<RunSet> => {
      // In the bench's own process, before the clients' processes start: nothing of it lingers in theirs.
      const paceBefore = await probePace();
      const at1000 = await measure(run, titleDesk, 1000);
      const at10000 = await measure(run, titleDesk, 10_000);
      const naiveAt10000 = await measure(run, naive3s, 10_000);
      context.log(`scale: run ${run}/${context.runs}, bare client, 10,000 purchases`);
      const ceilingAt10000 = await runCeiling(10_000);
      return { at1000, at10000, naiveAt10000, ceilingAt10000, paceBefore };
    });
    const summaries = {
      ...Object.fromEntries(columns.map((column) => [
        column.key,
        Object.fromEntries(scaleMeasures.map((measure) => [measure.label, summary(runs, column.key, measure.figure, measure.worse)])),
      ])),
      ceilingAt10000: ceilingSummaries(runs.map((set) => set.ceilingAt10000)),
    };
    return {
      figures: { sizes: scaleSizes, runs: context.runs, connections: benchConnections, summaries, raw: runs },
      tables: [
        { columns: ['median of runs (worst) [goal]', ...columns.map((column) => column.heading)], rows: rows(runs) },
        ceilingTable(runs.map((set) => set.ceilingAt10000)),
      ],
      notes: [
        `${context.runs} runs; in each, TitleDesk buys 1,000 then 10,000 distinct (title, variable) pairs at once, then the naive 3 s client buys the same 10,000, then the bare client does, each against a fresh sandbox process, with ${benchConnections} connections. CPU and RSS are the client process only. Each client is one bundled file, built as the desktop app's main process is (bench/lib/children/worker-build.ts).`,
        'POSTs: from the first POST arriving at the sandbox to the answer of the last one leaving it. The result GETs answered within that span are those of the purchases sent first, which came due as advised while later ones were still being sent; with the POSTs they give the requests the sandbox answered per second meanwhile. Lateness is also split at that last answer: GETs while purchases are still being sent compete with the POSTs for the event loop and the connections.',
        `While POSTs are answered: the CPU (user + system) the client and the sandbox used in that span, in cores, and each main thread's share of the span on a CPU (process.threadCpuUsage) and ready to run but waiting for a CPU (Linux's schedstat), from timelines each process samples every ${String(cpuSampleMs)} ms (bench/lib/machine/cpu-timeline.ts). A main thread on a CPU all the span could not have gone faster; one kept waiting for a CPU was held back by the machine (${String(availableParallelism())} cores here, shared by both processes and the threads of each).`,
        `Machine load (1-minute average) before/after each run: ${runs.map((run) => `${String(run.loadBefore[0])}/${String(run.loadAfter[0])}`).join(', ')}.`,
        eventLoopDelayNote,
        'The bare client (bench/workers/bare-client.ts) sends every POST at once, then one GET of every result address at once, and nothing else: no validation, journal, schedule or advice. Its rates are what this machine and the sandbox answer at all. The perfect client sends the same POSTs evenly over 3 s and each GET exactly when advised (the sandbox\'s plan for each purchase); the bare client\'s time for those POSTs and the GETs due within the 3 s, at its own rates, says whether any client could meet the 3 s goal here.',
        paceNote(runs),
      ],
    };
  },
};
