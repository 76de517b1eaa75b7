import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { z } from 'zod';
import type { Money } from '../../../shared/purchase.ts';
import { migrateStep, type JournalStep } from '../purchases/journal/journal-step.ts';
import type { PeriodStarts } from './spend-tally.ts';

/**
 * Money promised to purchases whose intent is not in the journal yet. A budget is checked and
 * its purchase's price reserved in one write transaction; the intent follows in the journal's
 * own commit a few milliseconds later, and until then the reservation is what keeps a second
 * purchase (another batch line, another window, another process) from spending the same money.
 * The purchase's insert removes its reservation (the trigger), from then on the purchase's own
 * cost counts (purchase-costs-schema.ts); so does a purchase never sent going out again, when
 * its state becomes submitting.
 */
const reservationsStep: JournalStep = {
  tables: ['purchase_reservations'],
  drop: `DROP TABLE IF EXISTS purchase_reservations; DROP TRIGGER IF EXISTS purchase_reservations_taken;
    DROP TRIGGER IF EXISTS purchase_reservations_resent;`,
  create: `CREATE TABLE purchase_reservations (
  purchase_local_id TEXT PRIMARY KEY,
  environment_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  cost TEXT NOT NULL
);
CREATE TRIGGER purchase_reservations_taken AFTER INSERT ON purchases
  BEGIN DELETE FROM purchase_reservations WHERE purchase_local_id = new.id; END;
CREATE TRIGGER purchase_reservations_resent AFTER UPDATE OF state ON purchases WHEN new.state = 'submitting'
  BEGIN DELETE FROM purchase_reservations WHERE purchase_local_id = new.id; END;`,
};

/**
 * A reservation whose intent never came is dropped after this long: its process stopped between
 * the two commits, so no POST was made. Far longer than any commit takes, short enough that a
 * killed process does not hold a budget for the rest of the day.
 */
export const reservationLifetimeMs = 10 * 60 * 1000;

const reservationRowSchema = z.object({ purchase_local_id: z.string(), created_at: z.number(), cost: z.string() });
const moneyListSchema = z.array(z.object({ currency: z.string(), value: z.number() }));

export class Reservations {
  readonly #insert: StatementSync;
  readonly #open: StatementSync;
  readonly #expire: StatementSync;
  readonly #release: StatementSync;

  constructor(db: DatabaseSync) {
    migrateStep(db, reservationsStep, false);
    this.#insert = db.prepare('INSERT OR REPLACE INTO purchase_reservations (purchase_local_id, environment_id, created_at, cost) VALUES (?, ?, ?, ?)');
    this.#open = db.prepare('SELECT purchase_local_id, created_at, cost FROM purchase_reservations WHERE environment_id = ? AND created_at >= ?');
    this.#expire = db.prepare('DELETE FROM purchase_reservations WHERE created_at < ?');
    this.#release = db.prepare('DELETE FROM purchase_reservations WHERE purchase_local_id = ?');
  }

  /** Inside the caller's write transaction. */
  add(localId: string, environmentId: string, cost: readonly Money[], at: number): void {
    this.#insert.run(localId, environmentId, at, JSON.stringify(cost));
  }

  /**
   * What open reservations hold since each period's start; expired ones count for nothing, nor do
   * those of `replacing` (purchases being reserved again, whose new reservation takes their place).
   */
  held(environmentId: string, starts: PeriodStarts, now: number, replacing: ReadonlySet<string>): { day: Money[]; month: Money[] } {
    const day: Money[] = [];
    const month: Money[] = [];
    for (const row of this.#open.all(environmentId, Math.max(starts.month, now - reservationLifetimeMs))) {
      const reservation = reservationRowSchema.safeParse(row).data;
      if (reservation === undefined || replacing.has(reservation.purchase_local_id)) continue;
      const cost = moneyListSchema.safeParse(JSON.parse(reservation.cost)).data;
      if (cost === undefined) continue;
      month.push(...cost);
      if (reservation.created_at >= starts.day) day.push(...cost);
    }
    return { day, month };
  }

  expire(now: number): void {
    this.#expire.run(now - reservationLifetimeMs);
  }

  /** A purchase that will never be written (refused before its intent): its money is free again. */
  release(localId: string): void {
    this.#release.run(localId);
  }
}
