import { resourceOfPurchase } from '../../../../shared/catalog/catalog-resource.ts';
import type { PurchaseRecord } from '../../../../shared/purchase/purchase.ts';
import { CoreError } from '../../errors.ts';
import type { Clock } from '../../concurrency/clock.ts';
import { sendExchange, type ExchangeResult } from '../answers/exchange.ts';
import type { PurchaseEnvironment } from '../polling/poller.ts';
import { buildPurchaseRequest } from './purchase-request.ts';
import type { JournalStore } from '../../stores/journal-store.ts';
import { rateLimitedError, sendNotBefore } from '../answers/rate-limit.ts';
import { appendRescue } from '../journal/rescue-file.ts';
import { resolveLocation } from '../answers/reference.ts';
import type { RequestSlots } from '../../concurrency/request-slots.ts';
import type { SendAdmission, SendGate } from '../../stores/send-gate.ts';
import { applySubmitResult } from './submit-apply.ts';

export interface SubmitterOptions {
  readonly store: JournalStore;
  readonly clock: Clock;
  /** Beside the journal: where a 303 the journal could not take is kept. */
  readonly dataDir: string;
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  /** Requests in flight per environment, shared with the poller's GETs (which go first); POSTs wait their turn here, not in the HTTP pool. */
  readonly slots: RequestSlots;
}

/**
 * Sends the POST of a journaled intent. Once token and connection are in hand, and before the
 * request's first byte is written, the record gets a durable sending mark: after a crash, an
 * intent without one was certainly not sent, one with it may have been.
 */
export class Submitter {
  readonly #options: SubmitterOptions;
  /** The team's begin, when the desk belongs to a team: asked before any POST of an intent. */
  #gate: SendGate | undefined;

  constructor(options: SubmitterOptions) {
    this.#options = options;
  }

  admitBeforeSend(gate: SendGate | undefined): void {
    this.#gate = gate;
  }

  /**
   * Sends the intent, and after a 429 sends it again as the same purchase once the service's
   * wait is over (never sooner, however it was asked to go: a click, a start, a batch). Resolves
   * with the service's answer, or with the record still waiting when TitleDesk closes.
   */
  async submit(environment: PurchaseEnvironment, intent: PurchaseRecord): Promise<PurchaseRecord> {
    const admitted = await this.#admit(intent);
    if ('ended' in admitted) return admitted.ended;
    let current = admitted.send;
    for (;;) {
      if (sendNotBefore(current, this.#options.clock.now()) !== undefined) {
        const reopened = await this.#waitOut(current);
        if (reopened === undefined) return this.#options.store.get(intent.id) ?? current;
        current = reopened;
      }
      const answered = await this.#submitOnce(environment, current);
      if (answered.error?.code !== 'rate_limited' || sendNotBefore(answered, this.#options.clock.now()) === undefined) return answered;
      current = answered;
    }
  }

  /**
   * The gate's answer, journaled before anything is sent: the team's id and the variables it
   * claimed, or the intent ended (cancelled, saying why) and the purchase to reuse instead.
   */
  async #admit(intent: PurchaseRecord): Promise<{ send: PurchaseRecord } | { ended: PurchaseRecord }> {
    const { store } = this.#options;
    if (this.#gate === undefined) return { send: intent };
    let admission: SendAdmission;
    try {
      admission = await this.#gate(intent);
    } catch (error) {
      const refusal = error instanceof CoreError ? error : new CoreError('internal', 'The purchase could not be admitted, so it was not sent.', { cause: error });
      await store.saveSoon({ ...intent, state: 'cancelled', autoCheck: false, error: { code: refusal.code, message: refusal.message } }, 'full');
      throw refusal;
    }
    if (!admission.send) {
      const ended = await store.saveSoon({ ...intent, state: 'cancelled', autoCheck: false, error: admission.error }, 'full');
      return { ended: admission.instead ?? ended };
    }
    if (admission.team === undefined && admission.variables === undefined) return { send: intent };
    const variables = admission.variables === undefined ? intent.variables : [...admission.variables];
    const replaceVariables = variables.length !== intent.variables.length;
    return { send: await store.saveSoon({ ...intent, variables, ...(admission.team === undefined ? {} : { team: admission.team }) }, 'full', { replaceVariables }) };
  }

  /**
   * Waits until the service's wait is over, the intent journaled meanwhile as "submitting" without
   * a sending mark and saying until when; then clears that for it to go out. Undefined when it
   * must not go: closing (the next start finds it not sent), or meanwhile changed by someone.
   */
  async #waitOut(record: PurchaseRecord): Promise<PurchaseRecord | undefined> {
    const { store, clock, signal } = this.#options;
    const until = sendNotBefore(record, clock.now()) ?? clock.now();
    const waiting = record.error?.code === 'rate_limited' ? record : await store.saveSoon({ ...record, state: 'submitting', sendingAt: undefined, error: rateLimitedError(until, false) }, 'full');
    if (!(await sleepUntil(clock, until, signal))) return undefined;
    const now = store.get(record.id) ?? waiting;
    if (now.state !== 'submitting' || now.sendingAt !== undefined || now.error?.code !== 'rate_limited') return undefined;
    return store.saveSoon({ ...now, error: undefined }, 'full');
  }

  async #submitOnce(environment: PurchaseEnvironment, intent: PurchaseRecord): Promise<PurchaseRecord> {
    const { store, clock } = this.#options;
    const resource = resourceOfPurchase(intent);
    if (resource === undefined) throw new CoreError('validation', 'This purchase names no catalog (no title, address or UPRN), so it cannot be sent.');
    const baseUrl = environment.client.baseUrl;
    const request = buildPurchaseRequest(baseUrl, resource, intent.variables, intent.options);
    let marked = false;
    const onSending = (): Promise<void> | undefined => {
      if (marked) return undefined; // the one retry after a 401 is the same purchase, already marked
      marked = true;
      return this.#markSending(intent.id);
    };
    // A thousand clicks at once must not become a thousand requests (with their timers, streams
    // and buffers) queued in the HTTP pool: they wait here as a closure each. Their time-out
    // starts when they go out, not while they wait their turn.
    const release = await this.#options.slots.acquire(environment.id, 'last', this.#options.signal);
    // Closing while it waited: the intent stays unsent and unmarked; the next start sends it.
    if (release === undefined) return store.get(intent.id) ?? intent;
    let result: ExchangeResult;
    try {
      result = await sendExchange(environment.client, { ...request, signal: this.#options.signal, timeoutMs: this.#options.timeoutMs, onSending }, clock);
    } finally {
      release();
    }
    try {
      return await applySubmitResult(store, intent, result, request.url, baseUrl);
    } catch (error) {
      throw this.#rescue(environment, intent, result, request.url, error);
    }
  }

  /** Durable (FULL) before the request's first byte; marks of POSTs that start together share a commit. */
  async #markSending(id: string): Promise<void> {
    const { store, clock } = this.#options;
    try {
      await store.markSending(id, clock.now());
    } catch (error) {
      throw new CoreError('internal', 'The purchase could not be journaled as being sent, so it was not sent. Nothing was charged.', { cause: error });
    }
  }

  /** The journal refused the answer: keep a result address (or a 200's body) in the rescue file, then say so. */
  #rescue(environment: PurchaseEnvironment, intent: PurchaseRecord, result: ExchangeResult, requestUrl: URL, error: unknown): CoreError {
    if (result.kind !== 'response') {
      return new CoreError('internal', 'The purchase journal could not record what happened to this purchase.', { cause: error });
    }
    const { response } = result;
    const ref = resolveLocation(response.headers.get('location') ?? response.headers.get('content-location'), requestUrl, environment.client.baseUrl);
    const path = appendRescue(this.#options.dataDir, {
      at: this.#options.clock.now(),
      localId: intent.id,
      environmentId: environment.id,
      ...(intent.titleNumber === undefined ? {} : { titleNumber: intent.titleNumber }),
      ...(intent.resource === undefined ? {} : { resource: intent.resource }),
      variables: intent.variables,
      status: response.status,
      ...(ref === undefined ? {} : { resultUrl: ref.resultUrl.href }),
      ...(response.status === 200 ? { body: response.body } : {}),
    });
    const where = ref === undefined ? '' : ` Its result address is ${ref.resultUrl.href}.`;
    return new CoreError(
      'internal',
      `The service answered this purchase (HTTP ${response.status}) but the purchase journal could not save it.${where} ` +
        `TitleDesk kept the answer in ${path}; do not buy it again. Use "Look up" with that address to fetch the result.`,
      { cause: error },
    );
  }
}

/** Resolves true at `until` (on the injected clock), false at once when `signal` aborts. */
function sleepUntil(clock: Clock, until: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = (): void => {
      timer.cancel();
      resolve(false);
    };
    const timer = clock.setTimer(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, Math.max(0, until - clock.now()));
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
