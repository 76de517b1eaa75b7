import type { PurchaseRecord } from '../../../../shared/purchase/purchase.ts';
import { settledPurchaseStates } from '../../../../shared/purchase/purchase.ts';
import type { PurchaseJournal } from './journal.ts';

interface Entry {
  readonly record: PurchaseRecord;
  /** The journal's data_version when this copy was last known to match the file. */
  version: number;
}

/** How long a look at data_version stands: as long as the poller's timer slack (poller.ts), so one wake's GETs and answers share a look. */
const versionTrustMs = 10;

/**
 * The purchases still in progress, as last committed, so that the poller and the submitter do
 * not read, parse and validate a row for every request. Only unsettled records are kept: they
 * are the ones read on every exchange, and there are as many as purchases in flight.
 *
 * Another connection may write the same file (the CLI checking a purchase, the batch store), so a
 * copy is trusted only while the journal's data_version says nobody else committed; after that,
 * it is checked once against the row's updated_at. data_version is read at most once every
 * `versionTrustMs`: each read of the file takes SQLite's file locks and a few system calls, too
 * many to pay once per turn of the event loop
 * (docs/decisions/journal/016-in-flight-records-in-memory.md).
 * Another process's change is seen within that time, well inside the window in which an answer
 * already waits for its group commit (write-queue.ts).
 */
export class RecordCache {
  readonly #journal: PurchaseJournal;
  readonly #entries = new Map<string, Entry>();
  #version = 0;
  /** When #version was read (performance.now()); never, at first. */
  #versionReadAt = Number.NEGATIVE_INFINITY;

  constructor(journal: PurchaseJournal) {
    this.#journal = journal;
  }

  get(id: string): PurchaseRecord | undefined {
    const entry = this.#entries.get(id);
    if (entry === undefined) return undefined;
    const version = this.#dataVersion();
    if (entry.version === version) return entry.record;
    if (this.#journal.updatedAt(id) === entry.record.updatedAt) {
      entry.version = version;
      return entry.record;
    }
    this.#entries.delete(id);
    return undefined;
  }

  /** A record as it now stands in the file (just committed, or just read). */
  put(record: PurchaseRecord): void {
    if (settledPurchaseStates.includes(record.state)) this.#entries.delete(record.id);
    else this.#entries.set(record.id, { record, version: this.#dataVersion() });
  }

  #dataVersion(): number {
    const now = performance.now();
    if (now - this.#versionReadAt < versionTrustMs) return this.#version;
    this.#version = this.#journal.dataVersion();
    this.#versionReadAt = now;
    return this.#version;
  }

  clear(): void {
    this.#entries.clear();
  }
}
