import type { JournalNotice } from '../../../shared/journal.ts';
import type { HistoryQuery, PurchaseRecord } from '../../../shared/purchase.ts';
import { settledPurchaseStates } from '../../../shared/purchase.ts';
import type { Clock } from './clock.ts';
import type { Durability } from './journal.ts';
import { PurchaseJournal } from './journal.ts';

export type PurchaseListener = (record: PurchaseRecord) => void;

/**
 * The journal plus change notification: every change is written first and announced second,
 * so a listener never sees a state that a crash could take back.
 */
export class RecordStore {
  readonly #journal: PurchaseJournal;
  readonly #clock: Clock;
  readonly #listeners = new Set<PurchaseListener>();
  readonly #waiters = new Map<string, Set<(record: PurchaseRecord) => void>>();

  constructor(dataDir: string, clock: Clock) {
    this.#journal = new PurchaseJournal(dataDir);
    this.#clock = clock;
  }

  get journalPath(): string {
    return this.#journal.path;
  }

  /** What opening the journal found wrong, plus anything recovery adds; shown to the user. */
  get notices(): JournalNotice[] {
    return this.#journal.notices;
  }

  get(id: string): PurchaseRecord | undefined {
    return this.#journal.get(id);
  }

  findByPurchaseId(environmentId: string, purchaseId: string): PurchaseRecord | undefined {
    return this.#journal.findByPurchaseId(environmentId, purchaseId);
  }

  listInStates(states: readonly PurchaseRecord['state'][]): PurchaseRecord[] {
    return this.#journal.listInStates(states);
  }

  search(query: HistoryQuery): PurchaseRecord[] {
    return this.#journal.search(query);
  }

  getResult(id: string): unknown {
    return this.#journal.getResult(id);
  }

  /** Every row as stored, for an export. */
  rows(): Generator<{ record: string; result: string | null }> {
    return this.#journal.rows();
  }

  /** A record from another machine, added unless its id is known; announced like any change. */
  insertIfAbsent(record: PurchaseRecord, resultBody: string | null): boolean {
    const added = this.#journal.insertIfAbsent(record, resultBody);
    if (added) this.#announce(record);
    return added;
  }

  get database(): PurchaseJournal['database'] {
    return this.#journal.database;
  }

  /** Writes a new record durably (synchronous=FULL) before returning. */
  insert(record: PurchaseRecord): PurchaseRecord {
    this.#journal.insert(record);
    this.#announce(record);
    return record;
  }

  save(record: PurchaseRecord, durability: Durability, extra: { resultBody?: string; replaceVariables?: boolean } = {}): PurchaseRecord {
    const saved: PurchaseRecord = { ...record, updatedAt: Math.max(this.#clock.now(), record.createdAt) };
    this.#journal.update(saved, durability, extra);
    this.#announce(saved);
    return saved;
  }

  onUpdate(listener: PurchaseListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Resolves once the purchase is available, failed, outcome-unknown or cancelled. */
  waitForSettled(id: string): Promise<PurchaseRecord> {
    const current = this.get(id);
    if (current === undefined || settledPurchaseStates.includes(current.state)) {
      return current === undefined ? Promise.reject(new Error(`No purchase ${id}.`)) : Promise.resolve(current);
    }
    return new Promise((resolve) => {
      const set = this.#waiters.get(id) ?? new Set();
      set.add(resolve);
      this.#waiters.set(id, set);
    });
  }

  #announce(record: PurchaseRecord): void {
    for (const listener of this.#listeners) {
      try {
        listener(record);
      } catch {
        // A listener's failure (say, a closed window) must not undo or block a journaled change.
      }
    }
    if (!settledPurchaseStates.includes(record.state)) return;
    const waiters = this.#waiters.get(record.id);
    this.#waiters.delete(record.id);
    for (const resolve of waiters ?? []) resolve(record);
  }

  /** Whoever still waits gets the record as it stands; then the database is closed. */
  close(): void {
    for (const [id, waiters] of this.#waiters) {
      const record = this.get(id);
      if (record !== undefined) for (const resolve of waiters) resolve(record);
    }
    this.#waiters.clear();
    this.#listeners.clear();
    this.#journal.close();
  }
}
