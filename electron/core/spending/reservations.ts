import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { z } from 'zod';
import type { Money } from '../../../shared/purchase/purchase.ts';
import type { PeriodStarts } from './spend-tally.ts';

/**
 * A reservation whose intent never came is dropped after this long: its process stopped between
 * the two commits, so no POST was made. Far longer than any commit takes, short enough that a
 * killed process does not hold a budget for the rest of the day.
 */
export const reservationLifetimeMs = 10 * 60 * 1000;

const reservationRowSchema = z.object({ purchase_local_id: z.string(), created_at: z.number(), cost: z.string() });
const moneyListSchema = z.array(z.object({ currency: z.string(), value: z.number() }));

/**
 * Money promised to purchases whose intent is not in the journal yet: the table and the triggers
 * that remove a reservation when its purchase's intent is written are the journal's
 * (purchases/journal/migrations/0006-purchase-reservations.ts).
 */
export class Reservations {
  readonly #insert: StatementSync;
  readonly #open: StatementSync;
  readonly #expire: StatementSync;
  readonly #release: StatementSync;

  constructor(db: DatabaseSync) {
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
