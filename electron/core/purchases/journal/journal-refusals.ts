import type { PurchaseRecord } from '../../../../shared/purchase/purchase.ts';
import { fullJitterDelayMs, type RetryPolicy } from '../../concurrency/backoff.ts';
import type { Clock } from '../../concurrency/clock.ts';
import { RefusalLog, refusedAnswerPhrase } from './refusal-log.ts';

/** What the journal said when it refused a write. */
function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface JournalRefusalsOptions {
  readonly clock: Clock;
  readonly random: () => number;
  readonly retry: () => RetryPolicy;
  readonly log?: ((message: string) => void) | undefined;
  /** Told of each refused answer of a purchase that is still followed, with what the journal said (unsaved-answers.ts). */
  readonly refused?: ((id: string, reason: string) => void) | undefined;
}

/**
 * Answers of followed purchases that the journal refused (a full disk, a lock held past its
 * time-out): when to ask the service again, and what the host's log is told. The purchase is
 * still pending in the journal and the result resource answers again, so it is asked again after
 * a backoff of its own (consecutive refusals, not the service's failures) rather than left
 * unfollowed until the next start. GETs are free: nothing is bought twice.
 */
export class JournalRefusals {
  readonly #options: JournalRefusalsOptions;
  readonly #counts = new Map<string, number>();
  readonly #log: RefusalLog;

  constructor(options: JournalRefusalsOptions) {
    this.#options = options;
    this.#log = new RefusalLog(options.clock, options.log);
  }

  /** The purchase's answer was journaled: its next refusal starts the backoff again. */
  clear(id: string): void {
    this.#counts.delete(id);
  }

  /**
   * When to ask again about `record` after the journal refused what was learnt about it (never
   * before the time its journaled answer advised), or undefined when it is not followed.
   */
  retryAt(id: string, record: PurchaseRecord | undefined, error: unknown): number | undefined {
    if (record?.state !== 'pending' || !record.autoCheck || record.resultUrl === undefined) {
      this.#counts.delete(id);
      this.say(id, error, '.');
      return undefined;
    }
    const refusals = (this.#counts.get(id) ?? 0) + 1;
    this.#counts.set(id, refusals);
    const now = this.#options.clock.now();
    const dueAt = Math.max(now + fullJitterDelayMs(refusals, this.#options.retry(), this.#options.random), record.nextCheckAt ?? 0);
    const waitMs = dueAt - now;
    this.sayFollowed(id, error, `; it is asked again in ${waitMs < 1000 ? `${String(waitMs)} ms` : `${String(Math.ceil(waitMs / 1000))} s`}.`);
    return dueAt;
  }

  /** say(), for a purchase that is followed all the same: `refused` hears of it too. */
  sayFollowed(id: string, error: unknown, outcome: string): void {
    const reason = reasonOf(error);
    this.#sayReason(id, reason, outcome);
    this.#options.refused?.(id, reason);
  }

  /** Tells the log which purchase, and what the journal said: a database error, never a secret (refusal-log.ts). */
  say(id: string, error: unknown, outcome: string): void {
    this.#sayReason(id, reasonOf(error), outcome);
  }

  #sayReason(id: string, reason: string, outcome: string): void {
    this.#log.say(`Purchase ${id}: ${refusedAnswerPhrase} (${reason})${outcome}`, reason);
  }

  /** Whatever the log was not told yet, told now (the poller is closing). */
  flush(): void {
    this.#log.flush();
  }
}
