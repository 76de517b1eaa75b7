import type { JournalNotice } from '../../../shared/journal.ts';
import type { HistoryQuery, PurchaseRecord, PurchaseSummary } from '../../../shared/purchase.ts';
import { settledPurchaseStates } from '../../../shared/purchase.ts';
import type { Clock } from './clock.ts';
import type { Durability, JournalWrite } from './journal.ts';
import { PurchaseJournal } from './journal.ts';
import { RecordCache } from './record-cache.ts';
import { WriteQueue } from './write-queue.ts';

export type PurchaseListener = (record: PurchaseRecord) => void;

export type SaveExtra = Pick<JournalWrite, 'resultBody' | 'replaceVariables'>;

/**
 * The journal plus change notification: every change is written first and announced second,
 * so a listener never sees a state that a crash could take back.
 *
 * Changes are written at once (`save`, for a person's action that returns the record) or queued
 * for the group commit a millisecond later (`insert`, `saveSoon`, `markSending`:
 * the purchase flow, which awaits them). Reads see the newest version, queued or not, so no
 * change is lost by a read-modify-write that comes between.
 */
export class RecordStore {
  readonly #journal: PurchaseJournal;
  readonly #cache: RecordCache;
  readonly #queue: WriteQueue;
  readonly #clock: Clock;
  readonly #listeners = new Set<PurchaseListener>();
  readonly #waiters = new Map<string, Set<(record: PurchaseRecord) => void>>();

  constructor(dataDir: string, clock: Clock) {
    this.#journal = new PurchaseJournal(dataDir);
    this.#cache = new RecordCache(this.#journal);
    this.#queue = new WriteQueue({
      commit: (writes, durability) => {
        this.#journal.writeAll(writes, durability);
      },
      commitSyncedLater: (writes) => this.#journal.writeAllSyncedLater(writes),
      stored: (write) => {
        this.#cache.put(write.record);
      },
      committed: (write) => {
        this.#announce(write.record);
      },
    });
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
    const known = this.#queue.pending(id) ?? this.#cache.get(id);
    if (known !== undefined) return known;
    const stored = this.#journal.get(id);
    if (stored !== undefined) this.#cache.put(stored);
    return stored;
  }

  findByPurchaseId(environmentId: string, purchaseId: string): PurchaseRecord | undefined {
    const found = this.#journal.findByPurchaseId(environmentId, purchaseId);
    return found === undefined ? undefined : this.#newest(found);
  }

  /** In the given states as committed, each in its newest version. */
  listInStates(states: readonly PurchaseRecord['state'][]): PurchaseRecord[] {
    return this.#journal.listInStates(states).map((record) => this.#newest(record));
  }

  /** A record read from the file, or the change queued for it: a caller that rewrites it must start from the newest. */
  #newest(record: PurchaseRecord): PurchaseRecord {
    return this.#queue.pending(record.id) ?? record;
  }

  search(query: HistoryQuery): PurchaseRecord[] {
    return this.#journal.search(query);
  }

  summaries(query: HistoryQuery): PurchaseSummary[] {
    return this.#journal.summaries(query);
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

  /** A new record, durable (synchronous=FULL) when the promise resolves; intents of one millisecond share a commit. */
  async insert(record: PurchaseRecord): Promise<PurchaseRecord> {
    await this.#queue.enqueue({ record, insert: true }, 'full');
    return record;
  }

  /** Writes a change now, with whatever is queued, and returns it as saved. */
  save(record: PurchaseRecord, durability: Durability, extra: SaveExtra = {}): PurchaseRecord {
    const saved = this.#stamped(record);
    this.#queue.flushNow({ record: saved, ...extra }, durability);
    return saved;
  }

  /** Queues a change for the group commit (within a millisecond); resolves with it as saved once it is on disk. */
  async saveSoon(record: PurchaseRecord, durability: Durability, extra: SaveExtra = {}): Promise<PurchaseRecord> {
    const saved = this.#stamped(record);
    await this.#queue.enqueue({ record: saved, ...extra }, durability);
    return saved;
  }

  /**
   * What a GET of the result resource answered that settles the purchase or that a person asked
   * for (synchronous=NORMAL): committed within a few milliseconds with the other answers of that
   * moment; resolves with it as saved once it is committed.
   */
  async saveAnswer(record: PurchaseRecord, extra: SaveExtra = {}): Promise<PurchaseRecord> {
    const saved = this.#stamped(record);
    await this.#queue.enqueue({ record: saved, ...extra }, 'normal', 'soon');
    return saved;
  }

  /**
   * What a scheduled GET learnt, queued (synchronous=NORMAL) to be committed within the write
   * queue's window with the other answers of that moment. The record as it will be saved is
   * returned at once; `committed` settles with the commit. Before the next GET of this purchase
   * leaves, `commitQueued` puts it on disk.
   */
  queueAnswer(record: PurchaseRecord, extra: SaveExtra = {}): { saved: PurchaseRecord; committed: Promise<void> } {
    const saved = this.#stamped(record);
    return { saved, committed: this.#queue.enqueue({ record: saved, ...extra }, 'normal', 'window') };
  }

  /** Commits the change queued for `id`, if any, now; throws when that commit failed. */
  commitQueued(id: string): void {
    this.#queue.commitQueued(id);
  }

  /**
   * The sending mark of an intent (synchronous=FULL): queued at once, so every POST that gets a
   * connection within a millisecond shares one commit; the POST's bytes wait for the promise.
   */
  markSending(id: string, at: number): Promise<void> {
    const current = this.get(id);
    if (current === undefined) return Promise.reject(new Error('The intent is no longer in the journal.'));
    return this.#queue.enqueue({ record: this.#stamped({ ...current, sendingAt: at }) }, 'full');
  }

  #stamped(record: PurchaseRecord): PurchaseRecord {
    return { ...record, updatedAt: Math.max(this.#clock.now(), record.createdAt) };
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

  /** Queued changes are committed; whoever still waits gets the record as it stands; then the database is closed. */
  close(): void {
    try {
      this.#queue.flushNow();
    } catch {
      // Each queued write's own caller was told; closing goes on.
    }
    for (const [id, waiters] of this.#waiters) {
      const record = this.get(id);
      if (record !== undefined) for (const resolve of waiters) resolve(record);
    }
    this.#waiters.clear();
    this.#listeners.clear();
    this.#cache.clear();
    this.#journal.close();
  }
}
