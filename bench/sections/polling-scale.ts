import { repeatRuns, type LoadedRun } from '../lib/repeat.ts';
import { goalMark, type Section, type SectionOutcome } from '../lib/section.ts';
import { medianAndWorst, round, show } from '../lib/stats.ts';
import { adviceGranularityMs, benchConnections, pollingClients, runPollingClient, type ClientRun } from './polling-clients.ts';

/** The two sizes compared: the reference run, and ten times as many purchases in flight at once. */
export const scaleSizes = [1000, 10_000] as const;
type Size = (typeof scaleSizes)[number];
type RunSet = Record<`at${Size}`, ClientRun>;
type Figure = (run: ClientRun) => number | null;

function cpuMicrosPerPurchase(run: ClientRun): number | null {
  return run.purchases === 0 ? null : round((run.cpuSeconds * 1e6) / run.purchases, 0);
}

interface Measure {
  readonly label: string;
  readonly figure: Figure;
  readonly unit?: string;
  /** The goal at each size, and whether the median meets it. */
  readonly goal?: (size: Size) => { text: string; met: (median: number | null) => boolean } | undefined;
}

const atMost = (limit: number, unit: string) => ({ text: `<= ${limit.toLocaleString('en-GB')}${unit}`, met: (median: number | null) => (median ?? Infinity) <= limit });
const exactly = (value: number, text = String(value)) => ({ text, met: (median: number | null) => median === value });

export const scaleMeasures: readonly Measure[] = [
  { label: 'POSTs (sandbox count)', figure: (run) => run.serverCounts.purchase },
  { label: 'POSTs: first arrival to last answer', figure: (run) => run.postsSpanMs, unit: ' ms', goal: (size) => (size === 10_000 ? atMost(3000, ' ms') : undefined) },
  { label: 'result GETs / minimal', figure: (run) => run.getsToMinimal, goal: () => exactly(1, '1.00') },
  { label: 'early GETs (sandbox log)', figure: (run) => run.earlyGets, goal: () => exactly(0) },
  { label: 'lateness p99', figure: (run) => run.latenessP99Ms, unit: ' ms', goal: () => atMost(50, ' ms') },
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
];

function summary(runs: readonly LoadedRun<RunSet>[], size: Size, figure: Figure): { median: number | null; worst: number | null } {
  return medianAndWorst(runs.map((set) => figure(set[`at${size}`])));
}

function cell(runs: readonly LoadedRun<RunSet>[], size: Size, measure: Measure): string {
  const { median, worst } = summary(runs, size, measure.figure);
  const unit = measure.unit ?? '';
  const shown = median === worst ? show(median, unit) : `${show(median, unit)} (worst ${show(worst, unit)})`;
  const goal = measure.goal?.(size);
  return goal === undefined ? shown : `${shown} [${goal.text}: ${goalMark(goal.met(median))}]`;
}

function rows(runs: readonly LoadedRun<RunSet>[]): string[][] {
  const table = scaleMeasures.map((measure) => [measure.label, ...scaleSizes.map((size) => cell(runs, size, measure))]);
  const perPurchase = scaleSizes.map((size) => summary(runs, size, cpuMicrosPerPurchase).median);
  const [small, large] = perPurchase;
  const flat = small !== null && small !== undefined && large !== null && large !== undefined && large <= small;
  table.push(['CPU per purchase: 10,000 no higher than 1,000', show(small, ' µs'), `${show(large, ' µs')} [${goalMark(flat)}]`]);
  return table;
}

const titleDesk = pollingClients.find((client) => client.key === 'titleDesk');

/**
 * TitleDesk alone at 1,000 and at 10,000 purchases in flight, with the polling section's pacing
 * and connection limit: does it stay on time, and does its cost per purchase stay flat? The naive
 * clients are left out here: at 10,000 the 1 s one mostly measures the sandbox.
 */
export const scaleSection: Section = {
  name: 'scale',
  title: 'TitleDesk at 1,000 and 10,000 concurrent purchases (same pacing and connections), judged from the sandbox log',
  async run(context): Promise<SectionOutcome> {
    if (titleDesk === undefined) throw new Error('The polling clients name no TitleDesk client.');
    const measure = (run: number, size: Size): Promise<ClientRun> => {
      context.log(`scale: run ${run}/${context.runs}, ${size.toLocaleString('en-GB')} purchases`);
      return runPollingClient(titleDesk, size);
    };
    const runs = await repeatRuns(context.runs, async (run): Promise<RunSet> => {
      const at1000 = await measure(run, 1000);
      const at10000 = await measure(run, 10_000);
      return { at1000, at10000 };
    });
    const summaries = Object.fromEntries(scaleSizes.map((size) => [
      `at${size}`,
      Object.fromEntries(scaleMeasures.map((measure) => [measure.label, summary(runs, size, measure.figure)])),
    ]));
    return {
      figures: { sizes: scaleSizes, runs: context.runs, connections: benchConnections, summaries, raw: runs },
      tables: [{ columns: ['median of runs (worst) [goal]', ...scaleSizes.map((size) => `${size.toLocaleString('en-GB')} purchases`)], rows: rows(runs) }],
      notes: [
        `${context.runs} runs; in each, TitleDesk buys 1,000 then 10,000 distinct (title, variable) pairs at once against a fresh sandbox process, with ${benchConnections} connections. CPU and RSS are the client process only.`,
        'POSTs: from the first POST arriving at the sandbox to the answer of the last one leaving it.',
        `Machine load (1-minute average) before/after each run: ${runs.map((run) => `${String(run.loadBefore[0])}/${String(run.loadAfter[0])}`).join(', ')}.`,
      ],
    };
  },
};
