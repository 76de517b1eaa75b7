import type { PurchaseRecord } from '../../../../shared/purchase/purchase.ts';
import { resourceColumnOf } from './journal-rows.ts';
import { summaryInFlightStates } from './search/history-search-schema.ts';

const inFlightStates: readonly string[] = summaryInFlightStates;

/** The indexed columns of a purchase's row that a rewrite names only when they change (journal.ts). */
export interface RowKeys {
  readonly titleNumber: string | null;
  readonly purchaseId: string | null;
  readonly state: string;
}

export function rowKeysOf(record: PurchaseRecord): RowKeys {
  return { titleNumber: resourceColumnOf(record), purchaseId: record.purchaseId ?? null, state: record.state };
}

/**
 * What this connection last wrote to the key columns of each purchase being sent or followed,
 * so that a rewrite which changes them (a 303, a settlement) can name the changed ones without
 * reading the row first, or trying an UPDATE that leaves it alone. Only purchases in flight are
 * kept: they are the ones rewritten again and again, and their number is bounded by what is in
 * flight, not by the history. A commit by another connection (a CLI, the batch store) may have
 * changed any row: SQLite's data_version then differs and everything is forgotten. A rolled-back
 * transaction is forgotten too.
 */
export class WrittenKeys {
  readonly #keys = new Map<string, RowKeys>();
  #dataVersion: number | undefined;

  /** At the start of each write transaction, with the connection's PRAGMA data_version. */
  validate(dataVersion: number): void {
    if (dataVersion === this.#dataVersion) return;
    this.#keys.clear();
    this.#dataVersion = dataVersion;
  }

  get(id: string): RowKeys | undefined {
    return this.#keys.get(id);
  }

  /** The row of `id` now holds these keys (in the open transaction). */
  wrote(id: string, keys: RowKeys): void {
    if (inFlightStates.includes(keys.state)) this.#keys.set(id, keys);
    else this.#keys.delete(id);
  }

  /** After a rollback: what the transaction noted is not in the file. */
  clear(): void {
    this.#keys.clear();
  }
}
