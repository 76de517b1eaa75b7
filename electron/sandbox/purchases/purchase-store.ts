import { randomUUID } from 'node:crypto';
import type { Principal } from '../auth/token-store.ts';
import type { Variable } from '../catalog/catalog.ts';
import { appendSnapshotChange, loadPurchaseSnapshot, writePurchaseSnapshot, type PurchaseSnapshot, type SnapshotChange, type StoredPurchase } from './purchase-snapshot.ts';

export interface RequestedVariable {
  /** The IRI exactly as the client sent it: the result echoes it verbatim. */
  readonly sent: string;
  readonly variable: Variable;
}

export interface PurchaseRecord {
  readonly id: string;
  readonly principal: Principal;
  /** The seller's key (seller.ts): a title number, or `address:8e05p·0` / `spatial:…` for the other catalogs. */
  readonly titleNumber: string;
  readonly requested: readonly RequestedVariable[];
  readonly createdAt: number;
  /** When the result resource stops answering 202 (includes any honoured service.min-wait). */
  readonly readyAt: number;
  /** 1 for the first purchase this sandbox made, 2 for the next…: the key of its pacing. */
  readonly sequence: number;
  /** The GET moments of a client that waits exactly as advised (see advice-plan.ts). */
  readonly checkpoints: readonly number[];
}

/** What the sandbox knows of a purchase's timing, for the control API and benchmarks. */
export interface PurchaseTiming {
  readonly id: string;
  readonly sequence: number;
  readonly createdAt: number;
  readonly readyAt: number;
  readonly checkpoints: readonly number[];
}

/** Changes appended before the snapshot is rewritten, however few purchases it holds. */
const minLoggedChanges = 1000;

function toStored(purchase: PurchaseRecord): StoredPurchase {
  return {
    ...purchase,
    requested: purchase.requested.map(({ sent, variable }) => ({ sent, key: variable.key })),
    checkpoints: [...purchase.checkpoints],
  };
}

/**
 * Purchases and what each principal already owns. Data bought once is available at once the next
 * time the same principal asks for it on the same title: that is the cached, synchronous path.
 */
export class PurchaseStore {
  readonly #purchases = new Map<string, PurchaseRecord>();
  readonly #available = new Map<string, number>();
  readonly #statePath: string | undefined;
  #lastSequence = 0;
  /** Changes appended since the snapshot was last written whole. */
  #logged = 0;

  /** With a state path, purchases are kept on disk and read back at the next start. */
  constructor(options: { statePath?: string; variableByKey?: (key: string) => Variable | undefined } = {}) {
    this.#statePath = options.statePath;
    const snapshot = options.statePath === undefined ? undefined : loadPurchaseSnapshot(options.statePath);
    if (snapshot === undefined || options.variableByKey === undefined) return;
    this.#restore(snapshot, options.variableByKey);
  }

  /** The sequence number of the next purchase: taken only when a purchase is about to be created. */
  nextSequence(): number {
    this.#lastSequence += 1;
    return this.#lastSequence;
  }

  create(record: Omit<PurchaseRecord, 'id'>): PurchaseRecord {
    const stored = { ...record, id: randomUUID() };
    this.#purchases.set(stored.id, stored);
    this.#log({ purchase: toStored(stored) });
    return stored;
  }

  get(id: string): PurchaseRecord | undefined {
    return this.#purchases.get(id);
  }

  timings(): PurchaseTiming[] {
    return [...this.#purchases.values()].map(({ id, sequence, createdAt, readyAt, checkpoints }) => ({ id, sequence, createdAt, readyAt, checkpoints }));
  }

  /** When this principal's data for the variable on the title is (or will be) ready, if ever bought. */
  availableAt(principal: Principal, titleNumber: string, variable: Variable): number | undefined {
    return this.#available.get(this.#key(principal, titleNumber, variable));
  }

  markAvailable(principal: Principal, titleNumber: string, variable: Variable, at: number): void {
    const key = this.#key(principal, titleNumber, variable);
    const known = this.#available.get(key);
    if (known === undefined || at < known) {
      this.#available.set(key, at);
      this.#log({ available: [key, at] });
    }
  }

  #restore(snapshot: PurchaseSnapshot, variableByKey: (key: string) => Variable | undefined): void {
    for (const purchase of snapshot.purchases) {
      const requested = purchase.requested.flatMap(({ sent, key }) => {
        const variable = variableByKey(key);
        return variable === undefined ? [] : [{ sent, variable }];
      });
      if (requested.length === purchase.requested.length) this.#purchases.set(purchase.id, { ...purchase, requested });
      this.#lastSequence = Math.max(this.#lastSequence, purchase.sequence);
    }
    for (const [key, at] of snapshot.available) this.#available.set(key, at);
  }

  /**
   * Appends a change to the log beside the snapshot; once the log holds as many changes as the
   * snapshot has purchases (and at least a thousand), the snapshot is written whole and the log
   * emptied. Each change costs the same however many purchases came before.
   */
  #log(change: SnapshotChange): void {
    if (this.#statePath === undefined) return;
    this.#logged += 1;
    if (this.#logged < Math.max(minLoggedChanges, this.#purchases.size)) {
      appendSnapshotChange(this.#statePath, change);
      return;
    }
    const purchases = [...this.#purchases.values()].map(toStored);
    writePurchaseSnapshot(this.#statePath, { version: 1, purchases, available: [...this.#available] });
    this.#logged = 0;
  }

  #key(principal: Principal, titleNumber: string, variable: Variable): string {
    return `${principal}\u0000${titleNumber}\u0000${variable.key}`;
  }
}
