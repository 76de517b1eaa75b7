import type { DatabaseSync } from 'node:sqlite';
import type { JournalMigration } from './journal-migration.ts';

// The purchases and their variables: the journal's own tables.

const createStatements = `
CREATE TABLE IF NOT EXISTS purchases (
  id TEXT PRIMARY KEY,
  environment_id TEXT NOT NULL,
  title_number TEXT,
  purchase_id TEXT,
  state TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  record TEXT NOT NULL,
  result_body TEXT
);
CREATE INDEX IF NOT EXISTS purchases_purchase_id ON purchases (purchase_id);
CREATE TABLE IF NOT EXISTS purchase_variables (
  variable TEXT NOT NULL,
  purchase_local_id TEXT NOT NULL REFERENCES purchases (id) ON DELETE CASCADE,
  PRIMARY KEY (variable, purchase_local_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS purchase_variables_local ON purchase_variables (purchase_local_id);
`;

/**
 * The history is listed newest first, ties broken by rowid, newest first too. An index in
 * ascending order read backwards gives exactly (created_at DESC, rowid DESC), since SQLite keeps
 * the rowid at the end of each entry; the first indexes were descending, which left the rowid
 * ascending and every page to a sort. They are replaced by this migration (once).
 */
const orderIndexStatements = `
DROP INDEX IF EXISTS purchases_created;
DROP INDEX IF EXISTS purchases_title;
DROP INDEX IF EXISTS purchases_state;
CREATE INDEX IF NOT EXISTS purchases_by_created ON purchases (created_at);
CREATE INDEX IF NOT EXISTS purchases_by_title ON purchases (title_number, created_at);
CREATE INDEX IF NOT EXISTS purchases_by_state ON purchases (state, created_at);
`;

export const purchases: JournalMigration = {
  version: 1,
  name: 'purchases',
  migrate(db: DatabaseSync): void {
    db.exec(createStatements);
    db.exec(orderIndexStatements);
  },
};
