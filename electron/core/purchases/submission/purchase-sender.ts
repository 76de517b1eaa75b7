import { purchaseAddressSchema, type PurchaseOptions, type PurchaseRecord, type ResolveAction } from '../../../../shared/purchase/purchase.ts';
import type { SendAllReport } from '../../../../shared/purchase/send-all.ts';
import { waitsOutRateLimit } from '../../../../shared/purchase/purchase-words.ts';
import { resourceOfPurchase, type CatalogResource } from '../../../../shared/catalog/catalog-resource.ts';
import { isTitleNumber, normalizeTitleNumber, titleNumberRefusal } from '../../../../shared/property/title-number.ts';
import { checkedResource } from '../../catalog/catalog-client.ts';
import { CoreError } from '../../errors.ts';
import type { Clock } from '../../concurrency/clock.ts';
import { newLocalId } from './local-id.ts';
import { purchasePreferences, resourceFields } from './purchase-request.ts';
import type { Poller, PurchaseEnvironment } from '../polling/poller.ts';
import type { JournalStore } from '../../stores/journal-store.ts';
import { sendableReason, withinAutoSendWindow } from '../recovery/recovery.ts';
import { reportEntry, tallySendAll } from './send-all.ts';
import type { Submitter } from './submitter.ts';
import { validateVariables } from './variables.ts';

/** What a purchase is about beyond what is sent: for people reading the history. */
export interface PurchaseContext {
  /** The address the title was reached from (one short line). */
  readonly address?: string | undefined;
}

/** What a purchase is bought from: a title number (as callers always named it) or any resource, checked. */
export function purchaseResource(target: string | CatalogResource): CatalogResource {
  if (typeof target !== 'string') return checkedResource(target);
  const title = normalizeTitleNumber(target);
  if (!isTitleNumber(title)) throw new CoreError('validation', titleNumberRefusal);
  return { kind: 'title', key: title };
}

/** The address as the record keeps it: one line, or a validation error naming the problem. */
function parseAddress(address: string | undefined): string | undefined {
  if (address === undefined) return undefined;
  const parsed = purchaseAddressSchema.safeParse(address);
  if (!parsed.success) throw new CoreError('validation', `The address ${parsed.error.issues[0]?.message ?? 'is not valid'}.`);
  return parsed.data;
}

export interface PurchaseSenderOptions {
  readonly store: JournalStore;
  readonly poller: Poller;
  readonly submitter: Submitter;
  readonly clock: Clock;
  readonly environmentOf: (environmentId: string) => PurchaseEnvironment | undefined;
  readonly autoSendMinutes: () => number;
  /** Keeps work in flight known to close(). */
  readonly track: <T>(work: Promise<T>) => Promise<T>;
  /** Stamped on every intent this process sends, so other processes' recovery leaves it alone while this one lives. */
  readonly senderId?: string | undefined;
}

/**
 * Everything that sends a purchase POST: a new purchase (its intent journaled first), "Send now"
 * and "Send all" for purchases that were never sent, "Buy again" for an unknown outcome, and the
 * automatic send of a recent not-sent purchase after a start. Nothing else sends a POST.
 */
export class PurchaseSender {
  readonly #options: PurchaseSenderOptions;
  /** Intents whose POST is in flight (or waits out a 429) in this process: resume must not touch them. */
  readonly #submitting = new Map<string, Promise<PurchaseRecord>>();

  /** Admits each purchase going out again (the spending guard); throws to refuse it, before anything is sent. */
  #gate: (record: PurchaseRecord) => void = () => undefined;

  constructor(options: PurchaseSenderOptions) {
    this.#options = options;
  }

  guardResends(gate: (record: PurchaseRecord) => void): void {
    this.#gate = gate;
  }

  isSubmitting(id: string): boolean {
    return this.#submitting.has(id);
  }

  /** `localId`: an id the caller (a batch) journaled first; one already in the journal is refused, so it never causes a second POST. */
  async create(environment: PurchaseEnvironment, target: string | CatalogResource, variables: readonly string[], options: PurchaseOptions, localId?: string, context: PurchaseContext = {}): Promise<PurchaseRecord> {
    if (localId !== undefined && this.#options.store.get(localId) !== undefined) throw new CoreError('validation', 'This purchase was already sent.');
    const resource = purchaseResource(target);
    validateVariables(variables);
    const address = parseAddress(context.address);
    try {
      purchasePreferences(options);
    } catch (error) {
      throw new CoreError('validation', 'service.min-wait must be a whole number of seconds.', { cause: error });
    }
    const now = this.#options.clock.now();
    // Durable before the POST; the intents of clicks made within a millisecond share one commit.
    const intent = await this.#options.store.insert({
      id: localId ?? newLocalId(),
      environmentId: environment.id,
      ...resourceFields(resource),
      ...(address === undefined ? {} : { address }),
      variables: [...variables],
      options: { ...options },
      state: 'submitting',
      ...this.#stamp(),
      autoCheck: options.fireAndForget !== true,
      createdAt: now,
      updatedAt: now,
      timeline: [],
    });
    return this.#submit(environment, intent);
  }

  /** "Send now" (`buyAgain` false) or "Buy again" (true): the record goes out once more. */
  async resend(id: string, buyAgain: boolean): Promise<PurchaseRecord> {
    const record = this.#require(id);
    // "Send now" of a purchase already going out (or waiting out a 429) joins that send: never a second POST.
    const sending = this.#submitting.get(id);
    if (sending !== undefined && !buyAgain) return sending;
    if (sending !== undefined) throw new CoreError('validation', 'This purchase is being sent already.');
    const refusal = sendableReason(record, buyAgain);
    if (refusal !== undefined) throw new CoreError('validation', refusal);
    const environment = this.#options.environmentOf(record.environmentId);
    if (environment === undefined) throw new CoreError('not_found', `The environment of this purchase (${record.environmentId}) is not configured.`);
    return this.#submit(environment, this.#reopen(record));
  }

  /**
   * "Send all": every not-sent purchase whose environment is known, each as "Send now" would.
   * Resolves once every one of them was answered or failed, with what happened to each: the
   * count is of what the service took, never of what was set off (a send can fail to start).
   */
  async sendAll(): Promise<SendAllReport> {
    const { store, environmentOf, track } = this.#options;
    const candidates = store.listInStates(['not_sent']).filter((record) => sendableReason(record, false) === undefined && environmentOf(record.environmentId) !== undefined);
    const entries = await Promise.all(candidates.map(async ({ id }) => {
      try {
        const record = await track(this.resend(id, false));
        return reportEntry(id, store.get(id) ?? record);
      } catch (error) {
        return reportEntry(id, store.get(id), error);
      }
    }));
    return tallySendAll(entries);
  }

  /**
   * Abandon: an unknown outcome, or a purchase never sent, is stopped for good. One waiting out a
   * 429 was refused by the service and not sent since, so it is one never sent: the waiting send
   * finds it cancelled when it wakes and sends nothing (Submitter's wait).
   */
  abandon(id: string): PurchaseRecord {
    const record = this.#require(id);
    const abandonable = record.state === 'outcome_unknown' || record.state === 'not_sent' || waitsOutRateLimit(record) ||
      (record.state === 'waiting_for_sign_in' && record.resultUrl === undefined);
    if (!abandonable) throw new CoreError('validation', 'Only a purchase whose outcome is unknown, or one never sent, can be abandoned.');
    const message = record.state === 'outcome_unknown'
      ? 'Abandoned: the outcome stayed unknown and the purchase was not sent again.'
      : 'Abandoned before it was sent: nothing was charged.';
    return this.#options.store.save({ ...record, state: 'cancelled', autoCheck: false, error: { code: 'cancelled', message } }, 'full');
  }

  resolve(id: string, action: ResolveAction): Promise<PurchaseRecord> {
    if (action === 'buy-again') return this.resend(id, true);
    try {
      return Promise.resolve(this.abandon(id));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** Sends an intent on its own when the click was recent; false when it must wait for one. */
  autoSend(record: PurchaseRecord): boolean {
    const environment = this.#options.environmentOf(record.environmentId);
    if (environment === undefined || resourceOfPurchase(record) === undefined || this.#submitting.has(record.id)) return false;
    if (!withinAutoSendWindow(record, this.#options.clock.now(), this.#options.autoSendMinutes())) return false;
    let reopened: PurchaseRecord;
    try {
      reopened = this.#reopen(record);
    } catch {
      // Refused by the spending guard: it stays not sent, for a person to decide.
      return false;
    }
    void this.#options.track(this.#submit(environment, reopened)).catch(() => undefined);
    return true;
  }

  #reopen(record: PurchaseRecord): PurchaseRecord {
    this.#gate(record);
    const reopened: PurchaseRecord = { ...record, state: 'submitting', sendingAt: undefined, ...this.#stamp(), error: undefined, autoCheck: record.options.fireAndForget !== true };
    return this.#options.store.save(reopened, 'full');
  }

  #submit(environment: PurchaseEnvironment, intent: PurchaseRecord): Promise<PurchaseRecord> {
    const work = this.#options.submitter.submit(environment, intent).then((saved) => {
      if (saved.state === 'pending' && saved.autoCheck) this.#options.poller.follow(saved);
      return saved;
    });
    this.#submitting.set(intent.id, work);
    const forget = (): void => {
      this.#submitting.delete(intent.id);
    };
    work.then(forget, forget);
    return work;
  }

  #stamp(): { sender?: string } {
    const { senderId } = this.#options;
    return senderId === undefined ? {} : { sender: senderId };
  }

  #require(id: string): PurchaseRecord {
    const record = this.#options.store.get(id);
    if (record === undefined) throw new CoreError('not_found', 'No such purchase in the history.');
    return record;
  }
}
