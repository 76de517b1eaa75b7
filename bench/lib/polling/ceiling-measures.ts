import type { CpuWithin } from '../machine/cpu-timeline.ts';
import type { PostingDemand } from './post-demand.ts';
import type { SectionTable } from '../figures/section.ts';
import { medianAndWorst, showMedianAndWorst } from '../figures/stats.ts';

/** The span within which the scale goal asks 10,000 POSTs to be answered. */
export const postsGoalMs = 3000;

/** What the least any client can do (bench/workers/bare-client.ts) gets from this machine and the sandbox. */
export interface CeilingRun {
  readonly postsSpanMs: number | null;
  readonly postsPerSecond: number | null;
  readonly getsPerSecond: number | null;
  /** CPU while its POSTs are answered: the sandbox is the busier of the two. */
  readonly cpuWhilePosting: { readonly client: CpuWithin | null; readonly sandbox: CpuWithin | null };
  /** The same workload's POSTs sent evenly over postsGoalMs by a perfect client, with its GETs as advised. */
  readonly demand: PostingDemand;
  /** How long this client would take for the POSTs and the GETs that demand has within the span, at its own rates. */
  readonly demandMs: number | null;
}

interface CeilingMeasure {
  readonly label: string;
  readonly figure: (run: CeilingRun) => number | null;
  readonly unit?: string;
  /** A rate is worse when lower; every other figure here when higher. */
  readonly worse?: 'lower';
}

const goalSeconds = `${String(postsGoalMs / 1000)} s`;

export const ceilingMeasures: readonly CeilingMeasure[] = [
  { label: 'bare client: POSTs, first arrival to last answer', figure: (run) => run.postsSpanMs, unit: ' ms' },
  { label: 'bare client: POSTs answered per second', figure: (run) => run.postsPerSecond, unit: ' /s', worse: 'lower' },
  { label: 'bare client: result GETs answered per second', figure: (run) => run.getsPerSecond, unit: ' /s', worse: 'lower' },
  { label: 'bare client: CPU while its POSTs are answered, client (cores)', figure: (run) => run.cpuWhilePosting.client?.cores ?? null },
  { label: 'bare client: CPU while its POSTs are answered, sandbox (cores)', figure: (run) => run.cpuWhilePosting.sandbox?.cores ?? null },
  { label: `perfect client, POSTs evenly over ${goalSeconds}: result GETs due within them`, figure: (run) => run.demand.getsDue },
  { label: `perfect client, POSTs evenly over ${goalSeconds}: POSTs and GETs per second within them`, figure: (run) => run.demand.requestsPerSecond, unit: ' /s' },
  { label: `perfect client, POSTs evenly over ${goalSeconds}: POSTs and GETs due in the busiest second`, figure: (run) => run.demand.busiestSecond },
  { label: 'bare client: time for those POSTs and GETs at its own rates', figure: (run) => run.demandMs, unit: ' ms' },
];

export function ceilingSummaries(runs: readonly CeilingRun[]): Record<string, { median: number | null; worst: number | null }> {
  return Object.fromEntries(ceilingMeasures.map((measure) => [measure.label, medianAndWorst(runs.map(measure.figure), measure.worse)]));
}

/** One row per measure: the median of the runs, and the worst where the runs differ. */
export function ceilingTable(runs: readonly CeilingRun[]): SectionTable {
  const summaries = ceilingSummaries(runs);
  return {
    columns: ['median of runs (worst)', '10,000 purchases'],
    rows: ceilingMeasures.map((measure) => [measure.label, showMedianAndWorst(summaries[measure.label] ?? { median: null, worst: null }, measure.unit)]),
  };
}
