import { randomUUID } from 'node:crypto';
import type { HistoryQuery, PurchaseOptions, PurchaseRecord } from '../../../shared/purchase.ts';
import { isTitleNumber, normalizeTitleNumber, titleNumberRefusal } from '../../../shared/title-number.ts';
import { CoreError } from '../errors.ts';
import { defaultRetryPolicy, type RetryPolicy } from './backoff.ts';
import { systemClock, type Clock } from './clock.ts';
import { sendExchange } from './exchange.ts';
import { Poller, type PurchaseEnvironment } from './poller.ts';
import { formatPrefer } from './prefer.ts';
import { buildPurchaseRequest } from './purchase-request.ts';
import { RecordStore, type PurchaseListener } from './record-store.ts';
import { resolveCheckReference } from './reference.ts';
import { applySubmitResult } from './submit-apply.ts';
import { validateVariables } from './variables.ts';

export type { PurchaseEnvironment } from './poller.ts';
export type { PurchaseListener } from './record-store.ts';

export interface PurchaseServiceOptions {
  /** Folder of the journal database (purchases.sqlite). */
  readonly dataDir: string;
  /** Finds an environment's client for purchases resumed or re-checked after a restart. */
  readonly resolveEnvironment?: (environmentId: string) => PurchaseEnvironment | undefined;
  readonly clock?: Clock;
  readonly random?: () => number;
  /** Result GETs in flight at once, across all purchases (default 16). */
  readonly maxConcurrent?: number;
  /** Retries of result GETs: fixed values, or a function read at every decision (settings). */
  readonly retry?: Partial<RetryPolicy> | (() => RetryPolicy);
  /** Per request (default 30 s). A POST that times out has an unknown outcome. */
  readonly requestTimeoutMs?: number;
}

export interface CheckOptions {
  /** Keep following the purchase until it settles, then resolve. */
  readonly wait?: boolean;
}

function liveRetryPolicy(retry: PurchaseServiceOptions['retry']): () => RetryPolicy {
  if (typeof retry === 'function') return retry;
  const fixed = { ...defaultRetryPolicy, ...retry };
  return () => fixed;
}

/**
 * Purchases: create (intent journaled before the POST), the poller, check, cancel, recheck and
 * resume after a restart. A POST is never sent twice by TitleDesk on its own.
 */
export class PurchaseService {
  readonly #store: RecordStore;
  readonly #poller: Poller;
  readonly #clock: Clock;
  readonly #options: PurchaseServiceOptions;
  readonly #environments = new Map<string, PurchaseEnvironment>();
  readonly #closing = new AbortController();
  /** Intents whose POST is in flight in this process: resume must not call them unknown. */
  readonly #submitting = new Set<string>();
  readonly #inFlight = new Set<Promise<unknown>>();
  #closed = false;

  constructor(options: PurchaseServiceOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#store = new RecordStore(options.dataDir, this.#clock);
    this.#poller = new Poller({
      store: this.#store,
      clock: this.#clock,
      random: options.random ?? Math.random,
      retry: liveRetryPolicy(options.retry),
      maxConcurrent: options.maxConcurrent ?? 16,
      requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
      signal: this.#closing.signal,
      environmentOf: (id) => this.#environmentOf(id),
    });
  }

  get journalPath(): string {
    return this.#store.journalPath;
  }

  onUpdate(listener: PurchaseListener): () => void {
    return this.#store.onUpdate(listener);
  }

  /**
   * `localId` lets a caller (a batch) journal which purchase it is about to make before the
   * intent exists; an id already in the journal is refused, so it can never cause a second POST.
   */
  create(environment: PurchaseEnvironment, titleNumber: string, variables: readonly string[], options: PurchaseOptions = {}, localId?: string): Promise<PurchaseRecord> {
    return this.#track(this.#create(environment, titleNumber, variables, options, localId));
  }

  async #create(environment: PurchaseEnvironment, titleNumber: string, variables: readonly string[], options: PurchaseOptions, localId?: string): Promise<PurchaseRecord> {
    this.#assertOpen();
    if (localId !== undefined && this.#store.get(localId) !== undefined) throw new CoreError('validation', 'This purchase was already sent.');
    const title = normalizeTitleNumber(titleNumber);
    if (!isTitleNumber(title)) throw new CoreError('validation', titleNumberRefusal);
    validateVariables(variables);
    let prefer: string;
    try {
      prefer = formatPrefer(options);
    } catch (error) {
      throw new CoreError('validation', 'service.min-wait must be a whole number of seconds.', { cause: error });
    }
    this.#remember(environment);
    const now = this.#clock.now();
    const intent = this.#store.insert({
      id: localId ?? randomUUID(),
      environmentId: environment.id,
      titleNumber: title,
      variables: [...variables],
      options: { ...options },
      state: 'submitting',
      autoCheck: options.fireAndForget !== true,
      createdAt: now,
      updatedAt: now,
      timeline: [],
    });
    this.#submitting.add(intent.id);
    try {
      const baseUrl = environment.client.baseUrl;
      const request = buildPurchaseRequest(baseUrl, title, variables, prefer);
      const result = await sendExchange(environment.client, { ...request, signal: this.#closing.signal, timeoutMs: this.#timeoutMs() }, this.#clock);
      const saved = applySubmitResult(this.#store, intent, result, request.url, baseUrl);
      if (saved.state === 'pending' && saved.autoCheck) this.#poller.follow(saved);
      return saved;
    } finally {
      this.#submitting.delete(intent.id);
    }
  }

  /**
   * For support staff: a purchase id or result URL of this environment. One GET now, or with
   * `wait` follow it (not before the server's last advised time) until it settles. A purchase
   * not yet in the history joins it.
   */
  check(environment: PurchaseEnvironment, reference: string, options: CheckOptions = {}): Promise<PurchaseRecord> {
    return this.#track(this.#check(environment, reference, options.wait === true));
  }

  async #check(environment: PurchaseEnvironment, reference: string, wait: boolean): Promise<PurchaseRecord> {
    this.#assertOpen();
    const ref = resolveCheckReference(reference, environment.client.baseUrl);
    this.#remember(environment);
    let record = this.#store.findByPurchaseId(environment.id, ref.purchaseId);
    if (record === undefined) {
      const now = this.#clock.now();
      record = this.#store.insert({
        id: randomUUID(),
        environmentId: environment.id,
        variables: [],
        options: {},
        state: 'pending',
        purchaseId: ref.purchaseId,
        resultUrl: ref.resultUrl.href,
        autoCheck: wait,
        createdAt: now,
        updatedAt: now,
        timeline: [],
      });
    } else if (wait && !record.autoCheck) {
      record = this.#store.save({ ...record, autoCheck: true }, 'normal');
    }
    if (!wait) return (await this.#poller.checkNow(record.id)) ?? record;
    const advisedLater = record.state === 'pending' && (record.nextCheckAt ?? 0) > this.#clock.now();
    if (advisedLater) this.#poller.follow(record);
    else await this.#poller.checkNow(record.id);
    return this.#store.waitForSettled(record.id);
  }

  /** Stops following a pending purchase. It stays in the history and can be re-checked. */
  cancel(id: string): PurchaseRecord {
    const record = this.#require(id);
    if (record.state === 'submitting') throw new CoreError('validation', 'The purchase request is being sent; it cannot be cancelled now.');
    this.#poller.stop(id);
    if (record.state !== 'pending' && !record.autoCheck) return record;
    const state = record.state === 'pending' ? 'cancelled' : record.state;
    return this.#store.save({ ...record, state, autoCheck: false }, 'full');
  }

  /** Follows a failed, cancelled or outcome-unknown purchase again, if it has a result address. */
  recheck(id: string): PurchaseRecord {
    const record = this.#require(id);
    if (record.state === 'submitting') throw new CoreError('validation', 'The purchase request is still being sent.');
    if (record.resultUrl === undefined) {
      throw new CoreError('validation', 'The service never gave this purchase a result address, so there is nothing to check. Look it up on the service before buying again.');
    }
    if (this.#environmentOf(record.environmentId) === undefined) {
      throw new CoreError('not_found', `The environment of this purchase (${record.environmentId}) is not configured.`);
    }
    if (record.state === 'available') return record;
    this.#poller.resetFailures(id);
    const saved = this.#store.save({ ...record, state: 'pending', autoCheck: true, error: undefined }, 'full');
    this.#poller.follow(saved);
    return saved;
  }

  /**
   * After a start: pending purchases are followed again from their recorded next check time;
   * intents whose POST may or may not have been sent become outcome-unknown, never re-sent.
   */
  resume(): { resumed: number; outcomeUnknown: number } {
    this.#assertOpen();
    let resumed = 0;
    let outcomeUnknown = 0;
    for (const record of this.#store.listInStates(['submitting', 'pending'])) {
      if (record.state === 'submitting') {
        if (this.#submitting.has(record.id)) continue;
        const message = 'TitleDesk stopped while the purchase request was being sent. It may have been accepted and charged, so it was not sent again.';
        this.#store.save({ ...record, state: 'outcome_unknown', autoCheck: false, error: { code: 'outcome_unknown', message } }, 'full');
        outcomeUnknown += 1;
      } else if (record.resultUrl !== undefined && record.autoCheck && this.#environmentOf(record.environmentId) !== undefined) {
        this.#poller.follow(record);
        resumed += 1;
      }
    }
    return { resumed, outcomeUnknown };
  }

  get(id: string): PurchaseRecord | undefined {
    return this.#store.get(id);
  }

  list(query: HistoryQuery = {}): PurchaseRecord[] {
    return this.#store.search(query);
  }

  /** The result collection exactly as received, for `purchase --json`. */
  getResult(id: string): unknown {
    return this.#store.getResult(id);
  }

  waitForSettled(id: string): Promise<PurchaseRecord> {
    return this.#store.waitForSettled(id);
  }

  /** Stops every timer, abandons requests in flight (a later start resumes them) and closes the database. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#closing.abort();
    await this.#poller.close();
    await Promise.allSettled([...this.#inFlight]);
    this.#store.close();
  }

  #track<T>(work: Promise<T>): Promise<T> {
    this.#inFlight.add(work);
    const forget = (): void => {
      this.#inFlight.delete(work);
    };
    work.then(forget, forget);
    return work;
  }

  #remember(environment: PurchaseEnvironment): void {
    this.#environments.set(environment.id, environment);
  }

  #environmentOf(id: string): PurchaseEnvironment | undefined {
    const known = this.#environments.get(id);
    if (known !== undefined) return known;
    const resolved = this.#options.resolveEnvironment?.(id);
    if (resolved !== undefined) this.#environments.set(id, resolved);
    return resolved;
  }

  #require(id: string): PurchaseRecord {
    this.#assertOpen();
    const record = this.#store.get(id);
    if (record === undefined) throw new CoreError('not_found', 'No such purchase in the history.');
    return record;
  }

  #timeoutMs(): number {
    return this.#options.requestTimeoutMs ?? 30_000;
  }

  #assertOpen(): void {
    if (this.#closed) throw new CoreError('internal', 'Purchases are shut down.');
  }
}
