import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { z } from 'zod';
import type { Money, PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { afterFailedTransaction } from '../files/disk-full.ts';
import type { CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import { parseRecord, resourceColumn } from '../purchases/journal/journal-rows.ts';
import { sumMoney } from './money.ts';
import { Reservations } from './reservations.ts';
import type { Estimate, PeriodSpend, PeriodStarts, SpendingBook } from '../stores/spending-book.ts';
import { SpendTally } from './spend-tally.ts';

export type { Estimate, PeriodSpend } from '../stores/spending-book.ts';

const moneyListSchema = z.array(z.object({ currency: z.string(), value: z.number() }));
const costRowSchema = z.object({ created_at: z.number(), currency: z.string(), micros: z.number() });

/**
 * Read before every purchase is made (reuse.ts). The unary `+` keeps SQLite from answering it from
 * the index on (state, created_at), which it chose without it: every available purchase of the
 * reuse window was read for each new one, and purchases grew slower as the journal grew. The index
 * on (title_number, created_at) reads one title's rows
 * (docs/decisions/008-flat-cost-per-purchase.md#reuse-reads-one-title).
 */
export const availableForTitleSql = `SELECT record FROM purchases WHERE environment_id = ? AND title_number = ? AND +state = 'available' AND created_at >= ?
  ORDER BY created_at DESC`;

/**
 * What purchases cost, read from the purchase journal (a second connection to the same SQLite
 * file, WAL mode, opened after PurchaseJournal, whose migration makes the tables): the catalog
 * price of each purchase is written before it is sent, so a purchase still pending or of unknown
 * outcome counts as spent until known. What each purchase counts for is kept by triggers
 * (purchases/journal/migrations/0004-purchase-costs.ts); copies of other desks' purchases count
 * for nothing, as the team's budget counts them (0007-team-copies-uncounted.ts).
 */
export class SpendingLedger implements SpendingBook {
  readonly #db: DatabaseSync;
  readonly #tally: SpendTally;
  readonly #reservations: Reservations;
  // Compiled once: the first two run before every purchase and every batch line.
  readonly #insertEstimate: StatementSync;
  readonly #availableForTitle: StatementSync;
  readonly #costsSince: StatementSync;
  readonly #estimateOf: StatementSync;

  constructor(journalPath: string) {
    this.#db = new DatabaseSync(journalPath);
    this.#db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA synchronous = FULL;');
    this.#tally = new SpendTally(this.#db);
    this.#reservations = new Reservations(this.#db);
    this.#insertEstimate = this.#db.prepare('INSERT OR REPLACE INTO purchase_estimates (purchase_local_id, environment_id, created_at, cost) VALUES (?, ?, ?, ?)');
    this.#availableForTitle = this.#db.prepare(availableForTitleSql);
    this.#estimateOf = this.#db.prepare('SELECT cost FROM purchase_estimates WHERE purchase_local_id = ?');
    this.#costsSince = this.#db.prepare('SELECT created_at, currency, micros FROM purchase_costs WHERE environment_id = ? AND created_at >= ? ORDER BY created_at');
  }

  /**
   * An estimate written with no budget check and no reservation: the pricing of a purchase that
   * already exists (the tests and the bench). A purchase about to be made goes through reserve().
   */
  recordEstimate(localId: string, environmentId: string, cost: readonly Money[], at: number): void {
    this.recordEstimates(environmentId, [{ localId, cost }], at);
  }

  /** recordEstimate for several purchases at once (a batch's lines that start together): one commit, one fsync. */
  recordEstimates(environmentId: string, estimates: readonly { readonly localId: string; readonly cost: readonly Money[] }[], at: number): void {
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      for (const { localId, cost } of estimates) this.#insertEstimate.run(localId, environmentId, at, JSON.stringify(cost));
      this.#tally.prune();
      this.#db.exec('COMMIT');
    } catch (error) {
      throw afterFailedTransaction(this.#db, error);
    }
  }

  /**
   * The budget check and the commitment it allows, as one: in one write transaction (which no
   * other connection to the journal, in any process, can interleave with), `choose` can read what
   * is spent and reserved now and says how many of `estimates`, in order, fit; those are written
   * as estimates and reservations before the transaction ends. Returns how many were taken.
   */
  reserve(environmentId: string, estimates: readonly Estimate[], starts: PeriodStarts, at: number, choose: (spent: () => PeriodSpend) => number): number {
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      this.#reservations.expire(at);
      const replacing = new Set(estimates.map((estimate) => estimate.localId));
      const taken = Math.max(0, Math.min(estimates.length, choose(() => this.#spentNow(environmentId, starts, at, replacing))));
      for (const { localId, cost } of estimates.slice(0, taken)) {
        this.#insertEstimate.run(localId, environmentId, at, JSON.stringify(cost));
        this.#reservations.add(localId, environmentId, cost, at);
      }
      this.#tally.prune();
      this.#db.exec('COMMIT');
      return taken;
    } catch (error) {
      throw afterFailedTransaction(this.#db, error);
    }
  }

  /** The catalog price written for a purchase before it was first sent, if any. */
  estimateOf(localId: string): Money[] | undefined {
    const row = this.#estimateOf.get(localId);
    const parsed = z.object({ cost: z.string() }).safeParse(row);
    if (!parsed.success) return undefined;
    try {
      return moneyListSchema.safeParse(JSON.parse(parsed.data.cost)).data;
    } catch {
      return undefined;
    }
  }

  /** A reserved purchase that will never be written (refused before its intent): its money is free again. */
  release(localId: string): void {
    this.#reservations.release(localId);
  }

  /** What counts as spent since local midnight and since the first of the month, per currency: purchases and open reservations. */
  spent(environmentId: string, starts: PeriodStarts, now = Date.now()): { day: Money[]; month: Money[] } {
    this.#db.exec('BEGIN');
    try {
      return this.#spentNow(environmentId, starts, now, new Set());
    } finally {
      this.#db.exec('COMMIT');
    }
  }

  #spentNow(environmentId: string, starts: PeriodStarts, now: number, replacing: ReadonlySet<string>): { day: Money[]; month: Money[] } {
    const spent = this.#tally.spentInTransaction(environmentId, starts);
    const held = this.#reservations.held(environmentId, starts, now, replacing);
    if (held.month.length === 0) return spent;
    return { day: sumMoney(spent.day, held.day), month: sumMoney(spent.month, held.month) };
  }

  /** What each purchase since `since` counts for, one entry per purchase and currency: spend per day and per month. */
  costsSince(environmentId: string, since: number): { at: number; cost: Money }[] {
    return this.#costsSince
      .all(environmentId, since)
      .flatMap((row) => {
        const parsed = costRowSchema.safeParse(row);
        return parsed.success ? [{ at: parsed.data.created_at, cost: { currency: parsed.data.currency, value: parsed.data.micros / 1_000_000 } }] : [];
      });
  }

  /**
   * Available purchases from one resource's catalog on an environment since `since`, newest
   * first: what reuse can draw on. A title's never count for an address's, nor the reverse.
   */
  availableFor(environmentId: string, resource: CatalogResource, since: number): PurchaseRecord[] {
    const rows = this.#availableForTitle.all(environmentId, resourceColumn(resource), since);
    return rows.map(parseRecord).filter((record) => record !== undefined);
  }

  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }
}
