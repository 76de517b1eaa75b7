import type { DatabaseSync } from 'node:sqlite';
import { batchTableStatements } from '../journal-batch-tables.ts';
import type { JournalMigration } from './journal-migration.ts';

/** The batches and their lines (../journal-batch-tables.ts holds their one definition). */
export const batches: JournalMigration = {
  version: 5,
  name: 'batches',
  migrate(db: DatabaseSync): void {
    db.exec(batchTableStatements);
  },
};
