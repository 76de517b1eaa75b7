import { z } from 'zod';
import { hashString } from '../../../electron/sandbox/seeded.ts';
import { percentile, round } from '../figures/stats.ts';

/**
 * Polling judged from the sandbox's side only: its request log (when each request arrived, when
 * each answer left and the wait it advised) and its record of each purchase (when the data
 * became ready, and the GET moments of a client that waits exactly as advised). Nothing a client
 * says about itself is used, so every client is judged by the same ruler.
 */
export const judgedEntrySchema = z.object({
  time: z.number(),
  arrivedAt: z.number(),
  method: z.string(),
  status: z.number(),
  class: z.string(),
  path: z.string(),
  purchaseId: z.string().optional(),
  adviceSeconds: z.number().optional(),
});
export type JudgedEntry = z.infer<typeof judgedEntrySchema>;

export const purchaseTimingSchema = z.object({
  id: z.string(),
  sequence: z.number(),
  createdAt: z.number(),
  readyAt: z.number(),
  checkpoints: z.array(z.number()).readonly(),
});
export type PurchaseTiming = z.infer<typeof purchaseTimingSchema>;

export interface PollingJudgement {
  readonly purchases: number;
  readonly posts: number;
  /** From the first POST arriving to the last POST's answer leaving: how fast a client gets its purchases in. */
  readonly postsSpanMs: number | null;
  /**
   * Result GETs answered within that span, beside the POSTs: the purchases sent first come due
   * while later ones are still being sent, and both share the connections.
   */
  readonly getsWhilePosting: number | null;
  /** POSTs and result GETs answered per second within that span: how busy the client kept the sandbox. */
  readonly requestsPerSecondWhilePosting: number | null;
  readonly gets: number;
  /** GETs of a client that sends each one exactly when the sandbox's advice allows (the checkpoints). */
  readonly minimalGets: number;
  readonly getsToMinimal: number | null;
  /** GETs that arrived before the previous answer for that purchase allowed. */
  readonly earlyGets: number;
  readonly latenessP50Ms: number | null;
  readonly latenessP99Ms: number | null;
  readonly latenessMaxMs: number | null;
  /**
   * Lateness p99 of the GETs that arrived while POSTs were still being answered (up to the last
   * POST's answer), and of those after: purchases being sent compete with the GETs of those sent
   * first, for the client's event loop and for its connections.
   */
  readonly latenessWhilePostingP99Ms: number | null;
  readonly latenessAfterPostsP99Ms: number | null;
  /** From the data being ready to the 200 leaving the sandbox. */
  readonly readyToResultP50Ms: number | null;
  readonly readyToResultP99Ms: number | null;
  readonly readyToResultMaxMs: number | null;
  /** The same for the perfect client: the floor the advice's whole seconds set. */
  readonly perfectReadyToResultP50Ms: number | null;
  readonly perfectReadyToResultP99Ms: number | null;
  /** Purchases that never got a 200. */
  readonly withoutResult: number;
  /** A digest of every purchase's readiness and advice plan relative to its creation: equal digests, equal workloads. */
  readonly workload: string;
}

interface PurchaseTally {
  early: number;
  gets: number;
  /** Each GET's lateness, with when it arrived. */
  lateness: { ms: number; arrivedAt: number }[];
  resultAt: number | undefined;
  async: boolean;
}

/** Walks one purchase's exchanges in the order they arrived, judging each GET against the advice before it. */
function tallyPurchase(entries: readonly JudgedEntry[]): PurchaseTally {
  const tally: PurchaseTally = { early: 0, gets: 0, lateness: [], resultAt: undefined, async: false };
  let previous: JudgedEntry | undefined;
  for (const entry of entries) {
    if (entry.method === 'POST') tally.async = entry.status === 303;
    if (entry.status === 200) tally.resultAt ??= entry.time;
    if (entry.method === 'GET') {
      tally.gets += 1;
      if (previous?.adviceSeconds !== undefined) {
        const allowedAt = previous.time + previous.adviceSeconds * 1000;
        if (entry.arrivedAt < allowedAt) tally.early += 1;
        else tally.lateness.push({ ms: entry.arrivedAt - allowedAt, arrivedAt: entry.arrivedAt });
      }
    }
    previous = entry;
  }
  return tally;
}

function groupByPurchase(log: readonly JudgedEntry[]): Map<string, JudgedEntry[]> {
  const byPurchase = new Map<string, JudgedEntry[]>();
  for (const entry of log) {
    if (entry.purchaseId === undefined || (entry.class !== 'purchase' && entry.class !== 'result')) continue;
    const list = byPurchase.get(entry.purchaseId) ?? [];
    list.push(entry);
    byPurchase.set(entry.purchaseId, list);
  }
  for (const list of byPurchase.values()) list.sort((a, b) => a.arrivedAt - b.arrivedAt || a.time - b.time);
  return byPurchase;
}

/** Readiness and advice of every purchase relative to its creation, by sequence number. */
export function workloadDigest(timings: readonly PurchaseTiming[]): string {
  const parts = [...timings]
    .sort((a, b) => a.sequence - b.sequence)
    .map((timing) => `${timing.sequence}:${timing.readyAt - timing.createdAt}:${timing.checkpoints.map((at) => at - timing.createdAt).join(',')}`);
  return `${timings.length}-${hashString(parts.join(';')).toString(16).padStart(8, '0')}`;
}

/** Requests of one kind in the log: from the first arriving to the last answer leaving, and how many. */
export interface RequestPhase {
  readonly first: number;
  readonly last: number;
  readonly requests: number;
}

/** Undefined without POSTs. */
export function postsPhase(log: readonly JudgedEntry[]): RequestPhase | undefined {
  return phaseOf(log, 'purchase', 'POST');
}

/** The result GETs in the log, from the first arriving to the last answer leaving; undefined without any. */
export function resultGetsPhase(log: readonly JudgedEntry[]): RequestPhase | undefined {
  return phaseOf(log, 'result', 'GET');
}

function phaseOf(log: readonly JudgedEntry[], requestClass: string, method: string): RequestPhase | undefined {
  let first = Infinity;
  let last = -Infinity;
  let requests = 0;
  for (const entry of log) {
    if (entry.class !== requestClass || entry.method !== method) continue;
    first = Math.min(first, entry.arrivedAt);
    last = Math.max(last, entry.time);
    requests += 1;
  }
  return Number.isFinite(first) ? { first, last, requests } : undefined;
}

/** Result GETs answered within the POSTs' phase. */
function getsAnsweredWithin(log: readonly JudgedEntry[], phase: RequestPhase): number {
  let gets = 0;
  for (const entry of log) {
    if (entry.class === 'result' && entry.method === 'GET' && entry.time >= phase.first && entry.time <= phase.last) gets += 1;
  }
  return gets;
}

/** The phase's span, the result GETs answered within it, and all the requests answered per second then. */
function postingFigures(log: readonly JudgedEntry[], phase: RequestPhase | undefined): Pick<PollingJudgement, 'postsSpanMs' | 'getsWhilePosting' | 'requestsPerSecondWhilePosting'> {
  if (phase === undefined) return { postsSpanMs: null, getsWhilePosting: null, requestsPerSecondWhilePosting: null };
  const spanMs = phase.last - phase.first;
  const gets = getsAnsweredWithin(log, phase);
  return {
    postsSpanMs: round(spanMs, 0),
    getsWhilePosting: gets,
    requestsPerSecondWhilePosting: spanMs <= 0 ? null : round(((phase.requests + gets) * 1000) / spanMs, 0),
  };
}

export function judgePolling(log: readonly JudgedEntry[], timings: readonly PurchaseTiming[]): PollingJudgement {
  const byPurchase = groupByPurchase(log);
  const lateness: number[] = [];
  const whilePosting: number[] = [];
  const afterPosts: number[] = [];
  const phase = postsPhase(log);
  const readyToResult: number[] = [];
  const perfect: number[] = [];
  let posts = 0;
  let gets = 0;
  let early = 0;
  let minimal = 0;
  let withoutResult = 0;
  for (const timing of timings) {
    const tally = tallyPurchase(byPurchase.get(timing.id) ?? []);
    posts += 1;
    gets += tally.gets;
    early += tally.early;
    for (const late of tally.lateness) {
      lateness.push(late.ms);
      (phase !== undefined && late.arrivedAt <= phase.last ? whilePosting : afterPosts).push(late.ms);
    }
    if (tally.async) minimal += timing.checkpoints.length;
    const lastCheckpoint = timing.checkpoints.at(-1);
    if (tally.async && lastCheckpoint !== undefined) perfect.push(lastCheckpoint - timing.readyAt);
    if (tally.resultAt === undefined) withoutResult += 1;
    else readyToResult.push(Math.max(0, tally.resultAt - timing.readyAt));
  }
  return {
    purchases: timings.length,
    posts,
    ...postingFigures(log, phase),
    gets,
    minimalGets: minimal,
    getsToMinimal: minimal === 0 ? null : round(gets / minimal),
    earlyGets: early,
    latenessP50Ms: round(percentile(lateness, 50), 1),
    latenessP99Ms: round(percentile(lateness, 99), 1),
    latenessMaxMs: round(percentile(lateness, 100), 1),
    latenessWhilePostingP99Ms: round(percentile(whilePosting, 99), 1),
    latenessAfterPostsP99Ms: round(percentile(afterPosts, 99), 1),
    readyToResultP50Ms: round(percentile(readyToResult, 50), 1),
    readyToResultP99Ms: round(percentile(readyToResult, 99), 1),
    readyToResultMaxMs: round(percentile(readyToResult, 100), 1),
    perfectReadyToResultP50Ms: round(percentile(perfect, 50), 1),
    perfectReadyToResultP99Ms: round(percentile(perfect, 99), 1),
    withoutResult,
    workload: workloadDigest(timings),
  };
}
