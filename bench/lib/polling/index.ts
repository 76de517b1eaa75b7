/**
 * Polling clients judged by one ruler. What it promises:
 *
 * - Polling is judged from the sandbox's side only: its request log and its record of each
 *   purchase (when the data became ready, when a client waiting exactly as advised would GET).
 *   Nothing a client says about itself is used (sandbox-judge.ts).
 * - Every client gets the same workload and reports in one shape: its CPU, its journal's
 *   write-ahead log, its event-loop delay (polling-analysis.ts); the script clients reach the
 *   sandbox as the service takes a purchase, with a token of their own (sandbox-purchase.ts).
 * - The ceiling: what a perfect client would have to do to meet a goal on how fast POSTs go out,
 *   and what the least any client can do gets from this machine and the sandbox
 *   (post-demand.ts, ceiling-measures.ts).
 */
export { ceilingMeasures, ceilingSummaries, ceilingTable, postsGoalMs, type CeilingRun } from './ceiling-measures.ts';
export { clientReportSchema, startUsage, workloadBuys, workloadSchema, type ClientReport, type Workload } from './polling-analysis.ts';
export { evenPostingDemand, type PostingDemand } from './post-demand.ts';
export {
  judgedEntrySchema,
  judgePolling,
  postsPhase,
  purchaseTimingSchema,
  resultGetsPhase,
  workloadDigest,
  type JudgedEntry,
  type PollingJudgement,
  type PurchaseTiming,
  type RequestPhase,
} from './sandbox-judge.ts';
export { apiHeaders, purchaseRequest, sandboxAccessToken } from './sandbox-purchase.ts';
