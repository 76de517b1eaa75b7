import type { AppErrorData } from '../../../shared/errors.ts';
import type { Exchange, PurchaseRecord } from '../../../shared/purchase.ts';
import type { ServiceClient } from '../api/service-client-types.ts';
import { CoreError } from '../errors.ts';
import { fullJitterDelayMs, type RetryPolicy } from './backoff.ts';
import type { Clock } from './clock.ts';
import { appendExchange, sendExchange, type ExchangeResult } from './exchange.ts';
import { interpretResultResponse, type PollOutcome } from './poll-outcome.ts';
import type { RecordStore } from './record-store.ts';
import { sameOrigin } from './reference.ts';
import { Scheduler } from './scheduler.ts';
import { needsSignIn, waitingForSignIn } from './sign-in.ts';

export interface PurchaseEnvironment {
  readonly id: string;
  readonly client: ServiceClient;
}

export interface PollerOptions {
  readonly store: RecordStore;
  readonly clock: Clock;
  readonly random: () => number;
  /** Read at every retry decision, so a changed setting applies to the next one. */
  readonly retry: () => RetryPolicy;
  readonly maxConcurrent: number;
  readonly requestTimeoutMs: number;
  readonly signal: AbortSignal;
  readonly environmentOf: (environmentId: string) => PurchaseEnvironment | undefined;
}

/**
 * Follows pending purchases: each GET of a result resource is scheduled for the moment the
 * server's last answer allows (Retry-After, max-age less Age), and never earlier.
 */
export class Poller {
  readonly #options: PollerOptions;
  readonly #scheduler: Scheduler;
  /** Consecutive transient failures (or 202s without advice) per purchase, for the backoff. */
  readonly #failures = new Map<string, number>();
  /** One exchange at a time per purchase, whether scheduled or asked for by a person. */
  readonly #locks = new Map<string, Promise<unknown>>();

  constructor(options: PollerOptions) {
    this.#options = options;
    this.#scheduler = new Scheduler({
      clock: options.clock,
      maxConcurrent: options.maxConcurrent,
      run: async (id) => {
        await this.#exclusive(id, () => this.#poll(id, false));
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
  checkNow(id: string): Promise<PurchaseRecord | undefined> {
    this.#scheduler.cancel(id);
    return this.#exclusive(id, () => this.#poll(id, true));
  }

  /** One GET of a result resource that is not in the journal yet (check decides whether to keep it). */
  probe(environment: PurchaseEnvironment, url: URL): Promise<ExchangeResult> {
    return sendExchange(environment.client, this.#getRequest(url), this.#options.clock);
  }

  /** Journals what a probe learnt about a record just added, and follows it if it is followed. */
  adopt(record: PurchaseRecord, result: ExchangeResult): PurchaseRecord {
    if (result.kind === 'aborted') return record;
    return this.#apply(record, result);
  }

  async close(): Promise<void> {
    await this.#scheduler.close();
    await Promise.allSettled([...this.#locks.values()]);
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

  async #poll(id: string, manual: boolean): Promise<PurchaseRecord | undefined> {
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
      return this.#finish(record, { code: 'protocol', message }, undefined);
    }
    const result = await sendExchange(environment.client, this.#getRequest(url), this.#options.clock);
    if (result.kind === 'aborted' || this.#options.signal.aborted) return record;
    return this.#apply(record, result);
  }

  #outcomeOf(result: Exclude<ExchangeResult, { kind: 'aborted' }>): PollOutcome {
    if (result.kind === 'response') return interpretResultResponse(result.response);
    if (result.kind === 'transport') return { kind: 'retry', error: { code: 'network', message: result.error.message }, waitMs: undefined };
    // The identity provider being down is as transient as the service being down.
    if (result.error.code === 'auth_unavailable') return { kind: 'retry', error: result.error.toData(), waitMs: undefined };
    return { kind: 'failed', error: result.error.toData() };
  }

  #apply(before: PurchaseRecord, result: Exclude<ExchangeResult, { kind: 'aborted' }>): PurchaseRecord {
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
      return store.save(record, 'full', { resultBody: outcome.body, replaceVariables: learned });
    }
    // A check only adds what it learnt: a paid, available purchase never goes back to anything else.
    if (cancelledMeanwhile || current.state === 'available') return store.save(withExchange(current, exchange), 'normal');
    if (result.kind === 'refused' && needsSignIn(result.error.toData())) {
      this.#failures.delete(current.id);
      const error = waitingForSignIn(result.error.toData(), true);
      return store.save({ ...current, state: 'waiting_for_sign_in', error, nextCheckAt: current.nextCheckAt }, 'full');
    }
    if (outcome.kind === 'failed') return this.#finish(current, outcome.error, exchange);
    if (outcome.kind === 'pending' && outcome.waitMs !== undefined) {
      this.#failures.delete(current.id);
      return this.#wait(current, exchange, receivedAt + outcome.waitMs, outcome.waitMs);
    }
    const failures = (this.#failures.get(current.id) ?? 0) + 1;
    this.#failures.set(current.id, failures);
    const retry = this.#options.retry();
    if (outcome.kind === 'retry' && (!current.autoCheck || failures >= retry.attempts)) {
      const attempts = current.autoCheck ? ` (after ${failures} attempts)` : '';
      return this.#finish(current, { ...outcome.error, message: `${outcome.error.message}${attempts}` }, exchange);
    }
    const advised = outcome.waitMs;
    const delay = advised ?? fullJitterDelayMs(failures, retry, this.#options.random);
    return this.#wait(current, exchange, receivedAt + delay, advised);
  }

  #wait(current: PurchaseRecord, exchange: Exchange | undefined, nextCheckAt: number, advisedMs: number | undefined): PurchaseRecord {
    const advisedExchange = exchange === undefined || advisedMs === undefined ? exchange : { ...exchange, advisedWaitSeconds: advisedMs / 1000 };
    const record: PurchaseRecord = { ...withExchange(current, advisedExchange), state: 'pending', error: undefined, nextCheckAt };
    const saved = this.#options.store.save(record, 'normal');
    if (saved.autoCheck) this.#scheduler.schedule(saved.id, nextCheckAt);
    return saved;
  }

  #finish(current: PurchaseRecord, error: AppErrorData, exchange: Exchange | undefined): PurchaseRecord {
    this.#failures.delete(current.id);
    const record: PurchaseRecord = { ...withExchange(current, exchange), state: 'failed', error, nextCheckAt: undefined };
    return this.#options.store.save(record, 'full');
  }
}

function withExchange(record: PurchaseRecord, exchange: Exchange | undefined): PurchaseRecord {
  return exchange === undefined ? record : { ...record, timeline: appendExchange(record.timeline, exchange) };
}
