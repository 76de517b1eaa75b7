import { currentLoad } from './machine.ts';

/** One run of a timing-sensitive measurement, with the machine's load around it. */
export type LoadedRun<T> = T & { readonly run: number; readonly loadBefore: readonly number[]; readonly loadAfter: readonly number[] };

/**
 * Runs a timing-sensitive measurement several times in a row (two shared cores make one run
 * noisy) and keeps the load average before and after each, so a bad run can be told from a
 * busy machine. Callers report the median and the worst.
 */
export async function repeatRuns<T extends object>(count: number, measure: (run: number) => Promise<T>): Promise<LoadedRun<T>[]> {
  const runs: LoadedRun<T>[] = [];
  for (let run = 1; run <= count; run += 1) {
    const loadBefore = currentLoad();
    const outcome = await measure(run);
    runs.push({ ...outcome, run, loadBefore, loadAfter: currentLoad() });
  }
  return runs;
}
