import type { DatabaseSync } from 'node:sqlite';

/** One numbered change of the journal's schema; run inside the transaction that raises the version (index.ts). */
export interface JournalMigration {
  readonly version: number;
  readonly name: string;
  migrate(db: DatabaseSync): void;
}
