/**
 * What a section of the bench returns, and how its figures are made and shown. What it promises:
 *
 * - Every section returns figures for results.json and a table for stdout, with its caveats kept
 *   beside them (section.ts).
 * - Every figure in the results is computed by one of a few small statistics helpers:
 *   nearest-rank percentiles, medians and the worst of repeated runs, rounding (stats.ts).
 * - Tables are plain fixed-width columns, readable in a terminal and a CI log alike (table.ts).
 * - How long a team desk's change took to reach the other desks' journals and a desk's screen,
 *   each measured from the change on the desk that made it (team-delays.ts).
 */
export { goalMark, issuePacing, type BenchContext, type Section, type SectionOutcome, type SectionTable } from './section.ts';
export { maxInWindow, mean, medianAndWorst, percentile, round, show, showMedianAndWorst } from './stats.ts';
export { formatTable } from './table.ts';
export { propagationMs, screenMs, type DeskEvent } from './team-delays.ts';
