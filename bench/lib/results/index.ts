/**
 * bench/results.json and the figures of docs/performance.md made from it. What it promises:
 *
 * - Every section in the file names the run it came from, and every run keeps the machine and
 *   load it ran on: a file merged from `--only` runs says so instead of pairing one run's sections
 *   with another run's machine (results-file.ts).
 * - The Performance figures are generated from results.json only (`npm run bench:readme`, and at
 *   the end of every bench run that writes the file), so the two cannot disagree
 *   (readme-table.ts; the team section's rows in team-table.ts, the reading of a figure in
 *   figure-reading.ts).
 */
export { generatedEnd, generatedStart, performanceMarkdown, performancePagePath, replaceGenerated } from './readme-table.ts';
export { benchResultsSchema, benchRunSchema, mergeResults, newRunId, parseResults, type BenchResults, type BenchRun } from './results-file.ts';
