import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { afterFailedTransaction } from '../../../files/disk-full.ts';
import { purchases } from './0001-purchases.ts';
import { historySearch } from './0002-history-search.ts';
import { historySummaries } from './0003-history-summaries.ts';
import { purchaseCosts } from './0004-purchase-costs.ts';
import { batches } from './0005-batches.ts';
import { purchaseReservations } from './0006-purchase-reservations.ts';
import { teamCopiesUncounted } from './0007-team-copies-uncounted.ts';
import type { JournalMigration } from './journal-migration.ts';

/**
 * The journal's schema, as numbered migrations run in order at open, all of them in one
 * transaction with the version they reach (PRAGMA user_version), so a journal is never left
 * between two versions. A new table or column is a new file here with the next number; a
 * migration that has been released is never edited.
 */
export const journalMigrations: readonly JournalMigration[] = [purchases, historySearch, historySummaries, purchaseCosts, batches, purchaseReservations, teamCopiesUncounted];

export const journalSchemaVersion = journalMigrations.length;

/**
 * Journals written before the migrations were numbered all say schema 1, whatever steps they
 * hold: the migrations up to this one check for their tables and make only what is missing, so
 * they are run again on such a journal.
 */
const unnumberedThrough = 1;

const versionRowSchema = z.object({ user_version: z.number() });

/** Brings the journal to the newest schema of `chain` (the journal's own migrations; another list only in tests of the runner). */

export function migrateJournal(db: DatabaseSync, chain: readonly JournalMigration[] = journalMigrations): void {
  const latest = chain.at(-1)?.version ?? 0;
  const version = versionRowSchema.parse(db.prepare('PRAGMA user_version').get()).user_version;
  if (version > latest) throw new Error(`The purchase journal was written by a newer TitleDesk (schema ${String(version)}).`);
  const from = version <= unnumberedThrough ? 0 : version;
  db.exec('BEGIN IMMEDIATE');
  try {
    for (const migration of chain) if (migration.version > from) migration.migrate(db);
    // Written at every open, even unchanged: a session's first write makes the file another than
    // the one a leftover seal names (journal-seal.ts).
    db.exec(`PRAGMA user_version = ${String(latest)}`);
    db.exec('COMMIT');
  } catch (error) {
    throw afterFailedTransaction(db, error);
  }
}
