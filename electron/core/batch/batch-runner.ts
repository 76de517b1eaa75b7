import type { BatchItem } from '../../../shared/purchase/batch.ts';
import type { Money, PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { settledPurchaseStates } from '../../../shared/purchase/purchase.ts';
import { CoreError } from '../errors.ts';
import { isDiskFull } from '../files/disk-full.ts';
import { newLocalId } from '../purchases/submission/local-id.ts';
import type { PurchaseEnvironment, PurchaseService } from '../purchases/purchase-service.ts';
import type { SpendingGuard } from '../spending/spending-guard.ts';
import { sumMoney } from '../spending/money.ts';
import { itemResource } from './batch-planner.ts';
import type { BatchRow, BatchStore } from './batch-store.ts';
import { heldByOther } from './held-line.ts';
import { applyPurchase } from './item-outcome.ts';
import { rowAddress } from './row-address.ts';
import { ServiceWait, serviceDidNotTake, type ServiceWaitState } from './service-wait.ts';

/** The data folder takes no writes (a full disk, an unusable folder): the batch stops, nothing more can be recorded. */
function isDataFolderTrouble(error: unknown): boolean {
  return isDiskFull(error) || (error instanceof CoreError && error.code === 'data_dir');
}

export interface RunnerDeps {
  readonly store: BatchStore;
  readonly purchases: PurchaseService;
  readonly guard: SpendingGuard;
  readonly environmentOf: (environmentId: string) => PurchaseEnvironment;
  readonly now: () => number;
  readonly changed: (batchId: string) => void;
}

/** Progress of the current run, for the ETA. */
export interface RunProgress {
  readonly startedAt: number;
  settled: number;
}

/**
 * Runs one batch: lines in order, at most `concurrency` purchases in flight, each through the
 * purchase service (intent journaled before its POST). Each line's purchase id is journaled
 * before the purchase is made, so after a crash a line is either known to be unsent (sent
 * again) or tied to its purchase (followed, never re-sent). Stops before the first line the
 * budget would not allow.
 */
export class BatchRun {
  readonly #deps: RunnerDeps;
  readonly #batch: BatchRow;
  readonly #spent = new Map<number, readonly Money[]>();
  readonly #inFlight = new Set<Promise<void>>();
  /** Lines the service did not take, to go out again before the rest of the queue. */
  readonly #retry: BatchItem[] = [];
  readonly #wait: ServiceWait;
  /** While waiting for the service: the one line trying again is out. */
  #probing = false;
  readonly progress: RunProgress;
  #halt: 'pause' | 'cancel' | 'shutdown' | undefined;

  constructor(deps: RunnerDeps, batch: BatchRow) {
    this.#deps = deps;
    this.#batch = batch;
    this.#wait = new ServiceWait(deps.now);
    this.progress = { startedAt: deps.now(), settled: 0 };
  }

  #halted(): boolean {
    return this.#halt !== undefined;
  }

  /** Why the batch is waiting for the service and when it tries again; undefined when it is not. */
  get waiting(): ServiceWaitState | undefined {
    return this.#wait.state;
  }

  /** Stops starting lines; those in flight settle. On shutdown the batch stays running, to continue at the next start. */
  halt(how: 'pause' | 'cancel' | 'shutdown'): void {
    this.#halt = how;
    this.#wait.interrupt();
  }

  async run(): Promise<void> {
    const { store } = this.#deps;
    const id = this.#batch.id;
    store.setState(id, 'running', null, this.#deps.now());
    this.#deps.changed(id);
    this.#reconcile();
    const stoppedByBudget = await this.#launchQueued();
    await Promise.all([...this.#inFlight]);
    this.#finish(stoppedByBudget);
  }

  #finish(stoppedByBudget: boolean): void {
    const { store } = this.#deps;
    const id = this.#batch.id;
    if (this.#halt === 'shutdown') return;
    if (this.#halt === 'cancel') {
      for (const item of store.itemsInStates(id, ['queued'])) store.saveItem(id, { ...item, state: 'cancelled', reason: 'The batch was cancelled before this line was bought.' });
      store.setState(id, 'cancelled', null, this.#deps.now());
    } else if (this.#halt === 'pause') store.setState(id, 'paused', null, this.#deps.now());
    else if (stoppedByBudget) store.setState(id, 'stopped', 'budget', this.#deps.now());
    else {
      const open = store.itemsInStates(id, ['queued', 'sending', 'pending']).length;
      store.setState(id, open === 0 ? 'done' : 'paused', null, this.#deps.now());
    }
    this.#deps.changed(id);
  }

  /**
   * Lines left by an earlier run: tied to their purchases and followed; sent again when the
   * service certainly did not take them; of unknown outcome when the journal does not know a
   * purchase the line was sending (a journal that lost its last writes: the POST may have gone).
   */
  #reconcile(): void {
    const { store, purchases } = this.#deps;
    for (const item of store.items(this.#batch.id)) {
      // A line another team purchase holds follows that one; it is never sent (nor sent again) from here.
      const record = item.heldBy !== undefined ? purchases.get(item.heldBy.localId) : item.purchaseLocalId === null ? undefined : purchases.get(item.purchaseLocalId);
      if (record !== undefined && item.heldBy === undefined && ['unknown', 'failed', 'sending', 'pending'].includes(item.state) && serviceDidNotTake(record)) {
        this.#queueAgain(item, record);
        continue;
      }
      if (item.purchaseLocalId !== null && item.heldBy === undefined && !['failed', 'refused'].includes(item.state)) this.#spent.set(item.index, item.cost);
      if (item.state !== 'sending' && item.state !== 'pending') continue;
      if (record === undefined) {
        const reason = 'The journal has no record of this line\'s purchase, yet it was being sent: it may have been bought. Check with the service before buying this title again.';
        store.saveItem(this.#batch.id, { ...item, state: 'unknown', reason });
        continue;
      }
      if (record.state === 'pending' && !record.autoCheck && record.imported !== true) purchases.recheck(record.id);
      this.#track(this.#await({ ...item, state: 'pending' }, record.id));
    }
  }

  /** A line whose purchase the service did not take goes back to the queue: a purchase never sent is sent again as itself, one refused by a 503 is made anew. */
  #queueAgain(item: BatchItem, record: PurchaseRecord): BatchItem {
    const queued: BatchItem = { ...item, state: 'queued', reason: null, purchaseId: null, purchaseLocalId: record.state === 'not_sent' ? record.id : null };
    this.#deps.store.saveItem(this.#batch.id, queued);
    this.#spent.delete(item.index);
    this.#retry.push(queued);
    return queued;
  }

  async #launchQueued(): Promise<boolean> {
    const spec = this.#batch.spec;
    const again = new Set(this.#retry.map((item) => item.index));
    const queued = this.#deps.store.itemsInStates(this.#batch.id, ['queued']).filter((item) => !again.has(item.index));
    let next = 0;
    for (;;) {
      while (this.#inFlight.size >= spec.concurrency) await Promise.race(this.#inFlight);
      if (this.#halted()) return false;
      if (this.#wait.state !== undefined && !this.#probing) await this.#wait.untilDue();
      if (this.#halted()) return false;
      // Every line that may start now goes out together: with 64 in flight, lines settle in waves,
      // and an fsync per line held the event loop long enough to make the batch's result GETs late.
      // While the service is down, one line alone tries again.
      const capacity = spec.concurrency - this.#inFlight.size;
      const room = this.#wait.state === undefined ? capacity : this.#probing ? 0 : 1;
      const retry = this.#retry.splice(0, room);
      const wave = [...retry, ...queued.slice(next, next + room - retry.length)];
      if (wave.length === 0) {
        if (this.#inFlight.size === 0) return false;
        await Promise.race(this.#inFlight);
        continue;
      }
      this.#probing = this.#wait.state !== undefined;
      const started = this.#launch(wave);
      next += Math.max(0, started - retry.length);
      if (started < retry.length) this.#retry.unshift(...retry.slice(started));
      if (started < wave.length) {
        this.#probing = false;
        return true;
      }
    }
  }

  /**
   * Reserves the wave's prices against every budget in one transaction with the check (so lines
   * in flight, other batches and other processes are all counted), then makes each line's
   * purchase id durable before its intent is written. Returns how many lines started: fewer than
   * the wave when a budget stopped it.
   */
  #launch(wave: readonly BatchItem[]): number {
    if (wave.length === 0) return 0;
    const { store, guard } = this.#deps;
    const spec = this.#batch.spec;
    const candidates = wave.map((item) => ({ ...item, state: 'sending' as const, purchaseLocalId: item.purchaseLocalId ?? newLocalId() }));
    const { reserved } = guard.reserve(spec.environmentId, candidates.map((line) => ({ localId: line.purchaseLocalId, cost: line.cost })), { budget: spec.budget, spent: sumMoney(...this.#spent.values()) });
    const lines = candidates.slice(0, reserved);
    if (lines.length === 0) return 0;
    for (const line of lines) this.#spent.set(line.index, line.cost);
    // A crash before this commit leaves reserved money with no purchase (it expires) and the lines queued: sent on resume.
    store.saveItems(this.#batch.id, lines);
    for (const sending of lines) this.#track(this.#send(sending));
    return lines.length;
  }

  /** One line's purchase: made (its intent journaled before its POST), or a purchase never sent sent again. */
  async #send(sending: BatchItem & { readonly purchaseLocalId: string }): Promise<void> {
    const { store, purchases, guard } = this.#deps;
    const spec = this.#batch.spec;
    const earlier = purchases.get(sending.purchaseLocalId);
    let record: PurchaseRecord;
    try {
      record = earlier === undefined
        ? await purchases.create(this.#deps.environmentOf(spec.environmentId), itemResource(sending), sending.toBuy, {}, sending.purchaseLocalId, { address: rowAddress(sending.input) })
        : earlier.state === 'not_sent' ? await purchases.send(earlier.id) : earlier;
      // Sent meanwhile by other means (Send now): it counts as itself, not as a reservation too.
      if (earlier !== undefined && earlier.state !== 'not_sent') guard.ledger.release(earlier.id);
    } catch (error) {
      this.#probing = false;
      const current = purchases.get(sending.purchaseLocalId);
      const neverSent = current === undefined || current.state === 'not_sent';
      if (neverSent && isDataFolderTrouble(error)) {
        this.#unsend(sending, current);
        throw error;
      }
      if (neverSent) guard.ledger.release(sending.purchaseLocalId);
      const reason = error instanceof CoreError ? error.message : 'The purchase could not be made.';
      store.saveItem(this.#batch.id, { ...sending, state: 'failed', reason });
      this.#settled(sending.index, []);
      return;
    }
    this.#probing = false;
    if (serviceDidNotTake(record)) {
      this.#queueAgain(sending, record);
      this.#wait.refused(record.error?.message ?? 'The service did not take the purchase.');
      this.#deps.changed(this.#batch.id);
      return;
    }
    this.#wait.answered();
    await this.#await(applyPurchase(heldByOther(sending, record), record), record.id);
  }

  /**
   * A line whose purchase could not be journaled (a full disk) was never sent, since no POST goes
   * out before its intent is on disk: it goes back to the queue, so `--resume` sends it rather than
   * calling it of unknown outcome. Written before its reservation is released: on a full disk the
   * line is what matters, and a reservation left behind expires by itself.
   */
  #unsend(sending: BatchItem, record: PurchaseRecord | undefined): void {
    const queued: BatchItem = { ...sending, state: 'queued', reason: null, purchaseId: null, purchaseLocalId: record?.id ?? null };
    this.#spent.delete(sending.index);
    this.#deps.store.saveUnsentItem(this.#batch.id, queued);
    try {
      this.#deps.guard.ledger.release(sending.purchaseLocalId ?? '');
    } catch {
      // The disk is still full: the reservation expires after its time-out.
    }
  }

  async #await(item: BatchItem, localId: string): Promise<void> {
    const { store, purchases } = this.#deps;
    store.saveProgress(this.#batch.id, item);
    this.#deps.changed(this.#batch.id);
    const record = settledPurchaseStates.includes(purchases.get(localId)?.state ?? 'pending')
      ? purchases.get(localId)
      : await purchases.waitForSettled(localId).catch(() => undefined);
    if (record === undefined || !settledPurchaseStates.includes(record.state)) return; // shutting down: the next run follows it
    const settled = applyPurchase(item, record);
    store.saveProgress(this.#batch.id, settled);
    this.#settled(item.index, settled.state === 'available' ? (record.totals ?? []) : settled.state === 'unknown' ? item.cost : []);
  }

  #settled(index: number, spent: readonly Money[]): void {
    this.#spent.set(index, spent);
    this.progress.settled += 1;
    this.#deps.changed(this.#batch.id);
  }

  #track(work: Promise<void>): void {
    const tracked = work.finally(() => this.#inFlight.delete(tracked));
    this.#inFlight.add(tracked);
  }
}
