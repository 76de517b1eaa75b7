import { randomFor } from '../seeded.ts';
import type { SecondsRange } from '../service-state.ts';

/**
 * Each purchase's timing comes from the seed and the purchase's own sequence number (1 for the
 * first purchase the sandbox creates, 2 for the next…), never from a stream shared with other
 * requests: two clients that make different numbers of GETs still meet the same workload, and
 * a benchmark can set them side by side.
 *
 * At the POST the sandbox plans the advice for the whole pending period: the 303's Retry-After
 * and the moments ("checkpoints") at which a client that waits exactly as advised sends its
 * GETs. A 202 advises waiting until the next checkpoint, so the GETs of a perfect client are
 * the checkpoints, and their count is the least any client that respects the advice can make.
 */
export interface AdvicePlan {
  /** When the result resource stops answering 202. */
  readonly readyAt: number;
  readonly retryAfterSeconds: number;
  /**
   * The GET moments of a perfect client, the last one at or after readyAt. Empty when a zero
   * wait is advised while the data is not ready: then no number of GETs is the least.
   */
  readonly checkpoints: readonly number[];
}

// A plan longer than this is not a plan a client could follow (ready after hours at 1 s steps).
const checkpointLimit = 100_000;

function drawWholeSeconds(random: () => number, range: SecondsRange): number {
  const [min, max] = range;
  return Math.round(min + random() * (max - min));
}

function untilSeconds(from: number, to: number): number {
  return Math.max(0, Math.ceil((to - from) / 1000));
}

/** The random stream of one purchase: everything drawn for it, in a fixed order. */
export function purchaseRandom(seed: number, sequence: number): () => number {
  return randomFor(seed, 'purchase-pacing', sequence);
}

/** Milliseconds until one variable's data is ready, drawn from the purchase's own stream. */
export function drawReadyMs(random: () => number, range: SecondsRange): number {
  const [min, max] = range;
  return Math.round((min + random() * (max - min)) * 1000);
}

/**
 * The advice for a purchase answered 303 at `now`. No wait ever reaches past the moment the
 * data is ready: the GET after a capped wait gets the 200.
 */
export function planAdvice(options: { random: () => number; now: number; readyAt: number; retryAfter: SecondsRange; maxAge: SecondsRange }): AdvicePlan {
  const { random, now, readyAt } = options;
  const retryAfterSeconds = Math.min(drawWholeSeconds(random, options.retryAfter), untilSeconds(now, readyAt));
  const checkpoints = [now + retryAfterSeconds * 1000];
  for (let last = checkpoints[0] ?? now; last < readyAt; ) {
    const step = Math.min(drawWholeSeconds(random, options.maxAge), untilSeconds(last, readyAt));
    if (step === 0 || checkpoints.length >= checkpointLimit) return { readyAt, retryAfterSeconds, checkpoints: [] };
    last += step * 1000;
    checkpoints.push(last);
  }
  return { readyAt, retryAfterSeconds, checkpoints };
}

/** The max-age of a 202 sent at `now`: until the next checkpoint, and never past readiness. */
export function maxAgeAt(plan: Pick<AdvicePlan, 'readyAt' | 'checkpoints'>, now: number): number {
  const next = plan.checkpoints.find((checkpoint) => checkpoint > now);
  const untilReady = untilSeconds(now, plan.readyAt);
  return next === undefined ? 0 : Math.min(untilSeconds(now, next), untilReady);
}
