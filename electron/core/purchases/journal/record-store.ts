import type { JournalNotice } from '../../../../shared/purchase/journal.ts';
import type { HistoryQuery, PurchaseRecord, PurchaseSummary } from '../../../../shared/purchase/purchase.ts';
import { settledPurchaseStates } from '../../../../shared/purchase/purchase.ts';
import type { Clock } from '../../concurrency/clock.ts';
import { backUpJournal } from './journal-backup.ts';
import type { Durability, JournalWrite } from './journal.ts';
import { PurchaseJournal } from './journal.ts';
import type { JournalStore, PurchaseListener, SaveExtra } from '../../stores/journal-store.ts';
import { RecordCache } from './record-cache.ts';
import { WriteQueue, type CommitWhen } from './write-queue.ts';

export type { PurchaseListener, SaveExtra } from '../../stores/journal-store.ts';

/**
 * How much later than advised the journal gives a pending purchase's next check while the
 * purchase flow writes it (the 303, each answer written), so that the answers ("not yet") that
 * come in meanwhile need no write of their own: each is held in memory while the time it advises
 * is no later than the one the journal gives. A purchase polled every second or two is then
 * rewritten about once in ten seconds instead of at every answer, and neither a restart after a
 * crash nor another process reading the journal ever asks earlier than the last answer advised;
 * after a crash they may ask up to this much later (closing writes each purchase's own next
 * check). What a crash takes back is only those answers' lines in the purchase's timeline: its
 * state, result address and result are journaled as before. Fewer writes mean fewer pages written
 * and GETs less late; what a commit costs is mostly the pages it writes, and the answers that are
 * left still share them
 * (docs/decisions/journal/002-journal-writes-on-the-main-thread.md#answers-held-in-memory).
 */
const answerHoldMs = 10_000;

/** A pending purchase's write gives the journal a next check answerHoldMs later than advised. */
function withMargin(write: JournalWrite): JournalWrite {
  const { record } = write;
  if (record.state !== 'pending' || record.nextCheckAt === undefined || write.resultBody !== undefined || write.replaceVariables === true) return write;
  return { ...write, notBefore: record.nextCheckAt + answerHoldMs };
}

/**
 * The journal plus change notification: every change is written first and announced second,
 * so a listener never sees a state that a crash could take back. An answer held in memory
 * (answerHoldMs) is announced at once: it changes no state, only the purchase's timeline and
 * the time of its next check.
 *
 * Changes are written at once (`save`, for a person's action that returns the record) or queued
 * for the group commit a millisecond later (`insert`, `saveSoon`, `markSending`:
 * the purchase flow, which awaits them). Reads see the newest version, queued or not, so no
 * change is lost by a read-modify-write that comes between.
 */
export class RecordStore implements JournalStore {
  readonly #journal: PurchaseJournal;
  readonly #cache: RecordCache;
  readonly #queue: WriteQueue;
  readonly #clock: Clock;
  readonly #listeners = new Set<PurchaseListener>();
  readonly #waiters = new Map<string, Set<(record: PurchaseRecord) => void>>();
  /** Answers of followed purchases held in memory (answerHoldMs): newer than their journaled row. */
  readonly #held = new Map<string, PurchaseRecord>();
  /** The next check time the committed row of each pending purchase gives (its nextCheckAt, or the notBefore written). */
  readonly #journaledNextCheck = new Map<string, number>();

  /** `onStored`: each write's purchase id as soon as the write is committed (unsaved-answers.ts). */
  constructor(dataDir: string, clock: Clock, onStored?: (id: string) => void) {
    this.#journal = new PurchaseJournal(dataDir);
    this.#cache = new RecordCache(this.#journal);
    this.#queue = new WriteQueue({
      commit: (writes, durability) => {
        this.#journal.writeAll(writes, durability);
      },
      commitSyncedLater: (writes) => this.#journal.writeAllSyncedLater(writes),
      stored: (write) => {
        this.#cache.put(write.record);
        this.#noteJournaledNextCheck(write);
        onStored?.(write.record.id);
      },
      committed: (write) => {
        this.#announce(write.record);
      },
      held: () => this.#journal.logBeingEmptied,
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
    return this.#queue.pending(id) ?? this.#heldAnswer(id) ?? this.#committed(id);
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
    return this.#queue.pending(record.id) ?? this.#heldAnswer(record.id) ?? record;
  }

  /**
   * The answer held for `id`, while the row is still the one this process wrote: should another
   * process rewrite it (a cancel from the command line), its version wins and the answer is dropped.
   */
  #heldAnswer(id: string): PurchaseRecord | undefined {
    const held = this.#held.get(id);
    if (held === undefined || this.#cache.get(id) !== undefined) return held;
    this.#held.delete(id);
    this.#journaledNextCheck.delete(id);
    return undefined;
  }

  search(query: HistoryQuery): PurchaseRecord[] {
    return this.#journal.search(query).map((record) => this.#newest(record));
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
    return this.insertAllIfAbsent([{ record, resultBody }]) === 1;
  }

  /** Records from elsewhere, each unless its id is known, in one commit; how many were added. */
  insertAllIfAbsent(items: readonly { readonly record: PurchaseRecord; readonly resultBody: string | null }[]): number {
    const added = this.#journal.insertAllIfAbsent(items);
    items.forEach((item, index) => { if (added[index] === true) this.#announce(item.record); });
    return added.filter(Boolean).length;
  }

  backUp(dataDir: string, now: number, force: boolean): Promise<string | undefined> {
    return backUpJournal(this.#journal.database, dataDir, now, force);
  }

  /** A new record, durable (synchronous=FULL) when the promise resolves; intents of one millisecond share a commit. */
  async insert(record: PurchaseRecord): Promise<PurchaseRecord> {
    await this.#enqueue({ record, insert: true }, 'full');
    return record;
  }

  /** Writes a change now, with whatever is queued, and returns it as saved. */
  save(record: PurchaseRecord, durability: Durability, extra: SaveExtra = {}): PurchaseRecord {
    const saved = this.#stamped(record);
    // The write carries the purchase's newest record: an answer held for it is dropped.
    this.#held.delete(saved.id);
    this.#queue.flushNow({ record: saved, ...extra }, durability);
    return saved;
  }

  /** Queues a change for the group commit (within a millisecond); resolves with it as saved once it is on disk. */
  async saveSoon(record: PurchaseRecord, durability: Durability, extra: SaveExtra = {}): Promise<PurchaseRecord> {
    const saved = this.#stamped(record);
    await this.#enqueue(withMargin({ record: saved, ...extra }), durability);
    return saved;
  }

  /**
   * What a GET of the result resource answered that settles the purchase or that a person asked
   * for (synchronous=NORMAL): committed within a few milliseconds with the other answers of that
   * moment; resolves with it as saved once it is committed.
   */
  async saveAnswer(record: PurchaseRecord, extra: SaveExtra = {}): Promise<PurchaseRecord> {
    const saved = this.#stamped(record);
    await this.#enqueue(withMargin({ record: saved, ...extra }), 'normal', 'soon');
    return saved;
  }

  /**
   * What a scheduled GET learnt. A "not yet" whose advised time is no later than the next check
   * the journal already gives is held in memory (answerHoldMs) and announced at once; anything
   * else is queued (synchronous=NORMAL) to be committed within the write queue's window with the
   * other answers of that moment. The record as it will be saved is returned at once; `committed`
   * settles with the commit. Before the next GET of this purchase leaves, `commitQueued` puts a
   * queued one on disk.
   */
  queueAnswer(record: PurchaseRecord, extra: SaveExtra = {}): { saved: PurchaseRecord; committed: Promise<void> } {
    const saved = this.#stamped(record);
    const write = withMargin({ record: saved, ...extra });
    if (write.notBefore !== undefined && this.#mayHold(saved)) {
      this.#held.set(saved.id, saved);
      this.#queue.inOrder(() => { this.#announce(saved); });
      return { saved, committed: Promise.resolve() };
    }
    return { saved, committed: this.#enqueue(write, 'normal', 'window') };
  }

  /** Whether the committed row already gives a next check no earlier than the record's, with nothing queued for it. */
  #mayHold(record: PurchaseRecord): boolean {
    const journaled = this.#journaledNextCheck.get(record.id);
    return journaled !== undefined && record.nextCheckAt !== undefined && record.nextCheckAt <= journaled && this.#queue.pending(record.id) === undefined;
  }

  #noteJournaledNextCheck(write: JournalWrite): void {
    const { record } = write;
    const nextCheck = write.notBefore ?? record.nextCheckAt;
    if (record.state === 'pending' && nextCheck !== undefined) this.#journaledNextCheck.set(record.id, nextCheck);
    else this.#journaledNextCheck.delete(record.id);
  }

  /** Every queued write goes through here: it carries the purchase's newest record, so an answer held for it is dropped. */
  #enqueue(write: JournalWrite, durability: Durability, when?: CommitWhen): Promise<void> {
    this.#held.delete(write.record.id);
    return this.#queue.enqueue(write, durability, when);
  }

  /**
   * Commits the change queued for `id`, if any, now; throws when that commit failed. While the log
   * is being emptied it returns a promise for that commit instead (write-queue.ts).
   */
  commitQueued(id: string): Promise<void> | undefined {
    return this.#queue.commitQueued(id);
  }

  /**
   * The sending mark of an intent (synchronous=FULL): queued at once, so every POST that gets a
   * connection within a millisecond shares one commit; the POST's bytes wait for the promise.
   */
  markSending(id: string, at: number): Promise<void> {
    const current = this.get(id);
    if (current === undefined) return Promise.reject(new Error('The intent is no longer in the journal.'));
    return this.#enqueue({ record: this.#stamped({ ...current, sendingAt: at }) }, 'full');
  }

  #flushClosing(): void {
    try {
      this.#queue.flushNow();
    } catch {
      // Each queued write's own caller was told; closing goes on.
    }
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

  /**
   * Resolves once the purchase is available, failed, outcome-unknown or cancelled in the journal.
   * Judged from what is committed, never from an answer still queued: the journal may yet refuse
   * that one (a full disk), and the purchase is then still followed, not settled.
   */
  waitForSettled(id: string): Promise<PurchaseRecord> {
    const current = this.#committed(id);
    if (current === undefined || settledPurchaseStates.includes(current.state)) {
      return current === undefined ? Promise.reject(new Error(`No purchase ${id}.`)) : Promise.resolve(current);
    }
    return new Promise((resolve) => {
      const set = this.#waiters.get(id) ?? new Set();
      set.add(resolve);
      this.#waiters.set(id, set);
    });
  }

  /** The record as the journal holds it: its cached copy, else its row (cached while in progress). */
  #committed(id: string): PurchaseRecord | undefined {
    const cached = this.#cache.get(id);
    if (cached !== undefined) return cached;
    const stored = this.#journal.get(id);
    if (stored !== undefined) this.#cache.put(stored);
    return stored;
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
    this.#flushClosing();
    // The margin is for a crash: after a clean close, each followed purchase's next check is its
    // own, and held answers are written. What is committed now says which rows need it.
    for (const [id, journaled] of this.#journaledNextCheck) {
      const record = this.get(id);
      if (record !== undefined && (this.#held.has(id) || record.nextCheckAt !== journaled)) this.#enqueue({ record }, 'normal').catch(() => undefined);
    }
    this.#flushClosing();
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
