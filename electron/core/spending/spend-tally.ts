import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { z } from 'zod';
import type { Money } from '../../../shared/purchase/purchase.ts';

import type { PeriodStarts } from '../stores/spending-book.ts';

export type { PeriodStarts } from '../stores/spending-book.ts';

const lastRowSchema = z.object({ last: z.number() });
const prunedRowSchema = z.object({ through: z.number() });
const sumRowSchema = z.object({ currency: z.string(), micros: z.number(), purchases: z.number() });
/** Changes kept after a prune: far more than a check falls behind by between two purchases. */
const keptChanges = 10_000;

const changeRowSchema = z.object({ created_at: z.number(), currency: z.string(), micros: z.number(), purchases: z.number() });

/** Per currency: the sum in millionths and how many purchases count towards it. */
class PeriodSum {
  readonly #byCurrency = new Map<string, { micros: number; purchases: number }>();

  add(currency: string, micros: number, purchases: number): void {
    const sum = this.#byCurrency.get(currency) ?? { micros: 0, purchases: 0 };
    this.#byCurrency.set(currency, { micros: sum.micros + micros, purchases: sum.purchases + purchases });
  }

  /** Currencies in order of first appearance; one no purchase counts towards any more is left out. */
  list(): Money[] {
    return [...this.#byCurrency].filter(([, sum]) => sum.purchases > 0).map(([currency, sum]) => ({ currency, value: sum.micros / 1_000_000 }));
  }
}

interface EnvironmentTally {
  readonly seq: number;
  readonly starts: PeriodStarts;
  readonly day: PeriodSum;
  readonly month: PeriodSum;
}

/**
 * What an environment spent today and this month, kept up to date from the journal's numbered
 * cost changes (purchases/journal/migrations/0004-purchase-costs.ts): a check reads the few changes since the
 * last one. It adds up afresh on the first check, when a day or month begins, and when the
 * changes it would need were pruned. Every process sharing the journal writes its changes there,
 * so a purchase made by the CLI counts in the app at its next check.
 */
export class SpendTally {
  readonly #db: DatabaseSync;
  readonly #tallies = new Map<string, EnvironmentTally>();
  readonly #last: StatementSync;
  readonly #pruned: StatementSync;
  readonly #sums: StatementSync;
  readonly #changes: StatementSync;
  readonly #prune: StatementSync;
  readonly #setPruned: StatementSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#last = db.prepare('SELECT coalesce(max(seq), 0) AS last FROM purchase_cost_changes');
    this.#pruned = db.prepare('SELECT through FROM purchase_cost_pruned WHERE id = 1');
    this.#sums = db.prepare(`SELECT currency, sum(micros) AS micros, count(*) AS purchases FROM purchase_costs
      WHERE environment_id = ? AND created_at >= ? GROUP BY currency ORDER BY min(created_at)`);
    this.#changes = db.prepare(`SELECT created_at, currency, micros, purchases FROM purchase_cost_changes
      WHERE seq > ? AND seq <= ? AND environment_id = ? ORDER BY seq`);
    this.#prune = db.prepare('DELETE FROM purchase_cost_changes WHERE seq <= ?');
    this.#setPruned = db.prepare('UPDATE purchase_cost_pruned SET through = ? WHERE id = 1');
  }

  spent(environmentId: string, starts: PeriodStarts): { day: Money[]; month: Money[] } {
    // One read transaction: the changes and the number they end at are of the same moment.
    this.#db.exec('BEGIN');
    try {
      return this.spentInTransaction(environmentId, starts);
    } finally {
      this.#db.exec('COMMIT');
    }
  }

  /** spent() for a caller that already holds a transaction (a reservation's write transaction). */
  spentInTransaction(environmentId: string, starts: PeriodStarts): { day: Money[]; month: Money[] } {
    const tally = this.#current(environmentId, starts);
    this.#tallies.set(environmentId, tally);
    return { day: tally.day.list(), month: tally.month.list() };
  }

  #current(environmentId: string, starts: PeriodStarts): EnvironmentTally {
    const last = lastRowSchema.parse(this.#last.get()).last;
    const through = prunedRowSchema.parse(this.#pruned.get()).through;
    const held = this.#tallies.get(environmentId);
    // Taken out while it is brought up to date: a failure halfway leaves no half-counted tally.
    this.#tallies.delete(environmentId);
    const usable = held !== undefined && held.starts.day === starts.day && held.starts.month === starts.month &&
      held.seq >= through && held.seq <= last;
    if (!usable) return { seq: last, starts, day: this.#sum(environmentId, starts.day), month: this.#sum(environmentId, starts.month) };
    if (held.seq === last) return held;
    for (const row of this.#changes.all(held.seq, last, environmentId)) {
      const change = changeRowSchema.parse(row);
      if (change.created_at >= starts.month) held.month.add(change.currency, change.micros, change.purchases);
      if (change.created_at >= starts.day) held.day.add(change.currency, change.micros, change.purchases);
    }
    return { ...held, seq: last };
  }

  #sum(environmentId: string, since: number): PeriodSum {
    const sum = new PeriodSum();
    for (const row of this.#sums.all(environmentId, since)) {
      const parsed = sumRowSchema.parse(row);
      sum.add(parsed.currency, parsed.micros, parsed.purchases);
    }
    return sum;
  }

  /** Drops old changes once there are twice `keptChanges` of them; run inside a write transaction. */
  prune(): void {
    const last = lastRowSchema.parse(this.#last.get()).last;
    const through = prunedRowSchema.parse(this.#pruned.get()).through;
    if (last - through <= 2 * keptChanges) return;
    this.#prune.run(last - keptChanges);
    this.#setPruned.run(last - keptChanges);
  }
}
