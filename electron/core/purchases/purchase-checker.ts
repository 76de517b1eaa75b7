import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { CoreError } from '../errors.ts';
import type { Clock } from '../concurrency/clock.ts';
import { newLocalId } from './submission/local-id.ts';
import type { Poller, PurchaseEnvironment } from './polling/poller.ts';
import type { JournalStore } from '../stores/journal-store.ts';
import { resolveCheckReference } from './answers/reference.ts';

export interface CheckOptions {
  /** Keep following the purchase until it settles, then resolve. */
  readonly wait?: boolean;
  /** Keep a purchase the service does not know (404) in the history anyway. */
  readonly keepNotFound?: boolean;
}

export interface PurchaseCheckerOptions {
  readonly store: JournalStore;
  readonly poller: Poller;
  readonly clock: Clock;
}

/**
 * Checks by purchase id or result URL, for support staff. A purchase already in the journal is
 * updated in place (never a second row); a reference that is neither an id nor a result URL of
 * the environment is refused before any request; one the service does not know is not saved.
 */
export class PurchaseChecker {
  readonly #store: JournalStore;
  readonly #poller: Poller;
  readonly #clock: Clock;

  constructor(options: PurchaseCheckerOptions) {
    this.#store = options.store;
    this.#poller = options.poller;
    this.#clock = options.clock;
  }

  find(environment: PurchaseEnvironment, reference: string): PurchaseRecord | undefined {
    const ref = resolveCheckReference(reference, environment.client.baseUrl);
    return this.#store.findByPurchaseId(environment.id, ref.purchaseId);
  }

  async check(environment: PurchaseEnvironment, reference: string, options: CheckOptions): Promise<PurchaseRecord> {
    const wait = options.wait === true;
    const ref = resolveCheckReference(reference, environment.client.baseUrl);
    let record = this.#store.findByPurchaseId(environment.id, ref.purchaseId);
    if (record === undefined) return this.#checkNew(environment, ref, options);
    if (wait && !record.autoCheck) record = this.#store.save({ ...record, autoCheck: true }, 'normal');
    if (!wait) return (await this.#poller.checkNow(record.id)) ?? record;
    const advisedLater = record.state === 'pending' && (record.nextCheckAt ?? 0) > this.#clock.now();
    if (advisedLater) this.#poller.follow(record);
    else await this.#poller.checkNow(record.id);
    return this.#store.waitForSettled(record.id);
  }

  /** A reference not in the journal: one GET first, and only what the service knows is kept. */
  async #checkNew(environment: PurchaseEnvironment, ref: ReturnType<typeof resolveCheckReference>, options: CheckOptions): Promise<PurchaseRecord> {
    const result = await this.#poller.probe(environment, ref.resultUrl);
    if (result.kind === 'aborted') throw new CoreError('cancelled', 'TitleDesk is closing; nothing was saved.');
    if (result.kind === 'refused') throw result.error;
    if (result.kind === 'response' && result.response.status === 404 && options.keepNotFound !== true) {
      throw new CoreError('not_found', `The service does not know a purchase "${ref.purchaseId}" (HTTP 404). Nothing was saved.`);
    }
    const now = this.#clock.now();
    const inserted = await this.#store.insert({
      id: newLocalId(),
      environmentId: environment.id,
      variables: [],
      options: {},
      state: 'pending',
      purchaseId: ref.purchaseId,
      resultUrl: ref.resultUrl.href,
      autoCheck: options.wait === true,
      createdAt: now,
      updatedAt: now,
      timeline: [],
    });
    const record = await this.#poller.adopt(inserted, result);
    return options.wait === true ? this.#store.waitForSettled(record.id) : record;
  }
}
