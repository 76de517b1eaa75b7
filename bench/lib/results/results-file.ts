import { z } from 'zod';

/**
 * bench/results.json. Every section names the run it came from, and every run keeps the machine
 * and load it ran on: a file merged from `--only` runs says so instead of pairing one run's
 * sections with another run's machine.
 */
export const benchRunSchema = z.object({
  startedAt: z.string(),
  command: z.string(),
  purchases: z.number(),
  repeats: z.number(),
  machine: z.object({
    cpuModel: z.string(),
    cpuCount: z.number(),
    totalMemoryGiB: z.number(),
    node: z.string(),
    platform: z.string(),
    loadavg: z.array(z.number()),
  }).loose(),
  loadavgAfter: z.array(z.number()),
});
export type BenchRun = z.infer<typeof benchRunSchema>;

export const benchResultsSchema = z.object({
  runs: z.record(z.string(), benchRunSchema),
  sections: z.record(z.string(), z.object({ runId: z.string(), title: z.string() }).loose()),
});
export type BenchResults = z.infer<typeof benchResultsSchema>;

/** Unique enough to tell runs apart in one file: the start time and the process. */
export function newRunId(startedAt: Date, pid: number): string {
  return `${startedAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}-${pid}`;
}

/**
 * The file after a run: a run of every section replaces the file whole; a partial run replaces
 * its own sections and keeps the others, each still naming its own run, and drops runs no
 * section refers to any more.
 */
export function mergeResults(previous: BenchResults | undefined, runId: string, run: BenchRun, sections: BenchResults['sections'], whole: boolean): BenchResults {
  const kept = whole || previous === undefined ? {} : previous.sections;
  const merged = { ...kept, ...sections };
  const runs: Record<string, BenchRun> = {};
  for (const section of Object.values(merged)) {
    const known = section.runId === runId ? run : previous?.runs[section.runId];
    if (known !== undefined) runs[section.runId] = known;
  }
  return { runs, sections: merged };
}

export function parseResults(text: string): BenchResults | undefined {
  try {
    const parsed = benchResultsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
