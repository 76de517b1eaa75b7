import type { DatabaseSync } from 'node:sqlite';
import type { JournalMigration } from './journal-migration.ts';
import { migrateStep, type JournalStep } from './journal-step.ts';

/**
 * Money promised to purchases whose intent is not in the journal yet. A budget is checked and
 * its purchase's price reserved in one write transaction; the intent follows in the journal's
 * own commit a few milliseconds later, and until then the reservation is what keeps a second
 * purchase (another batch line, another window, another process) from spending the same money.
 * The purchase's insert removes its reservation (the trigger), from then on the purchase's own
 * cost counts (0004-purchase-costs.ts); so does a purchase never sent going out again, when
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

export const purchaseReservations: JournalMigration = {
  version: 6,
  name: 'purchase reservations',
  migrate(db: DatabaseSync): void {
    migrateStep(db, reservationsStep, false);
  },
};
