import type { JournalNotice } from '../../../shared/purchase/journal.ts';
import type { HistoryQuery, PurchaseRecord, PurchaseSummary } from '../../../shared/purchase/purchase.ts';

/**
 * How a write must survive: 'full' synced before it is acknowledged (an intent, a sending mark, a
 * 303, a person's decision), 'normal' committed so that a killed process keeps it (an answer).
 */
export type Durability = 'full' | 'normal';

/** One row's change: a new record (`insert`) or a rewrite, with what else changes with it. */
export interface JournalWrite {
  readonly record: PurchaseRecord;
  readonly insert?: boolean;
  /** A 200's body, kept exactly as received. */
  readonly resultBody?: string;
  /** The variable list changed (a checked purchase learns it from its result). */
  readonly replaceVariables?: boolean;
  /**
   * Stored as the record's nextCheckAt instead of its own: a time at or after the one it
   * advises, so that later answers may be held in memory until then (record-store.ts).
   */
  readonly notBefore?: number;
}

export type PurchaseListener = (record: PurchaseRecord) => void;

export type SaveExtra = Pick<JournalWrite, 'resultBody' | 'replaceVariables'>;

/**
 * What the rest of core asks of the purchase journal: the one boundary between the purchase flow
 * and storage. purchases/journal/record-store.ts implements it over the desk's SQLite file; a store
 * shared by a team implements the same calls.
 *
 * The rules every implementation keeps:
 * - Written first, announced second: a listener never sees a state a crash could take back.
 * - `insert` (the intent) and `markSending` are durable before their promise resolves: a POST is
 *   sent only after both, so a paid purchase is never unknown to the journal.
 * - Writes made in one moment share one commit (one round trip for a network store): `insert`,
 *   `saveSoon`, `saveAnswer` and `queueAnswer` join the group commit of their moment.
 * - Reads see the newest version of a record, committed or still queued.
 * - Reads are synchronous: they are served from this desk's own file, which a shared store keeps
 *   up to date (decision: docs/decisions/journal/015-journal-reads-stay-local.md).
 */
export interface JournalStore {
  /** Where the journal is kept, for messages that name it. */
  readonly journalPath: string;
  /** Problems found on opening, for the user: they are said in the UI, never only logged. */
  readonly notices: JournalNotice[];

  get(id: string): PurchaseRecord | undefined;
  findByPurchaseId(environmentId: string, purchaseId: string): PurchaseRecord | undefined;
  listInStates(states: readonly PurchaseRecord['state'][]): PurchaseRecord[];
  search(query: HistoryQuery): PurchaseRecord[];
  /** History's rows: the purchases search() gives, as a list shows them. */
  summaries(query: HistoryQuery): PurchaseSummary[];
  /** The result collection exactly as received. */
  getResult(id: string): unknown;
  /** Every record with its result, as stored, for an export. */
  rows(): Iterable<{ record: string; result: string | null }>;

  /** A purchase's intent, durable when the promise resolves. */
  insert(record: PurchaseRecord): Promise<PurchaseRecord>;
  /** The purchase is about to be sent: durable when the promise resolves. */
  markSending(id: string, at: number): Promise<void>;
  /** A person's change, written now; returns the record as saved. */
  save(record: PurchaseRecord, durability: Durability, extra?: SaveExtra): PurchaseRecord;
  saveSoon(record: PurchaseRecord, durability: Durability, extra?: SaveExtra): Promise<PurchaseRecord>;
  /** What the result resource answered, committed with the other answers of that moment. */
  saveAnswer(record: PurchaseRecord, extra?: SaveExtra): Promise<PurchaseRecord>;
  queueAnswer(record: PurchaseRecord, extra?: SaveExtra): { saved: PurchaseRecord; committed: Promise<void> };
  /** The commit a queued change of this purchase waits for, if any. */
  commitQueued(id: string): Promise<void> | undefined;
  /** A record from another machine, added unless its id is known. */
  insertIfAbsent(record: PurchaseRecord, resultBody: string | null): boolean;
  /** Records from elsewhere, each unless its id is known, in one commit; how many were added. */
  insertAllIfAbsent(items: readonly { readonly record: PurchaseRecord; readonly resultBody: string | null }[]): number;

  onUpdate(listener: PurchaseListener): () => void;
  waitForSettled(id: string): Promise<PurchaseRecord>;

  /** A copy of the journal in the data folder's backups (once a day unless `force`); its path, if one was written. */
  backUp(dataDir: string, now: number, force: boolean): Promise<string | undefined>;
  close(): void;
}
