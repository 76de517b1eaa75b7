/** What every section of the bench returns: figures for results.json and a table for stdout. */
export interface SectionTable {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

export interface SectionOutcome {
  readonly figures: Record<string, unknown>;
  readonly tables: readonly SectionTable[];
  /** Caveats printed under the table and kept in results.json (pending UI, method notes). */
  readonly notes?: readonly string[];
}

export interface BenchContext {
  /** Purchases per workload: 1,000 for the reference run, fewer while iterating. */
  readonly purchases: number;
  /** How many times each timing-sensitive measurement runs (median and worst are reported). */
  readonly runs: number;
  readonly log: (message: string) => void;
}

export interface Section {
  readonly name: string;
  readonly title: string;
  run(context: BenchContext): Promise<SectionOutcome>;
}

/** The workload pacing of issue 6: Retry-After and max-age 1–3 s, ready after 1–20 s. */
export const issuePacing = { retryAfterSeconds: [1, 3], maxAgeSeconds: [1, 3], readySeconds: [1, 20] } satisfies Record<string, [number, number]>;

export function goalMark(met: boolean): string {
  return met ? 'met' : 'MISSED';
}
