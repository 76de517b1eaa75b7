import type { AppErrorData } from '../../../../shared/errors/errors.ts';
import type { Exchange, PurchaseRecord } from '../../../../shared/purchase/purchase.ts';
import type { ServiceClient } from '../../api/service-client-types.ts';
import { CoreError } from '../../errors.ts';
import { fullJitterDelayMs, type RetryPolicy } from '../../concurrency/backoff.ts';
import type { Clock } from '../../concurrency/clock.ts';
import { JournalRefusals } from '../journal/journal-refusals.ts';
import { appendExchange, sendExchange, type ExchangeResult } from '../answers/exchange.ts';
import { interpretResultResponse, leastPollGapMs, type PollOutcome } from './poll-outcome.ts';
import type { JournalStore, SaveExtra } from '../../stores/journal-store.ts';
import type { RequestSlots } from '../../concurrency/request-slots.ts';
import { sameOrigin } from '../answers/reference.ts';
import { Scheduler } from '../../concurrency/scheduler.ts';
import { needsSignIn, waitingForSignIn } from '../answers/sign-in.ts';

export interface PurchaseEnvironment {
  readonly id: string;
  readonly client: ServiceClient;
}

export interface PollerOptions {
  readonly store: JournalStore;
  readonly clock: Clock;
  readonly random: () => number;
  /** Read at every retry decision, so a changed setting applies to the next one. */
  readonly retry: () => RetryPolicy;
  /** The request limit per environment (the size of `slots`); scheduled jobs are a multiple of it. */
  readonly maxConcurrent: number;
  /** Requests in flight per environment, shared with the POSTs: a GET that has come due goes first. */
  readonly slots: RequestSlots;
  readonly requestTimeoutMs: number;
  readonly signal: AbortSignal;
  readonly environmentOf: (environmentId: string) => PurchaseEnvironment | undefined;
  /** Told when the journal refuses what a GET learnt; the purchase is followed all the same. */
  readonly log?: (message: string) => void;
  /** Told of each such refusal while the purchase is still followed, for the user (unsaved-answers.ts). */
  readonly refused?: (id: string, reason: string) => void;
}

/**
 * Scheduled jobs per request slot. A job reads and journals around its GET, and meanwhile its slot
 * would sit idle: with one job per slot GETs left late for want of a job, not of a slot; with four,
 * GETs and POSTs were later again; two leave the POSTs no slower (the slots keep a share for them,
 * slots.ts; docs/decisions/004-request-slots-gets-first.md#two-jobs-per-slot).
 */
const jobsPerRequestSlot = 2;

/**
 * The scheduler's timer slack (scheduler.ts): GETs that come due within the same 10 ms go out
 * together, in one turn of the event loop: the slack holds a GET back by at most 10 ms, and never
 * sends one before the time the service allowed. One turn for several GETs and their answers
 * shares what each turn costs (the timer, the journal's look for other writers, the group commit,
 * the sockets' wake-ups). More slack costs GETs: one that leaves later sometimes finds the data
 * ready one check sooner, so there are fewer GETs, each of them later
 * (docs/decisions/005-poller-timer-slack.md).
 */
const wakeGridMs = 10;

/**
 * Follows pending purchases: each GET of a result resource is scheduled for the moment the
 * server's last answer allows (Retry-After, max-age less Age), and never earlier.
 */
export class Poller {
  readonly #options: PollerOptions;
  readonly #scheduler: Scheduler;
  /** Consecutive transient failures (or 202s without advice) per purchase, for the backoff. */
  readonly #failures = new Map<string, number>();
  readonly #refusals: JournalRefusals;
  /** One exchange at a time per purchase, whether scheduled or asked for by a person. */
  readonly #locks = new Map<string, Promise<unknown>>();

  constructor(options: PollerOptions) {
    this.#options = options;
    this.#refusals = new JournalRefusals(options);
    this.#scheduler = new Scheduler({
      clock: options.clock,
      maxConcurrent: options.maxConcurrent * jobsPerRequestSlot,
      wakeGridMs,
      run: async (id) => {
        try {
          await this.#exclusive(id, () => this.#poll(id, false));
          this.#refusals.clear(id);
        } catch (error) {
          this.#followAfterRefusal(id, error);
        }
      },
    });
  }

  /** Schedules the next GET of a pending purchase, not before its recorded next check time. */
  follow(record: PurchaseRecord): void {
    this.#scheduler.schedule(record.id, Math.max(this.#options.clock.now(), record.nextCheckAt ?? 0));
  }

  stop(id: string): void {
    this.#scheduler.cancel(id);
  }

  resetFailures(id: string): void {
    this.#failures.delete(id);
  }

  /** One GET now, whatever the record's state: a person asked for it. */
  async checkNow(id: string): Promise<PurchaseRecord | undefined> {
    this.#scheduler.cancel(id);
    try {
      return await this.#exclusive(id, () => this.#poll(id, true));
    } catch (error) {
      // The person is told; a purchase that was followed is followed again all the same.
      if (!(error instanceof CoreError)) this.#followAfterRefusal(id, error);
      throw error;
    }
  }

  /** One GET of a result resource that is not in the journal yet (check decides whether to keep it). */
  probe(environment: PurchaseEnvironment, url: URL): Promise<ExchangeResult> {
    return this.#get(environment, url);
  }

  /** Journals what a probe learnt about a record just added, and follows it if it is followed. */
  adopt(record: PurchaseRecord, result: ExchangeResult): Promise<PurchaseRecord> {
    if (result.kind === 'aborted') return Promise.resolve(record);
    return this.#apply(record, result);
  }

  /** A GET whose answer the journal refused: a followed purchase is asked again after a backoff (journal-refusals.ts). */
  #followAfterRefusal(id: string, error: unknown): void {
    if (this.#options.signal.aborted) return;
    let record: PurchaseRecord | undefined;
    try {
      record = this.#options.store.get(id);
    } catch {
      record = undefined;
    }
    const dueAt = this.#refusals.retryAt(id, record, error);
    if (dueAt !== undefined) this.#scheduler.schedule(id, dueAt);
  }

  async close(): Promise<void> {
    await this.#scheduler.close();
    await Promise.allSettled([...this.#locks.values()]);
    this.#refusals.flush();
  }

  async #exclusive<T>(id: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#locks.get(id) ?? Promise.resolve();
    const run = previous.then(work, work);
    const settled = run.then(() => undefined, () => undefined);
    this.#locks.set(id, settled);
    try {
      return await run;
    } finally {
      if (this.#locks.get(id) === settled) this.#locks.delete(id);
    }
  }

  #getRequest(url: URL): { method: 'GET'; url: URL; headers: Record<string, string>; signal: AbortSignal; timeoutMs: number } {
    return { method: 'GET', url, headers: { accept: 'application/ld+json' }, signal: this.#options.signal, timeoutMs: this.#options.requestTimeoutMs };
  }

  /** One GET of a result resource, once a request slot of its environment is free. */
  async #get(environment: PurchaseEnvironment, url: URL): Promise<ExchangeResult> {
    const release = await this.#options.slots.acquire(environment.id, 'first', this.#options.signal);
    if (release === undefined) return { kind: 'aborted' };
    try {
      return await sendExchange(environment.client, this.#getRequest(url), this.#options.clock);
    } finally {
      release();
    }
  }

  async #poll(id: string, manual: boolean): Promise<PurchaseRecord | undefined> {
    // The last answer of this purchase may still wait in the group commit: on disk before the next GET.
    const committing = this.#options.store.commitQueued(id);
    if (committing !== undefined) await committing;
    const record = this.#options.store.get(id);
    if (record?.resultUrl === undefined) return record;
    if (!manual && (record.state !== 'pending' || !record.autoCheck)) return record;
    const environment = this.#options.environmentOf(record.environmentId);
    if (environment === undefined) {
      if (manual) throw new CoreError('not_found', `The environment of this purchase (${record.environmentId}) is not configured.`);
      return record;
    }
    const url = new URL(record.resultUrl);
    if (!sameOrigin(url, environment.client.baseUrl)) {
      const message = 'The result address is not on this environment’s service; it was not requested.';
      return this.#finish(record, { code: 'protocol', message }, undefined, false);
    }
    const result = await this.#get(environment, url);
    if (result.kind === 'aborted' || this.#options.signal.aborted) return record;
    return this.#apply(record, result, !manual);
  }

  #outcomeOf(result: Exclude<ExchangeResult, { kind: 'aborted' }>): PollOutcome {
    if (result.kind === 'response') return interpretResultResponse(result.response);
    if (result.kind === 'transport') return { kind: 'retry', error: { code: 'network', message: result.error.message }, waitMs: undefined };
    // The identity provider being down is as transient as the service being down.
    if (result.error.code === 'auth_unavailable') return { kind: 'retry', error: result.error.toData(), waitMs: undefined };
    return { kind: 'failed', error: result.error.toData() };
  }

  /**
   * Journals an answer; answers that arrive within a few milliseconds share a commit. A
   * scheduled GET's "not yet" (`queued`) waits for the write queue's window instead, or is only
   * held in memory while the journal already gives a later next check (record-store.ts): nobody
   * waits for it, and the next GET commits a queued one first.
   */
  #apply(before: PurchaseRecord, result: Exclude<ExchangeResult, { kind: 'aborted' }>, queued = false): Promise<PurchaseRecord> {
    const store = this.#options.store;
    // Re-read: the purchase may have been cancelled while the request was out.
    const current = store.get(before.id) ?? before;
    const cancelledMeanwhile = current.state === 'cancelled' && before.state !== 'cancelled';
    const outcome = this.#outcomeOf(result);
    const exchange = result.kind === 'refused' ? undefined : result.exchange;
    const receivedAt = exchange?.receivedAt ?? this.#options.clock.now();
    if (outcome.kind === 'available') {
      this.#failures.delete(current.id);
      const learned = current.variables.length === 0;
      const record: PurchaseRecord = {
        ...withExchange(current, exchange),
        state: 'available',
        items: outcome.result.items,
        totals: outcome.result.totals,
        variables: learned ? outcome.result.items.map((item) => item.variable) : current.variables,
        error: undefined,
        nextCheckAt: undefined,
      };
      return this.#save(record, queued, { resultBody: outcome.body, replaceVariables: learned });
    }
    // A check only adds what it learnt: a paid, available purchase never goes back to anything else.
    if (cancelledMeanwhile || current.state === 'available') return this.#save(withExchange(current, exchange), queued);
    if (result.kind === 'refused' && needsSignIn(result.error.toData())) {
      this.#failures.delete(current.id);
      const error = waitingForSignIn(result.error.toData(), true);
      return this.#save({ ...current, state: 'waiting_for_sign_in', error, nextCheckAt: current.nextCheckAt }, queued);
    }
    if (outcome.kind === 'failed') return this.#finish(current, outcome.error, exchange, queued);
    if (outcome.kind === 'pending' && outcome.waitMs !== undefined) {
      this.#failures.delete(current.id);
      return this.#wait(current, exchange, receivedAt + outcome.waitMs, outcome.waitMs, queued, outcome.note);
    }
    const failures = (this.#failures.get(current.id) ?? 0) + 1;
    this.#failures.set(current.id, failures);
    const retry = this.#options.retry();
    if (outcome.kind === 'retry' && (!current.autoCheck || failures >= retry.attempts)) {
      const attempts = current.autoCheck ? ` (after ${failures} attempts)` : '';
      return this.#finish(current, { ...outcome.error, message: `${outcome.error.message}${attempts}` }, exchange, queued);
    }
    const advised = outcome.waitMs;
    const jitter = fullJitterDelayMs(failures, retry, this.#options.random);
    // A 202 without max-age is not asked again within a second either (no hot loop).
    const delay = advised ?? (outcome.kind === 'pending' ? Math.max(leastPollGapMs, jitter) : jitter);
    return this.#wait(current, exchange, receivedAt + delay, advised, queued);
  }

  #wait(current: PurchaseRecord, exchange: Exchange | undefined, nextCheckAt: number, advisedMs: number | undefined, queued: boolean, note?: AppErrorData): Promise<PurchaseRecord> {
    const advisedExchange = exchange === undefined || advisedMs === undefined ? exchange : { ...exchange, advisedWaitSeconds: advisedMs / 1000 };
    const record: PurchaseRecord = { ...withExchange(current, advisedExchange), state: 'pending', error: note, nextCheckAt };
    // Either on disk before the next GET is scheduled, or (queued) committed by #poll before that
    // GET leaves, or held while the journal gives a later next check: a restart never polls
    // earlier than this answer advised.
    return this.#save(record, queued, {}, (saved) => {
      if (saved.autoCheck) this.#scheduler.schedule(saved.id, nextCheckAt);
    });
  }

  #finish(current: PurchaseRecord, error: AppErrorData, exchange: Exchange | undefined, queued: boolean): Promise<PurchaseRecord> {
    this.#failures.delete(current.id);
    const record: PurchaseRecord = { ...withExchange(current, exchange), state: 'failed', error, nextCheckAt: undefined };
    return this.#save(record, queued);
  }

  /**
   * Journals an answer (NORMAL), then runs `then` with the record as saved. Without an fsync of
   * its own: it survives the process being killed; only a power cut can take back the last of
   * them. None guards a purchase: the result resource keeps answering, so a lost 200 or failure
   * costs one more GET after the restart, and the next FULL commit makes them durable too.
   * Queued and still pending: `then` runs at once and the commit follows within the window;
   * should the journal refuse it, the purchase is followed all the same, as when a write made at
   * once fails (#followAfterRefusal).
   */
  async #save(record: PurchaseRecord, queued: boolean, extra: SaveExtra = {}, then?: (saved: PurchaseRecord) => void): Promise<PurchaseRecord> {
    const store = this.#options.store;
    // A purchase that settles is committed within milliseconds all the same: whoever waits for it
    // (a batch's slot, a person watching the purchase) hears of it at once, not a window later.
    if (!queued || record.state !== 'pending') {
      const saved = await store.saveAnswer(record, extra);
      then?.(saved);
      return saved;
    }
    const { saved, committed } = store.queueAnswer(record, extra);
    // The next GET is scheduled already: the journal's refusal is said, and the purchase followed all the same.
    committed.catch((error: unknown) => {
      this.#refusals.sayFollowed(saved.id, error, '; it is followed all the same.');
    });
    then?.(saved);
    return saved;
  }
}

function withExchange(record: PurchaseRecord, exchange: Exchange | undefined): PurchaseRecord {
  return exchange === undefined ? record : { ...record, timeline: appendExchange(record.timeline, exchange) };
}
