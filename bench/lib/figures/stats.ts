/** Small statistics helpers; every figure in the results is computed by one of these. */

/** Nearest-rank percentile (p in 0..100) of unsorted samples; undefined for no samples. */
export function percentile(samples: readonly number[], p: number): number | undefined {
  if (samples.length === 0) return undefined;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

export function mean(samples: readonly number[]): number | undefined {
  if (samples.length === 0) return undefined;
  return samples.reduce((sum, value) => sum + value, 0) / samples.length;
}

export function round(value: number | undefined, digits = 2): number | null {
  if (value === undefined || !Number.isFinite(value)) return null;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** The most events that fall in any window of `windowMs` (sliding, anchored on each event). */
export function maxInWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end += 1) {
    const last = sorted[end] ?? 0;
    while ((sorted[start] ?? last) <= last - windowMs) start += 1;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

/** Median and worst of one figure over repeated runs: the highest, or the lowest for a figure that is `worse: 'lower'` (a rate). */
export function medianAndWorst(values: readonly (number | null)[], worse: 'higher' | 'lower' = 'higher'): { median: number | null; worst: number | null } {
  const sorted = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return { median: null, worst: null };
  const middle = sorted.length / 2;
  const median = sorted.length % 2 === 1 ? sorted[Math.floor(middle)] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return { median: round(median), worst: round(worse === 'higher' ? sorted.at(-1) : sorted[0]) };
}

/** A figure for the table: '-' when there is none. */
export function show(value: number | string | null | undefined, unit = ''): string {
  if (value === null || value === undefined) return '-';
  return typeof value === 'number' ? `${value}${unit}` : value;
}

/** "median" when every run agreed, else "median (worst W)". */
export function showMedianAndWorst({ median, worst }: { median: number | null; worst: number | null }, unit = ''): string {
  return median === worst ? show(median, unit) : `${show(median, unit)} (worst ${show(worst, unit)})`;
}
