import { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { moneySchema, purchaseRecordSchema, type Money, type PurchaseRecord } from '../../../shared/purchase.ts';
import { MoneyTally } from './money.ts';

const estimateRowSchema = z.object({ purchase_local_id: z.string(), cost: z.string() });
const costRowSchema = z.object({
  id: z.string(),
  state: z.string(),
  created_at: z.number(),
  totals: z.string().nullable(),
  has_result: z.number(),
});
const recordRowSchema = z.object({ record: z.string() });
const costSchema = z.array(moneySchema);

/** States whose charge is not known yet: counted at catalog price until it is. */
const unsettledStates: ReadonlySet<string> = new Set(['submitting', 'pending', 'outcome_unknown', 'cancelled']);

function parseRecord(row: unknown): PurchaseRecord | undefined {
  const parsed = recordRowSchema.safeParse(row);
  if (!parsed.success) return undefined;
  try {
    const record = purchaseRecordSchema.safeParse(JSON.parse(parsed.data.record));
    return record.success ? record.data : undefined;
  } catch {
    return undefined;
  }
}

function parseCost(text: string): Money[] {
  try {
    const parsed = costSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * Read before every purchase is made (reuse.ts). The unary `+` keeps SQLite from answering it from
 * the index on (state, created_at), which it chose without it: every available purchase of the
 * reuse window read for each new one, so making 1,000 purchases took 9.8 s in a fresh journal and
 * 51.7 s once it held 3,000. The index on (title_number, created_at) reads one title's rows.
 */
export const availableForTitleSql = `SELECT record FROM purchases WHERE environment_id = ? AND title_number = ? AND +state = 'available' AND created_at >= ?
  ORDER BY created_at DESC`;

/**
 * What purchases cost, read from the purchase journal (a second connection to the same SQLite
 * file, WAL mode) plus one table of its own: the catalog price of each purchase written before
 * it is sent, so a purchase still pending or of unknown outcome counts as spent until known.
 */
export class SpendingLedger {
  readonly #db: DatabaseSync;

  constructor(journalPath: string) {
    this.#db = new DatabaseSync(journalPath);
    this.#db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA synchronous = FULL;');
    this.#db.exec(`CREATE TABLE IF NOT EXISTS purchase_estimates (
      purchase_local_id TEXT PRIMARY KEY,
      environment_id TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      cost TEXT NOT NULL
    )`);
  }

  /** Durable before the purchase's intent is written, so no crash leaves a purchase without its price. */
  recordEstimate(localId: string, environmentId: string, cost: readonly Money[], at: number): void {
    this.recordEstimates(environmentId, [{ localId, cost }], at);
  }

  /** recordEstimate for several purchases at once (a batch's lines that start together): one commit, one fsync. */
  recordEstimates(environmentId: string, estimates: readonly { readonly localId: string; readonly cost: readonly Money[] }[], at: number): void {
    const insert = this.#db.prepare('INSERT OR REPLACE INTO purchase_estimates (purchase_local_id, environment_id, created_at, cost) VALUES (?, ?, ?, ?)');
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      for (const { localId, cost } of estimates) insert.run(localId, environmentId, at, JSON.stringify(cost));
      this.#db.exec('COMMIT');
    } catch (error) {
      this.#db.exec('ROLLBACK');
      throw error;
    }
  }

  #estimates(environmentId: string, since: number): Map<string, Money[]> {
    const rows = this.#db
      .prepare('SELECT purchase_local_id, cost FROM purchase_estimates WHERE environment_id = ? AND created_at >= ?')
      .all(environmentId, since);
    const map = new Map<string, Money[]>();
    for (const row of rows) {
      const parsed = estimateRowSchema.safeParse(row);
      if (parsed.success) map.set(parsed.data.purchase_local_id, parseCost(parsed.data.cost));
    }
    return map;
  }

  /** Purchases of an environment created at or after `since`, oldest first. */
  records(environmentId: string, since: number): PurchaseRecord[] {
    const rows = this.#db
      .prepare('SELECT record FROM purchases WHERE environment_id = ? AND created_at >= ? ORDER BY created_at ASC')
      .all(environmentId, since);
    return rows.map(parseRecord).filter((record) => record !== undefined);
  }

  spentSince(environmentId: string, since: number): Money[] {
    const tally = new MoneyTally();
    for (const entry of this.costsSince(environmentId, since)) tally.add(entry.cost);
    return tally.list();
  }

  /**
   * Every purchase since `since` with what it counts for, for budgets and per-day and per-month
   * spend. Only the state and the totals are read (json_extract), not whole records with their
   * timelines: a budget is checked before every line of a batch.
   */
  costsSince(environmentId: string, since: number): { at: number; cost: readonly Money[] }[] {
    const estimates = this.#estimates(environmentId, since);
    const rows = this.#db
      .prepare(`SELECT id, state, created_at, json_extract(record, '$.totals') AS totals,
                json_extract(record, '$.resultUrl') IS NOT NULL AS has_result
                FROM purchases WHERE environment_id = ? AND created_at >= ?`)
      .all(environmentId, since);
    const costs: { at: number; cost: readonly Money[] }[] = [];
    for (const row of rows) {
      const parsed = costRowSchema.safeParse(row);
      if (!parsed.success) continue;
      const { id, state, created_at: at, totals, has_result: hasResult } = parsed.data;
      const estimate = estimates.get(id) ?? [];
      if (state === 'available') costs.push({ at, cost: totals === null ? [] : parseCost(totals) });
      else if (unsettledStates.has(state)) costs.push({ at, cost: estimate });
      // Failed after the service gave it a result address: it may have been charged.
      else if (state === 'failed' && hasResult === 1) costs.push({ at, cost: estimate });
    }
    return costs;
  }

  /** Available purchases of a title on an environment since `since`, newest first: what reuse can draw on. */
  availableForTitle(environmentId: string, titleNumber: string, since: number): PurchaseRecord[] {
    const rows = this.#db.prepare(availableForTitleSql).all(environmentId, titleNumber, since);
    return rows.map(parseRecord).filter((record) => record !== undefined);
  }

  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }
}
