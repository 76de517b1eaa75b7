import type { PurchaseTiming } from './sandbox-judge.ts';

/** What a goal on how fast POSTs go out asks of any client, given the workload's advice. */
export interface PostingDemand {
  /** Result GETs that come due within the span, each exactly when the sandbox's advice allows. */
  readonly getsDue: number;
  /** The POSTs and those GETs, per second of the span. */
  readonly requestsPerSecond: number;
  /** The most POSTs and GETs due in any one second of the run, from the first POST. */
  readonly busiestSecond: number;
}

/**
 * A perfect client that sends the workload's POSTs evenly over `spanMs` (in the sandbox's
 * sequence order) and each result GET at the moment the advice allows: the sandbox's plan for each
 * purchase (its checkpoints, counted from the POST) moved to that POST's moment. The plan comes
 * from the seed and the purchase's sequence number, so it is the same whichever client ran.
 */
export function evenPostingDemand(timings: readonly PurchaseTiming[], spanMs: number): PostingDemand {
  const ordered = [...timings].sort((a, b) => a.sequence - b.sequence);
  const perSecond = new Map<number, number>();
  const count = (at: number): void => {
    const second = Math.floor(at / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
  };
  let getsDue = 0;
  ordered.forEach((timing, index) => {
    const postAt = (spanMs * index) / ordered.length;
    count(postAt);
    for (const checkpoint of timing.checkpoints) {
      const dueAt = postAt + checkpoint - timing.createdAt;
      count(dueAt);
      if (dueAt < spanMs) getsDue += 1;
    }
  });
  return {
    getsDue,
    requestsPerSecond: Math.round(((ordered.length + getsDue) * 1000) / spanMs),
    busiestSecond: Math.max(0, ...perSecond.values()),
  };
}
